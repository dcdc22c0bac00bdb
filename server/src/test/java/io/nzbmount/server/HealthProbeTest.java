package io.nzbmount.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The container health check: healthy while the server answers /api/health, with or without a login. */
class HealthProbeTest {

    @Test
    void aServerThatAnswersIsHealthyAndOneThatFailsOrIsGoneIsNot() throws Exception {
        for (int[] statusAndExit : new int[][] {{200, 0}, {401, 0}, {500, 1}, {404, 1}}) {
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/api/health", ex -> {
                ex.sendResponseHeaders(statusAndExit[0], -1);
                ex.close();
            });
            server.start();
            try {
                assertEquals(
                        statusAndExit[1],
                        HealthProbe.check(Map.of(
                                "NZBMOUNT_SERVER_PORT",
                                Integer.toString(server.getAddress().getPort()))),
                        "status " + statusAndExit[0]);
            } finally {
                server.stop(0);
            }
        }
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        assertEquals(1, HealthProbe.check(Map.of("NZBMOUNT_SERVER_PORT", Integer.toString(closed))));
        assertEquals(1, HealthProbe.check(Map.of("NZBMOUNT_SERVER_PORT", "eighty")));
    }
}
