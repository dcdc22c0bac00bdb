package io.nzbmount.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.Credentials;
import io.nzbmount.server.dav.DavHandlers;
import io.nzbmount.server.dav.Library;
import io.nzbmount.server.dav.LibraryNode;
import io.nzbmount.server.dav.NzbRejectedException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The server object: auth, bind safety, mounted routes, uploads, threads. */
class WebServerTest {

    private static final Library EMPTY = segments -> Optional.<LibraryNode>empty();
    private static final Credentials CREDENTIALS = new Credentials("kodi", "s3cret:with colon");

    private final HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private WebServer server;

    @AfterEach
    void stop() throws Exception {
        client.close();
        if (server != null) {
            server.stop();
        }
    }

    private HttpResponse<String> send(String method, String path, byte[] body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(server.uri().resolve(path))
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private void startWithAuth() throws Exception {
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(EMPTY, null))
                .port(0)
                .credentials(CREDENTIALS)
                .route("/api/*", new TextHandler("api"))
                .route("/", new TextHandler("ui"))
                .build();
        server.start();
    }

    @Test
    void withCredentialsEveryPathWithoutThemIs401WithAChallenge() throws Exception {
        startWithAuth();
        for (String path : List.of("/dav/", "/dav/library/", "/api/items", "/", "/index.html")) {
            for (String method : List.of("GET", "PROPFIND", "OPTIONS")) {
                HttpResponse<String> response = send(method, path, null);
                assertEquals(401, response.statusCode(), method + " " + path);
                assertEquals(
                        "Basic realm=\"NZBMount\", charset=\"UTF-8\"",
                        response.headers().firstValue("WWW-Authenticate").orElse(null));
                assertEquals("{\"error\": \"authentication required\"}\n", response.body());
            }
        }
    }

    @Test
    void wrongOrMalformedCredentialsAre401() throws Exception {
        startWithAuth();
        for (String authorization : List.of(
                basic("kodi", "wrong"),
                basic("other", CREDENTIALS.password()),
                basic("kodi", CREDENTIALS.password() + "x"),
                "Basic !!!notbase64",
                "Bearer abc",
                "Basic ")) {
            assertEquals(
                    401,
                    send("GET", "/dav/", null, "Authorization", authorization).statusCode(),
                    authorization);
        }
    }

    @Test
    void rightCredentialsReachDavApiAndUi() throws Exception {
        startWithAuth();
        String authorization = basic(CREDENTIALS.username(), CREDENTIALS.password());
        assertEquals(
                207,
                send("PROPFIND", "/dav/", null, "Authorization", authorization, "Depth", "0")
                        .statusCode());
        HttpResponse<String> api = send("GET", "/api/items", null, "Authorization", authorization);
        assertEquals(200, api.statusCode());
        assertEquals("api /api/items", api.body());
        assertEquals(
                "ui /", send("GET", "/", null, "Authorization", authorization).body());
        assertEquals(
                "ui /index.html",
                send("GET", "/index.html", null, "Authorization", authorization).body());
    }

    @Test
    void credentialsAreNeverShownByToString() {
        assertTrue(!CREDENTIALS.toString().contains(CREDENTIALS.password()));
    }

    @Test
    void nonLoopbackBindWithoutCredentialsIsRefused() {
        for (String bind : List.of("0.0.0.0", "::", "192.0.2.10", "no-such-host.invalid")) {
            UnsafeBindException refused = assertThrows(
                    UnsafeBindException.class,
                    () -> WebServer.builder()
                            .route(DavHandlers.PATH_SPEC, DavHandlers.of(EMPTY, null))
                            .bind(bind)
                            .port(0)
                            .build(),
                    bind);
            assertTrue(
                    refused.getMessage().contains(bind) && refused.getMessage().contains("auth"), refused.getMessage());
        }
    }

