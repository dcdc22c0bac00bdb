package io.nzbmount.server.http;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.server.dav.DavHandlers;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A self-answering route gets every request through, with the login's verdict recorded instead of
 * a 401; every other path keeps refusing, and HTTP Basic never logs a self-answering call in.
 */
class SelfAnsweringRouteTest {

    final HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    WebServer server;

    /** Answers the verdict the logins recorded, as text. */
    static final class Verdicts extends Handler.Abstract {
        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            response.write(true, ByteBuffer.wrap(ToolLogin.of(request).name().getBytes(UTF_8)), callback);
            return true;
        }
    }

    @BeforeEach
    void start() throws Exception {
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(FailedLoginsTest.EMPTY, null))
                .port(0)
                .credentials(FailedLoginsTest.LOGIN)
                .apiKeys(candidate -> candidate.equals("the-key"))
                .selfAnsweringRoute("/tool", new Verdicts())
                .route("/tools/*", new Verdicts())
                .build();
        server.start();
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        server.stop();
    }

    private HttpResponse<String> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri().resolve(path));
        if (headers.length > 0) b.headers(headers);
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theSelfAnsweringPathSeesTheVerdictAndOtherPathsStillRefuse() throws Exception {
        String basic = "Basic " + java.util.Base64.getEncoder().encodeToString("kodi:right-pass-9Jd".getBytes(UTF_8));
        assertEquals("ABSENT", get("/tool").body());
        assertEquals("WRONG", get("/tool?apikey=nope").body());
        assertEquals("VALID", get("/tool?apikey=the-key").body());
        assertEquals("VALID", get("/tool", "X-Api-Key", "the-key").body());
        assertEquals("ABSENT", get("/tool", "Authorization", basic).body(), "HTTP Basic is ambient");
        assertEquals(
                "ABSENT",
                get("/tool?ma_username=kodi&ma_password=right-pass-9Jd").body(),
                "a login in the URL is no login");
        assertEquals("ABSENT", get("/tool?ma_username=kodi&ma_password=guess").body());

        assertEquals(401, get("/tools/x").statusCode());
        assertEquals(401, get("/tools/x?apikey=nope").statusCode());
        assertEquals(
                401, get("/tools/x?apikey=the-key").statusCode(), "the key in a URL counts on the tools' path only");
        assertEquals(200, get("/tools/x", "X-Api-Key", "the-key").statusCode());
        assertEquals(401, get("/tool/").statusCode(), "only the exact path answers itself");
        assertEquals(200, get("/tools/x", "Authorization", basic).statusCode());
    }
}
