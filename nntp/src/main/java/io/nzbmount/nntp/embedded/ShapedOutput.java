package io.nzbmount.nntp.embedded;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.Socket;

/**
 * A session's socket output as a far provider's link shapes it: bytes go out in small pieces,
 * each only while the server is not silent ({@link Faults#silent(boolean)}) and no faster than
 * the connection's rate cap ({@link Faults#rateCap(long)}). Both are read before every piece, so
 * switching them takes effect mid-article.
 *
 * <p>Not thread-safe: the session's thread writes.
 */
final class ShapedOutput extends OutputStream {

    /** Silence takes effect within this many bytes of an article in flight. */
    static final int MAX_PIECE = 16 * 1024;

    private final OutputStream out;
    private final Faults faults;
    private final Socket socket;
    private final Pacer pacer = new Pacer();

    ShapedOutput(OutputStream out, Faults faults, Socket socket) {
        this.out = out;
        this.faults = faults;
        this.socket = socket;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        int done = 0;
        while (done < len) {
            try {
                faults.awaitSpeaking(socket);
                long rate = faults.rateCap();
                int n = Math.min(len - done, Pacer.chunk(rate, MAX_PIECE));
                pacer.pace(n, rate);
                out.write(b, off + done, n);
                done += n;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("session interrupted while shaping its output");
            }
        }
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
