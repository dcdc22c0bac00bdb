package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.nntp.tls.StunnelFront;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A provider that speaks TLS with a certificate of a private CA, as a test rig or a provider
 * behind its own CA does: stunnel (OpenSSL) in front of inn2, NZBMount trusting the CA through
 * {@code providers[].trustCertificate}. The file read through it is the original, byte for byte;
 * trusting another CA, the provider is refused with a message that says the TLS handshake failed.
 */
@Tag("realpeer")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class TlsProviderOverInn2Test {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir(factory = TargetTempDir.class)
    static Path work;

    private static StunnelFront stunnel;
    private static LibraryServer server;

    @BeforeAll
    static void startStunnelAndServer() throws Exception {
        RealPeer.requireOrSkip();
        Tool.requireOrSkip("stunnel", "openssl");
        stunnel = StunnelFront.start(work.resolve("tls"), RealPeer.HOST, RealPeer.PORT);
        server = LibraryServer.withProvider(
                work.resolve("data"), """
                    host: 127.0.0.1
                    port: %d
                    tls: true
                    trustCertificate: "%s"
                    connections: 8
                """.formatted(stunnel.port(), stunnel.caCertificate()));
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (server != null) server.close();
        if (stunnel != null) stunnel.close();
    }

    @Test
    void aFileReadOverTlsTrustedThroughItsCaIsTheOriginal() throws Exception {
        RealPeer.Posted posted = Releases.medium();
        LibraryServer.MountedFile file = server.importSingleFile(posted.nzb(), "Random Data over TLS");
        assertEquals(Releases.MEDIUM_SIZE, file.size());
        Path received = work.resolve("received.bin");
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<Path> r = http.send(
                    HttpRequest.newBuilder(file.uri()).GET().build(), HttpResponse.BodyHandlers.ofFile(received));
            assertEquals(200, r.statusCode());
        }
        Originals.assertSameFile(posted.file(), received, "GET over TLS");
    }

    @Test
    void aProviderWhoseCertificateAnotherCaSignedIsRefusedAsATlsFailure() throws Exception {
        Path other = StunnelFront.otherCa(work.resolve("other"));
        JsonNode check = testProvider(other);
        assertFalse(check.path("ok").asBoolean(), check::toString);
        assertEquals("tls", check.path("failure").asText(), check::toString);
        assertTrue(check.path("message").asText().startsWith("TLS handshake failed"), check::toString);
    }

    @Test
    void theProviderTestPassesWithTheRightCa() throws Exception {
        JsonNode check = testProvider(stunnel.caCertificate());
        assertTrue(check.path("ok").asBoolean(), check::toString);
    }

    private static JsonNode testProvider(Path trust) throws Exception {
        String body = JSON.createObjectNode()
                .put("host", "127.0.0.1")
                .put("port", stunnel.port())
                .put("tls", true)
                .put("trustCertificate", trust.toString())
                .toString();
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> r = http.send(
                    HttpRequest.newBuilder(server.uri().resolve("/api/settings/providers/test"))
                            .header("Content-Type", "application/json")
                            .header("X-NZBMount-Request", "1")
                            .POST(HttpRequest.BodyPublishers.ofString(body))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r::body);
            return JSON.readTree(r.body());
        }
    }
}
