package io.nzbmount.server.api;

import io.nzbmount.server.http.RequestBodies;
import io.nzbmount.server.library.importing.LibraryImporter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.MultiPart;
import org.eclipse.jetty.http.MultiPartConfig;
import org.eclipse.jetty.http.MultiPartFormData;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;

/**
 * The NZB of a request body: the raw body, or the file part of a {@code multipart/form-data}
 * upload (the field named "file", else the first part with a file name). Bodies are held in memory
 * and capped at {@link LibraryImporter#MAX_NZB_BYTES}; larger ones are refused with 413 before
 * more than the cap is read.
 *
 * @param nzb       the NZB bytes
 * @param fileName  the uploaded file's name (multipart only)
 * @param fieldName the "name" form field (multipart only)
 */
record Upload(byte[] nzb, Optional<String> fileName, Optional<String> fieldName) {

    private static final int MAX = LibraryImporter.MAX_NZB_BYTES;
    /** Room for the multipart framing around the largest NZB. */
    private static final int MULTIPART_OVERHEAD = 64 * 1024;

    static Upload read(Request request) {
        String type = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        boolean multipart = type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/form-data");
        if (RequestBodies.declaredOver(request, MAX + (multipart ? MULTIPART_OVERHEAD : 0))) throw tooLarge();
        Upload upload = multipart ? multipart(request, type) : raw(request);
        if (upload.nzb().length == 0) {
            throw ApiException.badRequest("the request has no NZB: send the NZB XML as the body, or upload it as the"
                    + " 'file' field of a multipart/form-data form");
        }
        if (upload.nzb().length > MAX) throw tooLarge();
        return upload;
    }

    private static Upload raw(Request request) {
        try {
            return new Upload(
                    RequestBodies.readAtMost(request, MAX).orElseThrow(Upload::tooLarge),
                    Optional.empty(),
                    Optional.empty());
        } catch (IOException e) {
            throw ApiException.badRequest("the request body could not be read: " + e.getMessage());
        }
    }

    private static Upload multipart(Request request, String type) {
        MultiPartConfig config = new MultiPartConfig.Builder()
                .maxParts(8)
                .maxSize(MAX + MULTIPART_OVERHEAD)
                .maxPartSize(MAX)
                .maxMemoryPartSize(MAX)
                .build();
        MultiPartFormData.Parts parts;
        try {
            parts = MultiPartFormData.getParts(request, request, type, config);
        } catch (RuntimeException e) {
            if (cause(e, HttpException.class).filter(h -> h.getCode() == 413).isPresent()) throw tooLarge();
            throw ApiException.badRequest("the multipart/form-data upload cannot be read: " + rootMessage(e));
        }
        try (parts) {
            MultiPart.Part file = parts.getFirst("file");
            if (file == null) {
                for (MultiPart.Part p : parts) {
                    if (p.getFileName() != null) {
                        file = p;
                        break;
                    }
                }
            }
            if (file == null) {
                throw ApiException.badRequest(
                        "the multipart/form-data upload has no file: put the NZB in a field named 'file'");
            }
            MultiPart.Part nameField = parts.getFirst("name");
            Optional<String> name = nameField == null
                    ? Optional.empty()
                    : Optional.of(nameField.getContentAsString(StandardCharsets.UTF_8))
                            .filter(s -> !s.isBlank());
            try (InputStream in = Content.Source.asInputStream(file.createContentSource())) {
                return new Upload(in.readNBytes(MAX + 1), Optional.ofNullable(file.getFileName()), name);
            }
        } catch (IOException e) {
            throw ApiException.badRequest("the uploaded file could not be read: " + e.getMessage());
        }
    }

    private static ApiException tooLarge() {
        return ApiException.tooLarge("the NZB is too large: at most " + MAX + " bytes (64 MiB) are accepted");
    }

    private static <T> Optional<T> cause(Throwable t, Class<T> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) return Optional.of(type.cast(c));
        }
        return Optional.empty();
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null) root = root.getCause();
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
