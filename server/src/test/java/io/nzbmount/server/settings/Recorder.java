package io.nzbmount.server.settings;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A listener that stands for a host an attacker names: it records every byte that arrives. As an
 * NNTP server it greets and says yes to everything, so a client that would log in sends its
 * password; otherwise it only listens. Thread-safe.
 */
final class Recorder implements AutoCloseable {

    private final ServerSocket socket;
    private final boolean nntp;
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();

    Recorder(boolean nntp) throws IOException {
        this.nntp = nntp;
        socket = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(this::accept);
    }

    int port() {
        return socket.getLocalPort();
    }

    /** Everything received so far, as Latin-1 text. */
    String received() {
        synchronized (received) {
            return received.toString(ISO_8859_1);
        }
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket s = socket.accept();
                Thread.ofVirtual().start(() -> serve(s));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        try (s;
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream()) {
            s.setSoTimeout(5000);
            if (nntp) out.write("200 ready\r\n".getBytes(ISO_8859_1));
            StringBuilder line = new StringBuilder();
            for (int b; (b = in.read()) >= 0; ) {
                synchronized (received) {
                    received.write(b);
                }
                if (b != '\n') {
                    line.append((char) b);
                    continue;
                }
                if (nntp) out.write(answer(line.toString().strip()).getBytes(ISO_8859_1));
                line.setLength(0);
            }
        } catch (IOException e) {
            // The client went away: all it sent is recorded.
        }
    }

    private static String answer(String command) {
        if (command.startsWith("AUTHINFO USER")) return "381 password please\r\n";
        if (command.startsWith("AUTHINFO PASS")) return "281 welcome\r\n";
        if (command.startsWith("DATE")) return "111 20260101000000\r\n";
        return "205 bye\r\n";
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
