package io.nzbmount.server.http;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.Credentials;
import io.nzbmount.server.dav.DavHandlers;
import io.nzbmount.server.dav.Library;
import io.nzbmount.server.dav.LibraryNode;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Failed logins are slowed per client address on a clock the test moves: a burst of wrong
 * passwords or keys turns into 429s (even for the right password, so guessing gains nothing),
 * the burst is logged once, and the address may log in again a moment later.
 */
class FailedLoginsTest {

    static final Library EMPTY = segments -> Optional.<LibraryNode>empty();
    static final Credentials LOGIN = new Credentials("kodi", "right-pass-9Jd");

    final MovableClock clock = new MovableClock();
    final List<String> warnings = new CopyOnWriteArrayList<>();
    final HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    WebServer server;

    @AfterEach
    void stop() throws Exception {
        client.close();
        if (server != null) server.stop();
    }

    private void start() throws Exception {
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(EMPTY, null))
                .port(0)
                .credentials(LOGIN)
                .apiKeys(candidate -> candidate.equals("the-key"))
                .loginThrottle(new LoginThrottle(clock, warnings::add))
                .build();
        server.start();
    }

    private int get(String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri().resolve("/dav/"))
                .method("PROPFIND", HttpRequest.BodyPublishers.noBody())
                .header("Depth", "0");
        for (int i = 0; i < headers.length; i += 2) b.header(headers[i], headers[i + 1]);
        return client.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static String basic(String user, String password) {
        return "Basic " + java.util.Base64.getEncoder().encodeToString((user + ":" + password).getBytes(UTF_8));
    }

    /** The status of a PROPFIND sent from the loopback address {@code from} (Linux answers all of 127/8). */
    private int statusFrom(String from, String authorization) throws Exception {
        try (java.net.Socket s = new java.net.Socket(
                server.uri().getHost(), server.uri().getPort(), java.net.InetAddress.getByName(from), 0)) {
            s.getOutputStream()
                    .write(("PROPFIND /dav/ HTTP/1.1\r\nHost: 127.0.0.1\r\nDepth: 0\r\nAuthorization: " + authorization
                                    + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                            .getBytes(UTF_8));
            String status =
                    new java.io.BufferedReader(new java.io.InputStreamReader(s.getInputStream(), UTF_8)).readLine();
            return Integer.parseInt(status.split(" ")[1]);
        }
    }

    @Test
    void failuresFromManyAddressesMeetOneCeilingForAll() throws Exception {
        start();
        int perAddress = LoginThrottle.BURST / 2;
        int addresses = LoginThrottle.GLOBAL_PER_MINUTE / perAddress;
        for (int a = 0; a < addresses; a++) {
            for (int i = 0; i < perAddress; i++) {
                assertEquals(
                        401,
                        statusFrom("127.0.0." + (a + 2), basic("kodi", "guess-" + a + "-" + i)),
                        "address " + a + ", try " + i + ": below its own limit");
            }
        }
        assertEquals(429, statusFrom("127.0.0.200", basic("kodi", "guess")), "a fresh address meets the ceiling");
        assertEquals(429, statusFrom("127.0.0.201", basic("kodi", LOGIN.password())), "the right login waits too");
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("all addresses"), warnings.get(0));

        clock.advance(Duration.ofMinutes(1));
        assertEquals(207, statusFrom("127.0.0.201", basic("kodi", LOGIN.password())), "a minute later it may try");
    }

    @Test
    void aBurstOfWrongPasswordsIsSlowedAndLoggedOnce() throws Exception {
        start();
        for (int i = 0; i < LoginThrottle.BURST; i++) {
            assertEquals(401, get("Authorization", basic("kodi", "guess-" + i)), "try " + i);
        }
        for (int i = 0; i < 30; i++) {
            assertEquals(429, get("Authorization", basic("kodi", "guess-more-" + i)));
        }
        assertEquals(429, get("Authorization", basic("kodi", LOGIN.password())), "the right one waits too");
        assertEquals(429, get("X-Api-Key", "the-key"), "and so does the key");
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("127.0.0.1"), warnings.get(0));
        assertFalse(warnings.get(0).contains("guess"), warnings.get(0));

        clock.advance(Duration.ofMillis(1000 / LoginThrottle.PER_SECOND));
        assertEquals(207, get("Authorization", basic("kodi", LOGIN.password())), "a moment later it may try");
        assertEquals(401, get(), "no credentials is the challenge, never slowed");
    }

    @Test
    void wrongKeysCountLikeWrongPasswordsAndAQuietAddressIsWhole() throws Exception {
        start();
        for (int i = 0; i < LoginThrottle.BURST; i++) {
            assertEquals(401, get("X-Api-Key", "wrong-" + i));
        }
        assertEquals(429, get("X-Api-Key", "wrong-again"));
        clock.advance(Duration.ofSeconds(LoginThrottle.BURST));
        for (int i = 0; i < LoginThrottle.BURST; i++) {
            assertEquals(401, get("Authorization", basic("kodi", "x" + i)));
        }
        assertEquals(429, get("Authorization", basic("kodi", "y")));
        assertEquals(2, warnings.size(), "a second burst after a quiet spell is logged again: " + warnings);
    }

    @Test
    void theThrottleKeepsAddressesApart() {
        LoginThrottle throttle = new LoginThrottle(clock, warnings::add);
        for (int i = 0; i < LoginThrottle.BURST; i++) throttle.failed("192.0.2.1");
        assertTrue(throttle.refuses("192.0.2.1"));
        assertFalse(throttle.refuses("192.0.2.2"));
        clock.advance(Duration.ofMillis(1000 / LoginThrottle.PER_SECOND - 1));
        assertTrue(throttle.refuses("192.0.2.1"));
        clock.advance(Duration.ofMillis(1));
        assertFalse(throttle.refuses("192.0.2.1"));
    }

    /** An instant source the test moves by hand. */
    static final class MovableClock implements InstantSource {
        private volatile Instant now = Instant.parse("2026-01-01T00:00:00Z");

        @Override
        public Instant instant() {
            return now;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }
    }
}
