package io.nzbmount.server.realpeer;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A bare NNTP conversation over a plain socket, for tests that check a real server (and the
 * fixture that prepares it) without any of the project's own protocol code.
 *
 * <p>Not thread-safe: one test thread talks on one session. The caller owns the session and
 * closes it; {@link #close()} sends QUIT and closes the socket.
 */
public final class RawNntpSession implements AutoCloseable {
    private static final int TIMEOUT_MILLIS = 15_000;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String greeting;

    private RawNntpSession(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
        this.out = socket.getOutputStream();
        this.greeting = readLine();
    }

    /** Connects and reads the greeting. */
    public static RawNntpSession open(String host, int port) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            return new RawNntpSession(socket);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /** The server's first line, e.g. {@code 200 ... ready (posting ok)}. */
    public String greeting() {
        return greeting;
    }

    /** Sends one command line and returns the status line that answers it. */
    public String command(String line) throws IOException {
        send(line + "\r\n");
        return readLine();
    }

    /** AUTHINFO USER then PASS; returns the final status line (281 accepted, 481 rejected, ...). */
    public String login(String user, String password) throws IOException {
        String reply = command("AUTHINFO USER " + user);
        return reply.startsWith("381") ? command("AUTHINFO PASS " + password) : reply;
    }

    /**
     * Reads the dot-terminated block that follows a 2xx reply such as 222. Dot-stuffing is
     * undone; every line keeps its CRLF; the terminating {@code .} line is not included.
     *
     * @return the block and the number of bytes it took on the wire, terminator included
     */
    public Block readBlock() throws IOException {
        ByteArrayOutputStream payload = new ByteArrayOutputStream(800_000);
        long wire = 0;
        while (true) {
            byte[] line = readRawLine();
            wire += line.length;
            if (line.length == 3 && line[0] == '.') {
                return new Block(payload.toByteArray(), wire);
            }
            int skip = line.length > 1 && line[0] == '.' && line[1] == '.' ? 1 : 0;
            payload.write(line, skip, line.length - skip);
        }
    }

    /** Sends raw text as is (an article body after POST, for example). */
    public void send(String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Reads one status line, without its CRLF. */
    public String readLine() throws IOException {
        byte[] line = readRawLine();
        int end = line.length;
        while (end > 0 && (line[end - 1] == '\n' || line[end - 1] == '\r')) {
            end--;
        }
        return new String(line, 0, end, StandardCharsets.ISO_8859_1);
    }

    private byte[] readRawLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        int b;
        while ((b = in.read()) != -1) {
            line.write(b);
            if (b == '\n') {
                return line.toByteArray();
            }
        }
        throw new EOFException("connection closed after " + line.size() + " bytes of a line");
    }

    @Override
    public void close() throws IOException {
        try (socket) {
            if (!socket.isClosed() && !socket.isOutputShutdown()) {
                command("QUIT");
            }
        } catch (IOException ignored) {
            // The server may already have hung up; closing the socket is all that matters.
        }
    }

    /**
     * A multi-line block.
     *
     * @param payload the lines with their CRLF, dot-stuffing undone; owned by the caller
     * @param wireBytes bytes on the wire, dot-stuffing and the final {@code .CRLF} included
     */
    public record Block(byte[] payload, long wireBytes) {}
}
