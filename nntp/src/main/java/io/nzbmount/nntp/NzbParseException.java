package io.nzbmount.nntp;

import java.io.IOException;

/**
 * An NZB document that cannot be used: not XML, not an NZB, unsafe (a DTD) or with a value that
 * makes no sense. The message reads {@code "line L, column C: what is wrong"}.
 *
 * <p>The position is where the XML parser stood when the problem was found: for a problem with an
 * element (a {@code <segment>} without a message id) that is just after the element's start tag;
 * for a problem with the whole document (no files) it is the end of the root element. Lines and
 * columns start at 1.
 */
public final class NzbParseException extends IOException {

    private final int line;
    private final int column;
    private final String problem;

    public NzbParseException(int line, int column, String problem) {
        super("line " + line + ", column " + column + ": " + problem);
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    /** The 1-based line of the problem. */
    public int line() {
        return line;
    }

    /** The 1-based column of the problem. */
    public int column() {
        return column;
    }

    /** What is wrong, without the position. */
    public String problem() {
        return problem;
    }
}
