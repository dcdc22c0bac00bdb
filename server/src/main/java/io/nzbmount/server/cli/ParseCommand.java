package io.nzbmount.server.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.release.ReleaseInfo;
import io.nzbmount.server.release.ReleaseJson;
import io.nzbmount.server.release.ReleaseName;
import io.nzbmount.server.standby.Tiering;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * {@code nzbmount parse [NAME...]}: one JSON object per release name, from the arguments or one
 * name per line of standard input. {@code nzbmount parse --same}: lines {@code A<TAB>B} in, one
 * {@code {"a", "b", "same", "tier"}} object out per line. Blank lines are skipped; a line that is
 * not two names separated by one tab ends the command with a {@link UsageException} naming the
 * line, after the lines before it were answered. Not thread-safe; one run per instance.
 */
final class ParseCommand {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final InputStream in;
    private final PrintStream out;

    ParseCommand(InputStream in, PrintStream out) {
        this.in = in;
        this.out = out;
    }

    /** @return 0 */
    int run(List<String> names, boolean same) throws UsageException, IOException {
        if (same) {
            if (!names.isEmpty()) {
                throw new UsageException(
                        "parse --same reads lines 'A<TAB>B' from standard input, not names as arguments");
            }
            return pairs();
        }
        for (String name : names) {
            if (name.isBlank()) {
                throw new UsageException("parse: a name is empty");
            }
            print(ReleaseJson.withName(ReleaseName.parse(name)));
        }
        if (names.isEmpty()) {
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = reader.readLine()) != null; ) {
                if (!line.isBlank()) {
                    print(ReleaseJson.withName(ReleaseName.parse(line.strip())));
                }
            }
        }
        return 0;
    }

    private int pairs() throws UsageException, IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        int number = 0;
        for (String line; (line = reader.readLine()) != null; ) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            String[] names = line.split("\t", -1);
            if (names.length != 2 || names[0].isBlank() || names[1].isBlank()) {
                throw new UsageException("parse --same: line " + number + ": expected two names separated by one tab");
            }
            ReleaseInfo a = ReleaseName.parse(names[0].strip());
            ReleaseInfo b = ReleaseName.parse(names[1].strip());
            // Names only: sizes are unknown, so tier 0 (which needs sizes within 3%) is never given here.
            OptionalInt tier = Tiering.tier(a, 0, b, 0);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("a", ReleaseJson.withName(a));
            m.put("b", ReleaseJson.withName(b));
            m.put("same", Tiering.sameContent(a, b));
            m.put("tier", tier.isPresent() ? tier.getAsInt() : null);
            print(m);
        }
        return 0;
    }

    private void print(Map<String, Object> object) {
        try {
            out.println(JSON.writeValueAsString(object));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
