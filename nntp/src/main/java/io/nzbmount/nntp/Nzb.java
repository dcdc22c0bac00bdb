package io.nzbmount.nntp;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed NZB document. Immutable.
 *
 * @param files the files in document order
 * @param meta  the {@code <meta type="...">} values of the head, keyed by type (lower case)
 */
public record Nzb(List<NzbFile> files, Map<String, List<String>> meta) {
    public Nzb {
        files = List.copyOf(files);
        meta = Map.copyOf(meta);
    }

    public Optional<String> title() {
        return firstMeta("title");
    }

    public Optional<String> password() {
        return firstMeta("password");
    }

    public Optional<String> category() {
        return firstMeta("category");
    }

    private Optional<String> firstMeta(String type) {
        List<String> values = meta.get(type);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }
}
