package io.nzbmount.server.api;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.dav.RawHttp;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A JSON body over its limit is refused with a 413 the client gets to read. */
class JsonBodyTest {
    private static final int LIMIT = 4096;

    private Server server;
    private int port;

    @BeforeEach
    void start() throws Exception {
        server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                int status = 200;
                String text;
                try {
                    text = JsonBody.object(request, LIMIT).toString();
                } catch (ApiException e) {
                    status = e.status();
                    text = e.getMessage();
                }
                response.setStatus(status);
                response.write(true, ByteBuffer.wrap(text.getBytes(UTF_8)), callback);
                return true;
            }
        });
        server.start();
        port = connector.getLocalPort();
    }

    @AfterEach
    void stop() throws Exception {
        server.stop();
    }

    @Test
    void theRefusalOfABodyStillArrivingReachesTheClient() throws Exception {
        byte[] json = ("{\"a\":\"" + "x".repeat(3 * LIMIT) + "\"}").getBytes(UTF_8);
        int half = json.length / 2;
        try (RawHttp http = new RawHttp(port)) {
            http.send("POST", "/", "Content-Type: application/json", "Transfer-Encoding: chunked");
            http.chunk(Arrays.copyOfRange(json, 0, half));
            // The server has more than its limit by now; the rest comes after it could have answered.
            Thread.sleep(300);
            http.chunk(Arrays.copyOfRange(json, half, json.length)).chunk(new byte[0]);
            RawHttp.Head head = http.readHead();
            String body = new String(http.readBody(head.contentLength()), UTF_8);
            assertEquals(413, head.status(), body);
            assertTrue(body.contains("at most " + LIMIT + " bytes"), body);
        }
    }

    @Test
    void aBodyWithinTheLimitIsRead() throws Exception {
        try (RawHttp http = new RawHttp(port)) {
            http.send("POST", "/", "{\"a\":1}".getBytes(UTF_8), "Content-Type: application/json");
            RawHttp.Head head = http.readHead();
            String body = new String(http.readBody(head.contentLength()), UTF_8);
            assertEquals(200, head.status(), body);
            assertEquals("{\"a\":1}", body);
        }
    }
}
