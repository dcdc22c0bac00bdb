package io.nzbmount.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.http.RequestBodies;
import java.io.IOException;
import org.eclipse.jetty.server.Request;

/** Reads a request body that must be one JSON object of bounded size. Stateless; thread-safe. */
final class JsonBody {
    private JsonBody() {}

    /**
     * The body as a JSON object.
     *
     * @throws ApiException 400 when it cannot be read, is not JSON or not an object; 413 when it
     *     is longer than {@code maxBytes}
     */
    static JsonNode object(Request request, int maxBytes) {
        byte[] bytes;
        try {
            bytes = RequestBodies.readAtMost(request, maxBytes)
                    .orElseThrow(() -> ApiException.tooLarge("the body may be at most " + maxBytes + " bytes"));
        } catch (IOException e) {
            throw ApiException.badRequest("the body could not be read: " + e.getMessage());
        }
        try {
            JsonNode node = ApiJson.MAPPER.readTree(bytes);
            if (node == null || !node.isObject()) throw ApiException.badRequest("the body must be a JSON object");
            return node;
        } catch (IOException e) {
            throw ApiException.badRequest("the body is not JSON: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
