package io.nzbmount.server.cli;

import io.nzbmount.nntp.Nzb;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.Usenet;
import java.io.PrintStream;

/**
 * {@code nzbmount check}: asks the providers about every article (STAT) and reports how many are
 * missing per file and in total.
 */
final class CheckCommand {
    private final Usenet usenet;
    private final PrintStream out;

    CheckCommand(Usenet usenet, PrintStream out) {
        this.usenet = usenet;
        this.out = out;
    }

    /**
     * @return 0 when every article is present; 1 when any is missing, or could not be asked
     *     about (then completeness is unknown)
     */
    int run(Nzb nzb) throws java.io.IOException {
        int articles = 0;
        int missing = 0;
        int unknown = 0;
        for (NzbFile file : nzb.files()) {
            Usenet.FileCheck check = usenet.check(file);
            articles += check.total();
            missing += check.missing();
            unknown += check.unknown();
            out.println(file.name() + ": " + check.missing() + " of " + check.total() + " articles missing"
                    + (check.unknown() == 0 ? "" : ", " + check.unknown() + " could not be checked"));
        }
        out.println("total: " + missing + " of " + articles + " articles missing"
                + (unknown == 0 ? "" : ", " + unknown + " could not be checked"));
        return missing == 0 && unknown == 0 ? 0 : 1;
    }
}
