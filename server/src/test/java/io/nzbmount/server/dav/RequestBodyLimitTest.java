package io.nzbmount.server.dav;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.http.WebServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A request body a method has no use for at that size is refused with a 413 before anyone reads
 * it: PROPFIND bodies are a few hundred bytes, so a megabyte of XML is an attack on the parser.
 */
class RequestBodyLimitTest {

    private static WebServer server;

    @BeforeAll
    static void start() throws Exception {
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(TestFiles.library(), null))
                .port(0)
                .build();
        server.start();
    }

    @AfterAll
    static void stop() throws Exception {
        server.stop();
    }

    @Test
    void aPropfindBodyOverTheLimitIs413WithAJsonError() throws Exception {
        try (RawHttp http = new RawHttp(server.port())) {
            // Only the headers are sent: the answer must not wait for the 10 MB announced.
            RawHttp.Head head = http.send(
                            "PROPFIND",
                            "/dav/",
                            "Depth: 1",
                            "Content-Type: application/xml",
                            "Content-Length: 10485760")
                    .readHead();
            String body = new String(http.readBody(head.contentLength()), UTF_8);
            assertEquals(413, head.status(), body);
            assertTrue(head.get("Content-Type").startsWith("application/json"), head.toString());
            assertTrue(body.contains("at most 64 KiB"), body);
        }
    }

    @Test
    void aChunkedPropfindBodyOverTheLimitIs413() throws Exception {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?><D:propfind xmlns:D=\"DAV:\"><D:prop>");
        while (xml.length() < 200_000) xml.append("<D:displayname/>");
        xml.append("</D:prop></D:propfind>");
        try (HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            // A publisher without a length: the body goes chunked, with no Content-Length to judge by.
            HttpRequest request = HttpRequest.newBuilder(server.uri().resolve("/dav/"))
                    .header("Depth", "1")
                    .method(
                            "PROPFIND",
                            HttpRequest.BodyPublishers.fromPublisher(
                                    HttpRequest.BodyPublishers.ofString(xml.toString())))
                    .build();
            HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
            assertEquals(413, r.statusCode(), r.body());
            assertTrue(r.body().contains("at most 64 KiB"), r.body());
        }
    }

    @Test
    void theRefusalOfAChunkedBodyStillArrivingReachesTheClient() throws Exception {
        byte[] piece = "x".repeat(100_000).getBytes(UTF_8);
        try (RawHttp http = new RawHttp(server.port())) {
            // The server has its 64 KiB after the first chunk; the rest comes after it could have
            // answered and closed, which would reset the connection under the client's read.
            http.send("PROPFIND", "/dav/", "Depth: 1", "Content-Type: application/xml", "Transfer-Encoding: chunked");
            http.chunk(piece);
            Thread.sleep(300);
            http.chunk(piece).chunk(new byte[0]);
            RawHttp.Head head = http.readHead();
            String body = new String(http.readBody(head.contentLength()), UTF_8);
            assertEquals(413, head.status(), body);
            assertTrue(body.contains("at most 64 KiB"), body);
        }
    }

    @Test
    void theRefusalOfADeclaredBodyStillArrivingReachesTheClient() throws Exception {
        byte[] half = "x".repeat(100_000).getBytes(UTF_8);
        try (RawHttp http = new RawHttp(server.port())) {
            http.send("PROPFIND", "/dav/", "Depth: 1", "Content-Type: application/xml", "Content-Length: 200000");
            http.write(half);
            Thread.sleep(300);
            http.write(half);
            RawHttp.Head head = http.readHead();
            String body = new String(http.readBody(head.contentLength()), UTF_8);
            assertEquals(413, head.status(), body);
            assertTrue(body.contains("at most 64 KiB"), body);
        }
    }

    @Test
    void anOrdinaryPropfindIsStillAnswered() throws Exception {
        PropfindTest.propfind(server.port(), "/dav/library/", "1");
    }
}
