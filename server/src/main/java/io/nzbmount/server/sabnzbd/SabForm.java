package io.nzbmount.server.sabnzbd;

import io.nzbmount.server.library.importing.LibraryImporter;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.MultiPart;
import org.eclipse.jetty.http.MultiPartConfig;
import org.eclipse.jetty.http.MultiPartFormData;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Fields;

/**
 * Reads an API call from a Jetty request: the query, and for a {@code multipart/form-data} POST
 * its fields and the NZB file (part {@code name} or {@code nzbfile}, else the first part with a
 * file name). SABnzbd clients put the parameters in the query (Sonarr) or in the form (others).
 */
final class SabForm {

    private static final int MULTIPART_OVERHEAD = 64 * 1024;
    private static final int MAX_FIELD = 64 * 1024;

    private SabForm() {}

    /** The query parameters alone (the first value of each). */
    static Map<String, String> query(Request request) throws SabException {
        Fields fields;
        try {
            fields = Request.extractQueryParameters(request, StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            throw new SabException("the query cannot be read: " + rootMessage(e));
        }
        Map<String, String> params = new HashMap<>();
        for (Fields.Field f : fields) params.putIfAbsent(f.getName(), f.getValue());
        return params;
    }

    /** Whether the request carries a multipart form to read. */
    static boolean isMultipart(Request request) {
        String type = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        return type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/form-data");
    }

    /**
     * The call of a logged-in request: the query, plus the form's fields and file when it is a
     * multipart POST, read from {@code body} (the request's body, of which {@link FormKey} may have
     * read the start) or, when null, from the request. {@code base} starts the {@code .strm} URLs.
     */
    static SabRequest read(Request request, Map<String, String> query, InputStream body, URI base) throws SabException {
        Map<String, String> params = new HashMap<>(query);
        Optional<SabRequest.Upload> upload = Optional.empty();
        if (isMultipart(request)) {
            Content.Source source = body == null ? request : Content.Source.from(body);
            upload = multipart(request, source, params);
        }
        return new SabRequest(params, upload, base);
    }

    /** The call of a request that is not logged in: the query alone, its body left unread. */
    static SabRequest queryOnly(Map<String, String> query, URI base) {
        return new SabRequest(new HashMap<>(query), Optional.empty(), base);
    }

    private static Optional<SabRequest.Upload> multipart(
            Request request, Content.Source source, Map<String, String> params) throws SabException {
        int max = LibraryImporter.MAX_NZB_BYTES;
        MultiPartConfig config = new MultiPartConfig.Builder()
                .maxParts(32)
                .maxSize(max + MULTIPART_OVERHEAD)
                .maxPartSize(max)
                .maxMemoryPartSize(max)
                .build();
        MultiPartFormData.Parts parts;
        try {
            parts = MultiPartFormData.getParts(
                    source, request, request.getHeaders().get(HttpHeader.CONTENT_TYPE), config);
        } catch (RuntimeException e) {
            throw new SabException("the multipart/form-data upload cannot be read: " + rootMessage(e));
        }
        try (parts) {
            MultiPart.Part file = null;
            for (MultiPart.Part p : parts) {
                String field = p.getName() == null ? "" : p.getName();
                boolean named = field.equals("name") || field.equals("nzbfile");
                if (p.getFileName() != null && (file == null || named && !isNamed(file))) {
                    file = p;
                } else if (p.getFileName() == null && p.getLength() <= MAX_FIELD) {
                    params.putIfAbsent(field, p.getContentAsString(StandardCharsets.UTF_8));
                }
            }
            if (file == null) return Optional.empty();
            try (InputStream in = Content.Source.asInputStream(file.createContentSource())) {
                byte[] bytes = in.readNBytes(max + 1);
                if (bytes.length > max) throw new SabException("the NZB is too large: at most " + max + " bytes");
                return Optional.of(new SabRequest.Upload(file.getFileName(), bytes));
            }
        } catch (IOException | RuntimeException e) {
            throw new SabException("the uploaded file could not be read: " + rootMessage(e));
        }
    }

    private static boolean isNamed(MultiPart.Part p) {
        return "name".equals(p.getName()) || "nzbfile".equals(p.getName());
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null) root = root.getCause();
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
