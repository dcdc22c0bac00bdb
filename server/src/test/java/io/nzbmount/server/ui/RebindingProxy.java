package io.nzbmount.server.ui;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * DNS rebinding, played on one port: the browser is told that {@code evil.example} is 127.0.0.1
 * (a resolver rule of {@link Browser}), loads the attacker's page from here at {@code /attack},
 * and every later request of that page goes, byte for byte and with its {@code Host:
 * evil.example} unchanged, to NZBMount, as if the name now pointed at it. To the browser it is
 * all one origin, so the page may read every answer.
 */
final class RebindingProxy implements AutoCloseable {

    static final String NAME = "evil.example";

    private final ServerSocket socket;
    private final int target;
    private final byte[] page;

    RebindingProxy(int targetPort, String html) throws IOException {
        this.target = targetPort;
        this.page = html.getBytes(UTF_8);
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(this::accept);
    }

    /** {@code http://evil.example:PORT}: the attacker's origin. */
    String origin() {
        return "http://" + NAME + ":" + socket.getLocalPort();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Thread.ofVirtual().start(() -> serve(client));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            InputStream in = client.getInputStream();
            byte[] head = readHead(in);
            if (new String(head, ISO_8859_1).startsWith("GET /attack")) {
                OutputStream out = client.getOutputStream();
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: " + page.length
                                + "\r\nConnection: close\r\n\r\n")
                        .getBytes(ISO_8859_1));
                out.write(page);
                out.flush();
                return;
            }
            try (Socket nzbmount = new Socket(InetAddress.getLoopbackAddress(), target)) {
                nzbmount.getOutputStream().write(head);
                InputStream rest = in;
                Thread up = Thread.ofVirtual().start(() -> pipe(rest, nzbmount));
                pipe(nzbmount.getInputStream(), client);
                up.interrupt();
            }
        } catch (IOException e) {
            // Either side went away: the exchange is over.
        }
    }

    private static byte[] readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        for (int b; matched < 4 && (b = in.read()) >= 0; ) {
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toByteArray();
    }

    private static void pipe(InputStream from, Socket to) {
        try {
            from.transferTo(to.getOutputStream());
            to.shutdownOutput();
        } catch (IOException e) {
            // The other side closed.
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
