package io.nzbmount.server.sabnzbd;

import static io.nzbmount.server.sabnzbd.SabApiRulesTest.multipart;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code .strm} file names the server as configured ({@code downloads.publicUrl}, else the bind
 * address and port), never as the request's {@code Host} header named it: the host check lets any
 * IP literal through, and whoever sent the request would otherwise choose where players connect.
 */
class StrmUrlTest {

    @TempDir
    Path dataDir;

    EmbeddedNntpServer nntp;
    byte[] nzb;

    @BeforeEach
    void start() throws Exception {
        nntp = EmbeddedNntpServer.start();
        byte[] film = new byte[400_000];
        new Random(61).nextBytes(film);
        nzb = NzbWriter.write(List.of(nntp.post("Strm.Film.2020.1080p.mkv", film, 400_000)))
                .getBytes(StandardCharsets.UTF_8);
    }

    @AfterEach
    void stop() {
        if (nntp != null) nntp.close();
    }

    @Test
    void aForeignHostHeaderDoesNotGoIntoTheStrm() throws Exception {
        try (SabServer server = SabServer.start(dataDir, nntp.host(), nntp.port(), "", "")) {
            addWithHost(server, "10.66.66.66:4444");
            String url = onlyStrm(server);
            assertTrue(url.startsWith(server.base() + "/dav/library/"), url);
        }
    }

    @Test
    void thePublicUrlStartsTheStrm() throws Exception {
        try (SabServer server =
                SabServer.start(dataDir, nntp.host(), nntp.port(), "  publicUrl: http://media.example.lan:8099", "")) {
            addWithHost(server, "10.66.66.66:4444");
            String url = onlyStrm(server);
            assertTrue(url.startsWith("http://media.example.lan:8099/dav/library/"), url);
        }
    }

    /** An addfile sent with the given Host header (the JDK's client will not send another). */
    private void addWithHost(SabServer server, String host) throws IOException {
        String boundary = "strmb0undary";
        byte[] form = multipart(boundary, "name", "Strm.Film.2020.1080p.WEB.x264-GRP.nzb", nzb);
        try (Socket s = new Socket(server.app.uri().getHost(), server.app.uri().getPort())) {
            OutputStream out = s.getOutputStream();
            out.write(("POST /api?mode=addfile&cat=movies&output=json&apikey=" + server.apiKey + " HTTP/1.1\r\nHost: "
                            + host + "\r\nContent-Type: multipart/form-data; boundary=" + boundary
                            + "\r\nContent-Length: "
                            + form.length + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(form);
            out.flush();
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.contains("\"status\":true"), answer);
        }
    }

    private static String onlyStrm(SabServer server) throws IOException {
        try (Stream<Path> files = Files.walk(server.completeDir)) {
            List<Path> strm = files.filter(f -> f.toString().endsWith(".strm")).toList();
            assertEquals(1, strm.size(), strm::toString);
            return Files.readString(strm.get(0)).strip();
        }
    }
}
