package io.nzbmount.server.sabnzbd;

import java.net.URI;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One API call: its parameters (query and form fields together; the query wins) and the NZB file
 * an {@code addfile} carried.
 *
 * @param params  parameter names to values (the first value of each)
 * @param upload  the uploaded NZB, when the request had one
 * @param baseUri the scheme, host and port of this server as configured ({@code downloads.publicUrl},
 *                else the bind address and port), ending in '/': what
 *                a {@code .strm} file's URL starts with
 */
public record SabRequest(Map<String, String> params, Optional<Upload> upload, URI baseUri) {

    /** An uploaded file: its name as sent, and its bytes. */
    public record Upload(String fileName, byte[] bytes) {
        public Upload {
            Objects.requireNonNull(fileName, "fileName");
            Objects.requireNonNull(bytes, "bytes");
        }
    }

    public SabRequest {
        params = Map.copyOf(params);
        Objects.requireNonNull(upload, "upload");
        Objects.requireNonNull(baseUri, "baseUri");
    }

    /** The parameter, stripped; empty when absent or blank. */
    public Optional<String> param(String name) {
        return Optional.ofNullable(params.get(name)).map(String::strip).filter(s -> !s.isEmpty());
    }

    /** A list of nzo_ids ({@code nzo_ids=ID[,ID]}): the jobs asked for; empty when the parameter is absent. */
    public Optional<Set<String>> ids(String name) {
        return param(name).map(raw -> {
            Set<String> ids = new HashSet<>();
            for (String id : raw.split(",")) {
                if (!id.isBlank()) ids.add(id.strip());
            }
            return Set.copyOf(ids);
        });
    }

    /** A whole-number parameter, {@code fallback} when absent. */
    public long number(String name, long fallback) throws SabException {
        Optional<String> raw = param(name);
        if (raw.isEmpty()) return fallback;
        try {
            return Long.parseLong(raw.get());
        } catch (NumberFormatException e) {
            throw new SabException(name + " must be a whole number, got '" + shorten(raw.get()) + "'");
        }
    }

    /** A 0/1 flag, false when absent. */
    public boolean flag(String name) throws SabException {
        long v = number(name, 0);
        if (v != 0 && v != 1) throw new SabException(name + " must be 0 or 1, got " + v);
        return v == 1;
    }

    static String shorten(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }
}
