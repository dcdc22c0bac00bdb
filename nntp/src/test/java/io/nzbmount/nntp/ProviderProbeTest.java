package io.nzbmount.nntp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProviderProbeTest {

    private final ProviderProbe probe = new ProviderProbe(Duration.ofSeconds(5), null);
    private EmbeddedNntpServer server;

    @BeforeEach
    void start() throws IOException {
        server = EmbeddedNntpServer.builder().credentials("user", "pass").start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Provider account(String user, String password) {
        return new Provider("test", server.host(), server.port(), false, user, password, 1, 0);
    }

    @Test
    void aGoodLoginIsTimedAndReported() {
        ProviderProbe.Result r = probe.probe(account("user", "pass"));
        assertTrue(r.ok(), r.toString());
        assertEquals(ProviderProbe.LoginResult.OK, r.login());
        assertTrue(r.greeting().startsWith("200"), r.greeting());
        assertTrue(r.loginReply().startsWith("281"), r.loginReply());
        assertTrue(r.connectMillis() >= 0 && r.roundTripMillis() >= 0, r.toString());
    }

    @Test
    void anAccountWithoutUsernameNeedsNoLogin() {
        ProviderProbe.Result r = probe.probe(account(null, null));
        assertTrue(r.ok(), r.toString());
        assertEquals(ProviderProbe.LoginResult.NOT_NEEDED, r.login());
        assertNull(r.loginReply());
    }

    @Test
    void rejectedCredentialsAreTold() {
        server.faults().rejectCredentials(true);
        ProviderProbe.Result r = probe.probe(account("user", "pass"));
        assertEquals(ProviderProbe.Failure.AUTH_REJECTED, r.failure());
        assertEquals(ProviderProbe.LoginResult.REJECTED, r.login());
        assertTrue(r.loginReply().startsWith("481"), r.loginReply());
        assertEquals(-1, r.roundTripMillis());
    }

    @Test
    void aLoginRefusedForTooManyConnectionsIsARefusal() throws Exception {
        server.faults().connectionLimit(1, true);
        try (var held = new java.net.Socket(server.host(), server.port())) {
            held.getInputStream().read();
            ProviderProbe.Result r = probe.probe(account("user", "pass"));
            assertEquals(ProviderProbe.Failure.AUTH_REFUSED, r.failure(), r.toString());
            assertEquals(ProviderProbe.LoginResult.REFUSED, r.login());
            assertTrue(r.loginReply().startsWith("482"), r.loginReply());
        }
    }

    @Test
    void aGreetingThatTakesNoReadersIsUnavailable() {
        server.faults().unavailableAtGreeting(true);
        ProviderProbe.Result r = probe.probe(account("user", "pass"));
        assertEquals(ProviderProbe.Failure.UNAVAILABLE, r.failure());
        assertTrue(r.greeting().startsWith("400"), r.greeting());
        assertNull(r.login());
    }

    @Test
    void aClosedPortIsRefused() throws IOException {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        ProviderProbe.Result r = probe.probe(new Provider("closed", "127.0.0.1", closed, false, null, null, 1, 0));
        assertEquals(ProviderProbe.Failure.REFUSED, r.failure());
        assertNull(r.greeting());
        assertEquals(-1, r.connectMillis());
    }

    @Test
    void aLineBreakInThePasswordIsNeverSent() {
        ProviderProbe.Result r = probe.probe(account("user", "pa\r\nQUIT"));
        assertEquals(ProviderProbe.Failure.LINE_BREAK, r.failure());
    }

    @Test
    void aServerThatNeverGreetsRunsIntoTheLimit() throws IOException {
        try (ServerSocket silent = new ServerSocket(0)) {
            ProviderProbe quick = new ProviderProbe(Duration.ofMillis(300), null);
            ProviderProbe.Result r =
                    quick.probe(new Provider("silent", "127.0.0.1", silent.getLocalPort(), false, null, null, 1, 0));
            assertTrue(
                    r.failure() == ProviderProbe.Failure.TIMEOUT || r.failure() == ProviderProbe.Failure.LIMIT,
                    r.toString());
            assertNull(r.greeting());
        }
    }
}
