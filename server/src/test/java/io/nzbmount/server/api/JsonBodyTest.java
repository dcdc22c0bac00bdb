package io.nzbmount.server.api;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
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
        String json = "{\"a\":\"" + "x".repeat(3 * LIMIT) + "\"}";
        byte[] bytes = json.getBytes(UTF_8);
        int half = bytes.length / 2;
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                    .getBytes(UTF_8));
            writeChunk(out, bytes, 0, half);
            // The server has more than its limit by now; the rest comes after it could have answered.
            Thread.sleep(300);
            writeChunk(out, bytes, half, bytes.length - half);
            out.write("0\r\n\r\n".getBytes(UTF_8));
            out.flush();
            String answer = readAnswer(socket.getInputStream());
            assertTrue(answer.startsWith("HTTP/1.1 413"), answer);
            assertTrue(answer.contains("at most " + LIMIT + " bytes"), answer);
        }
    }

    @Test
    void aBodyWithinTheLimitIsRead() throws Exception {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            byte[] body = "{\"a\":1}".getBytes(UTF_8);
            socket.getOutputStream().write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: "
                    + body.length + "\r\n\r\n").getBytes(UTF_8));
            socket.getOutputStream().write(body);
            String answer = readAnswer(socket.getInputStream());
            assertTrue(answer.startsWith("HTTP/1.1 200") && answer.endsWith("{\"a\":1}"), answer);
        }
    }

    private static void writeChunk(OutputStream out, byte[] bytes, int from, int length) throws Exception {
        out.write((Integer.toHexString(length) + "\r\n").getBytes(UTF_8));
        out.write(bytes, from, length);
        out.write("\r\n".getBytes(UTF_8));
        out.flush();
    }

    /** The status line, headers and the body of the Content-Length they give. */
    private static String readAnswer(InputStream in) throws Exception {
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        while (!answer.toString(UTF_8).endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) return answer.toString(UTF_8);
            answer.write(c);
        }
        String head = answer.toString(UTF_8);
        java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
        return length.find() ? head + new String(in.readNBytes(Integer.parseInt(length.group(1))), UTF_8) : head;
    }
}
