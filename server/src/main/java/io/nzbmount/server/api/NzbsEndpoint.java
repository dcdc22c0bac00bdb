package io.nzbmount.server.api;

import io.nzbmount.server.library.importing.ImportException;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.StoreException;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.server.Request;

/**
 * {@code POST /api/nzbs}: imports an NZB sent as the raw body (any content type) or as the file
 * field of a {@code multipart/form-data} browser upload. {@code ?name=} names the item when the
 * NZB has no title; {@code ?item=ID&role=standby} adds the NZB as a standby source of item ID;
 * {@code ?link=} records the indexer download link; {@code ?password=} opens its encrypted archives
 * (stored with the source, never logged or returned). 201 with the item when something was stored,
 * 200 with the item when the NZB was already there. Thread-safe.
 */
final class NzbsEndpoint {

    private final LibraryImporter importer;

    NzbsEndpoint(LibraryImporter importer) {
        this.importer = importer;
    }

    Reply post(Request request, Query query) throws StoreException {
        if (!request.getMethod().equals("POST")) throw ApiException.methodNotAllowed(request.getMethod(), "POST");
        Optional<Long> item = query.number("item", 1);
        Optional<String> role = query.text("role");
        if (role.isPresent() && !role.get().equals("standby")) {
            throw ApiException.badRequest(
                    "role must be 'standby' (a new item's NZB is its primary), not '" + role.get() + "'");
        }
        if (item.isPresent() != role.isPresent()) {
            throw ApiException.badRequest("item=ID and role=standby go together: they add a standby source to item ID");
        }
        Optional<String> link = query.text("link");
        if (link.isPresent() && !link.get().startsWith("http://") && !link.get().startsWith("https://")) {
            throw ApiException.badRequest("link must be an http:// or https:// URL");
        }
        Optional<String> password = query.text("password");
        Upload upload = Upload.read(request);
        Optional<String> name = query.text("name").or(upload::fieldName).or(upload::fileName);
        ImportResult result;
        try {
            result = item.isPresent()
                    ? importer.addStandby(item.get(), upload.nzb(), link, Optional.empty(), password)
                    : importer.importNzb(upload.nzb(), name, link, password);
        } catch (ImportException e) {
            throw ApiException.of(e.reason().httpStatus(), e.getMessage());
        }
        return Reply.json(
                result.created() ? 201 : 200,
                ApiJson.item(result.item()),
                Map.of("Location", "/api/items/" + result.item().item().id()));
    }
}
