package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No request makes the server hold more than a few KiB before it is logged in: each refusal here
 * is read back while the client has sent no more than the headers and the start of the body,
 * though it declared 60 MB. A server that waited for (or parsed) the body would not answer.
 */
class UnauthenticatedBodyTest {

    static final long DECLARED = 60_000_000L;
    static final String BOUNDARY = "b0undary";

    @TempDir
    Path dataDir;

    EmbeddedNntpServer nntp;
    SabServer server;

    @BeforeEach
    void start() throws Exception {
        nntp = EmbeddedNntpServer.start();
        server = SabServer.start(dataDir, nntp.host(), nntp.port(), "", SabServer.AUTH);
    }

    @AfterEach
    void stop() {
        if (server != null) server.close();
        if (nntp != null) nntp.close();
    }

    @Test
    void aFormWithoutAKeyIsRefusedAfterItsFirstKilobytes() throws Exception {
        byte[] start = ("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"name\"; filename=\"big.nzb\"\r\n"
                        + "Content-Type: application/x-nzb\r\n\r\n" + "<".repeat(32 * 1024))
                .getBytes(StandardCharsets.UTF_8);
        String answer = answerBeforeBody(
                "POST", "/api?mode=addfile&cat=tv&output=json", "multipart/form-data; boundary=" + BOUNDARY, start);
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        assertTrue(answer.contains("\"error\":\"API Key Required\""), answer);
        assertTrue(answer.toLowerCase(Locale.ROOT).contains("connection: close"), answer);
    }

    @Test
    void aFormWhoseKeyComesAfterTheWindowIsRefusedWithoutReadingFurther() throws Exception {
        String padding = "x".repeat(8 * 1024);
        byte[] start = ("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"pad\"\r\n\r\n" + padding
                        + "\r\n--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"apikey\"\r\n\r\n"
                        + server.apiKey
                        + "\r\n")
                .getBytes(StandardCharsets.UTF_8);
        String answer = answerBeforeBody(
                "POST", "/api?mode=addfile&cat=tv&output=json", "multipart/form-data; boundary=" + BOUNDARY, start);
        assertTrue(answer.contains("\"error\":\"API Key Required\""), answer);
        assertEquals(0, server.items().size());
    }

    @Test
    void everyOtherBodyWithoutALoginIsRefusedBeforeItIsSent() throws Exception {
        for (List<String> call : List.of(
                List.of("POST", "/api/nzbs", "application/x-nzb"),
                List.of("PUT", "/api/settings", "application/json"),
                List.of("PUT", "/dav/library/big.nzb", "application/octet-stream"),
                List.of(
                        "POST",
                        "/api?mode=addfile&cat=tv&apikey=wrong&output=json",
                        "multipart/form-data; boundary=" + BOUNDARY))) {
            String answer = answerBeforeBody(call.get(0), call.get(1), call.get(2), new byte[0]);
            assertTrue(answer.startsWith("HTTP/1.1 401") || answer.contains("API Key Incorrect"), call + ": " + answer);
        }
    }

    /**
     * Sends the headers of a request declaring a {@value #DECLARED}-byte body and {@code start} of
     * it, then reads the answer without sending more.
     */
    private String answerBeforeBody(String method, String target, String type, byte[] start) throws IOException {
        try (Socket s = new Socket(server.app.uri().getHost(), server.app.uri().getPort())) {
            s.setSoTimeout(30_000);
            String head = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: " + type
                    + "\r\nContent-Length: " + DECLARED + "\r\n\r\n";
            s.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().write(start);
            s.getOutputStream().flush();
            return readAnswer(s.getInputStream());
        }
    }

    /** The status line, headers and body (by its Content-Length) of one answer. */
    private static String readAnswer(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) break;
            head.write(b);
        }
        String headers = head.toString(StandardCharsets.ISO_8859_1);
        int length = 0;
        for (String line : headers.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:"))
                length = Integer.parseInt(line.substring(15).strip());
        }
        return headers + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
