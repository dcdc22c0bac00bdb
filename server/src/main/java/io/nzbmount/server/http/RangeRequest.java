package io.nzbmount.server.http;

import java.util.List;

/**
 * What a GET has to send after its {@code Range} (and {@code If-Range}) header has been judged
 * against a representation of known length.
 */
public sealed interface RangeRequest {

    /** Send the whole representation with 200: no Range, a malformed one, or a failed If-Range. */
    record Whole() implements RangeRequest {}

    /** No range of the set overlaps the representation: 416 with {@code Content-Range: bytes *}{@code /len}. */
    record Unsatisfiable() implements RangeRequest {}

    /**
     * Send these ranges with 206, in the order the client asked for them: one range as a plain
     * body, more as {@code multipart/byteranges}.
     */
    record Partial(List<ByteRange> ranges) implements RangeRequest {
        public Partial {
            if (ranges.isEmpty()) {
                throw new IllegalArgumentException("a partial answer needs at least one range");
            }
            ranges = List.copyOf(ranges);
        }
    }
}
