package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.library.DavPaths;
import io.nzbmount.server.library.naming.ItemNames;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;

/**
 * Asks everything a player and the web UI ask about one path of an item (GET, a seek, HEAD,
 * PROPFIND of its folder, the item's view, its coverage) and checks that the path still names
 * the item's file with the original bytes.
 */
final class PathProbe {
    private PathProbe() {}

    /**
     * @param other a name the path must not have taken (a standby's own file name)
     * @param seek  where a ranged GET starts
     */
    static void assertStable(
            CutoverRig rig, long item, String folder, String file, String other, byte[] original, long seek)
            throws Exception {
        folder = ItemNames.folder(folder).orElseThrow();
        URI uri = rig.dav(folder, file);
        CutoverRig.Raw whole = rawGet(uri);
        whole.assertOne200(original.length);
        assertArrayEquals(sha256(original), sha256(whole.body()), "the next play of " + uri);
        assertSeek(rig, folder, file, original, seek);
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<Void> head = http.send(
                    HttpRequest.newBuilder(uri)
                            .method("HEAD", HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            assertEquals(200, head.statusCode());
            assertEquals(
                    String.valueOf(original.length),
                    head.headers().firstValue("Content-Length").orElse(""));
            String gone = rawGet(rig.dav(folder, other)).headers();
            assertTrue(gone.startsWith("HTTP/1.1 404"), "a standby's own name is no path of the item: " + gone);

            HttpResponse<String> listing = http.send(
                    HttpRequest.newBuilder(rig.app.uri().resolve(DavPaths.folder(folder)))
                            .header("Depth", "1")
                            .method("PROPFIND", HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(207, listing.statusCode(), listing.body());
            assertTrue(listing.body().contains(DavPaths.file(folder, file)), listing.body());
            assertFalse(listing.body().contains(DavPaths.encodeSegment(other)), listing.body());

            JsonNode files = rig.item(item).get("files");
            assertEquals(1, files.size(), files.toString());
            assertEquals(file, files.get(0).get("name").asText());
            assertEquals(DavPaths.file(folder, file), files.get(0).get("path").asText());
            assertEquals(original.length, files.get(0).get("size").asLong());
            HttpResponse<String> coverage = http.send(
                    HttpRequest.newBuilder(rig.app.uri().resolve("/api/items/" + item + "/coverage"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, coverage.statusCode(), coverage.body());
            assertEquals(
                    file,
                    CutoverRig.JSON
                            .readTree(coverage.body())
                            .get("files")
                            .get(0)
                            .get("name")
                            .asText());
        }
    }

    /** A seek: the rest of the file from {@code offset}, in a 206 with the original bytes. */
    static void assertSeek(CutoverRig rig, String folder, String file, byte[] original, long offset) throws Exception {
        CutoverRig.Raw seek = rawGet(rig.dav(folder, file), "bytes=" + offset + "-");
        assertTrue(seek.headers().startsWith("HTTP/1.1 206"), seek.headers());
        assertArrayEquals(
                sha256(Arrays.copyOfRange(original, (int) offset, original.length)),
                sha256(seek.body()),
                "the bytes from " + offset);
    }
}