    @Test
    void nonLoopbackBindWithCredentialsAndLoopbackWithoutAreAccepted() {
        WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(EMPTY, null))
                .bind("0.0.0.0")
                .credentials(CREDENTIALS)
                .build();
        WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(EMPTY, null))
                .bind("127.0.0.1")
                .build();
        WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(EMPTY, null))
                .bind("::1")
                .build();
        WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(EMPTY, null))
                .bind("localhost")
                .build();
    }

    @Test
    void unmappedPathIsAJson404() throws Exception {
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(EMPTY, null))
                .port(0)
                .build();
        server.start();
        HttpResponse<String> response = send("GET", "/nothing/here", null);
        assertEquals(404, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        assertTrue(response.body().startsWith("{\"error\": "), response.body());
    }

    @Test
    void mountedHandlersRunOnVirtualThreadsAndTheirProblemsBecomeJson() throws Exception {
        AtomicBoolean virtual = new AtomicBoolean();
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(EMPTY, null))
                .port(0)
                .route("/api/*", new Handler.Abstract() {
                    @Override
                    public boolean handle(Request request, Response response, Callback callback) {
                        virtual.set(Thread.currentThread().isVirtual());
                        throw new HttpProblem.BadRequest("name must not be empty");
                    }
                })
                .build();
        server.start();
        HttpResponse<String> response = send("POST", "/api/nzbs", "x".getBytes(StandardCharsets.UTF_8));
        assertEquals(400, response.statusCode());
        assertEquals("{\"error\": \"name must not be empty\"}\n", response.body());
        assertTrue(virtual.get(), "the handler ran on a virtual thread");
    }

    @Test
    void nzbPutIntoTheUploadFolderReachesTheSinkAndAnswers201() throws Exception {
        List<String> received = new CopyOnWriteArrayList<>();
        byte[] nzb = "<nzb xmlns=\"http://www.newzbin.com/DTD/2003/nzb\"></nzb>".getBytes(StandardCharsets.UTF_8);
        byte[][] body = new byte[1][];
        server = WebServer.builder()
                .port(0)
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(EMPTY, (name, content) -> {
                    if (content.length == 0) {
                        throw new NzbRejectedException("the NZB is empty");
                    }
                    received.add(name);
                    body[0] = content;
                }))
                .build();
        server.start();

        assertEquals(201, send("PUT", "/dav/nzbs/My%20Film.nzb", nzb).statusCode());
        assertEquals(List.of("My Film.nzb"), received);
        assertArrayEquals(nzb, body[0]);

        HttpResponse<String> empty = send("PUT", "/dav/nzbs/broken.nzb", new byte[0]);
        assertEquals(400, empty.statusCode());
        assertEquals("{\"error\": \"the NZB is empty\"}\n", empty.body());

        HttpResponse<String> notNzb = send("PUT", "/dav/nzbs/film.mkv", nzb);
        assertEquals(400, notNzb.statusCode());
        assertTrue(notNzb.body().contains("only .nzb files"), notNzb.body());

        assertEquals(405, send("PUT", "/dav/nzbs/", nzb).statusCode());
        assertEquals(207, send("PROPFIND", "/dav/nzbs/", null, "Depth", "1").statusCode());
        assertEquals(List.of("My Film.nzb"), received);
    }

    @Test
    void jsonErrorTextIsQuotedSafely() {
        assertEquals("\"a\\\"b\\\\c\\n\\u0001\"", JsonErrorHandler.quote("a\"b\\c\n\u0001"));
    }

    @Test
    void portZeroBindsAFreePortAndTheUriNamesIt() throws Exception {
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(EMPTY, null))
                .port(0)
                .build();
        server.start();
        assertTrue(server.port() > 0);
        assertEquals("http://127.0.0.1:" + server.port() + "/", server.uri().toString());
        assertNull(send("GET", "/dav/", null).headers().firstValue("Server").orElse(null));
    }

    /** Answers "NAME PATH" as plain text. */
    private static final class TextHandler extends Handler.Abstract {
        private final String name;

        TextHandler(String name) {
            this.name = name;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            byte[] body = (name + " " + request.getHttpURI().getPath()).getBytes(StandardCharsets.UTF_8);
            response.getHeaders().put("Content-Type", "text/plain");
            response.write(true, ByteBuffer.wrap(body), callback);
            return true;
        }
    }
}
