package io.nzbmount.nntp.embedded;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * One client connection of the embedded server, run on its own virtual thread: greeting,
 * AUTHINFO, the reader commands, and the faults switched on in {@link Faults}.
 */
final class ClientSession implements Runnable {

    private static final int MAX_COMMAND = 1024;
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyyMMddHHmmss", Locale.ROOT);

    private final EmbeddedNntpServer server;
    private final Socket socket;
    private final Faults faults;
    private final ServerCounters counters;
    private OutputStream out;
    private boolean authenticated;
    private String pendingUser;
    private boolean overLimit;

    ClientSession(EmbeddedNntpServer server, Socket socket) {
        this.server = server;
        this.socket = socket;
        this.faults = server.faults();
        this.counters = server.counters();
    }

    void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // The session ends either way.
        }
    }

    @Override
    public void run() {
        long openNow = counters.connectionOpened();
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream(), 8192);
            out = new BufferedOutputStream(new ShapedOutput(socket.getOutputStream(), faults, socket), 64 * 1024);
            authenticated = server.credentialsUser() == null;
            int limit = faults.connectionLimit();
            overLimit = limit > 0 && openNow > limit;
            faults.delayReply(System.nanoTime());
            if (faults.unavailableAtGreeting()) {
                reply("400 service temporarily unavailable");
                return;
            }
            if (overLimit && !faults.limitAtLogin()) {
                reply("502 too many connections");
                return;
            }
            reply("200 NZBMount embedded server ready, posting allowed");
            // Commands are read as they come, each stamped with its arrival, so the replies to
            // pipelined commands wait out their delays side by side, as on a real link.
            BlockingQueue<Command> commands = new LinkedBlockingQueue<>();
            Thread.ofVirtual().name("nzbmount-embedded-commands").start(() -> readCommands(in, commands));
            for (Command c; (c = commands.take()).line() != null; ) {
                if (!handle(c.line(), c.arrivedNanos())) break;
            }
        } catch (IOException | InterruptedException e) {
            // The client went away, was reset by a fault, or the server is closing.
        } finally {
            counters.connectionClosed();
            server.sessionEnded(this);
        }
    }

    private record Command(String line, long arrivedNanos) {}

    /** Reads command lines into {@code commands} until the client closes; a null line marks the end. */
    private static void readCommands(InputStream in, BlockingQueue<Command> commands) {
        try {
            String line;
            while ((line = readLine(in)) != null) commands.add(new Command(line, System.nanoTime()));
        } catch (IOException e) {
            // The client went away or sent garbage: the session ends.
        }
        commands.add(new Command(null, 0));
    }

    /** @return false when the session ends */
    private boolean handle(String line, long arrivedNanos) throws IOException, InterruptedException {
        // Every command is answered with one reply: its status line waits for the far provider's delay.
        faults.delayReply(arrivedNanos);
        String[] words = line.strip().split(" +", 3);
        String verb = words[0].toUpperCase(Locale.ROOT);
        String arg = words.length > 1 ? words[1] : "";
        switch (verb) {
            case "QUIT" -> {
                reply("205 closing connection");
                return false;
            }
            case "CAPABILITIES" -> block("101 capability list follows", "VERSION 2\r\nREADER\r\nAUTHINFO USER\r\n");
            case "MODE" ->
                reply(arg.equalsIgnoreCase("READER") ? "200 reader mode, posting allowed" : "501 unknown mode");
            case "DATE" -> reply("111 " + DATE.format(ZonedDateTime.now(ZoneOffset.UTC)));
            case "AUTHINFO" -> authinfo(arg, words.length > 2 ? words[2] : "");
            case "GROUP", "BODY", "ARTICLE", "HEAD", "STAT" -> {
                if (!authenticated) {
                    reply("480 authentication required");
                } else if (verb.equals("GROUP")) {
                    int n = server.articleCount();
                    reply("211 " + n + " 1 " + n + " " + arg);
                } else {
                    return article(verb, arg);
                }
            }
            default -> reply("500 unknown command");
        }
        return true;
    }

    private void authinfo(String kind, String value) throws IOException {
        if (kind.equalsIgnoreCase("USER")) {
            pendingUser = value;
            reply("381 password required");
        } else if (kind.equalsIgnoreCase("PASS")) {
            if (pendingUser == null) {
                reply("482 authentication commands issued out of sequence");
            } else if (overLimit) {
                reply("482 too many connections for your user");
            } else if (faults.rejectsCredentials() || !server.credentialsMatch(pendingUser, value)) {
                pendingUser = null;
                reply("481 authentication failed");
            } else {
                authenticated = true;
                reply("281 authentication accepted");
            }
        } else {
            reply("501 unknown AUTHINFO variant");
        }
    }

    private boolean article(String verb, String arg) throws IOException, InterruptedException {
        boolean stat = verb.equals("STAT");
        if (stat) counters.statCommand();
        else if (!verb.equals("HEAD")) counters.bodyCommand();
        if (!arg.startsWith("<") || !arg.endsWith(">")) {
            reply("501 a message id in angle brackets is expected");
            return true;
        }
        String id = arg.substring(1, arg.length() - 1);
        if (!stat && !verb.equals("HEAD")) counters.bodyCommand(id);
        ArticleFault fault = faults.take(id, stat);
        if (fault instanceof ArticleFault.Stall s) {
            faults.stall(s.millis());
            fault = null;
        }
        ArticleStore.Article a = server.article(id);
        if (fault instanceof ArticleFault.Missing || a == null) {
            reply("430 no such article");
            return true;
        }
        if (fault instanceof ArticleFault.ServiceError) {
            reply("503 backend failure");
            return true;
        }
        if (stat) {
            reply("223 0 " + arg);
            return true;
        }
        if (fault == null && verb.equals("BODY")) {
            // The common case goes out without copying the article.
            out.write(WireFormat.ascii("222 0 " + arg + "\r\n"));
            out.write(a.block());
            out.flush();
            return true;
        }
        byte[] body = a.body();
        if (fault instanceof ArticleFault.CorruptData) body = WireFormat.corrupted(body);
        return send(response(verb, arg, a, body), fault);
    }

    private byte[] response(String verb, String arg, ArticleStore.Article a, byte[] body) {
        String headers = "Path: embedded\r\nFrom: " + server.poster() + "\r\nNewsgroups: " + server.group()
                + "\r\nSubject: " + a.subject() + "\r\nMessage-ID: " + arg + "\r\n";
        ByteArrayOutputStream text = new ByteArrayOutputStream(body.length + 512);
        String status;
        switch (verb) {
            case "HEAD" -> {
                status = "221 0 " + arg;
                text.writeBytes(WireFormat.ascii(headers));
            }
            case "ARTICLE" -> {
                status = "220 0 " + arg;
                text.writeBytes(WireFormat.ascii(headers + "\r\n"));
                text.writeBytes(body);
            }
            default -> {
                status = "222 0 " + arg;
                text.writeBytes(body);
            }
        }
        byte[] block = WireFormat.dotStuffed(text.toByteArray(), 0, text.size());
        ByteArrayOutputStream wire = new ByteArrayOutputStream(block.length + 64);
        wire.writeBytes(WireFormat.ascii(status + "\r\n"));
        wire.writeBytes(block);
        return wire.toByteArray();
    }

    /** @return false when a fault ended the connection */
    private boolean send(byte[] wire, ArticleFault fault) throws IOException, InterruptedException {
        if (fault instanceof ArticleFault.ResetAfter r) {
            out.write(wire, 0, Math.min(r.bytes(), wire.length));
            out.flush();
            socket.setSoLinger(true, 0);
            socket.close();
            return false;
        }
        if (fault instanceof ArticleFault.Trickle t) {
            // Chunks every 50 ms keep the rate close to the target without a busy loop.
            int chunk = Math.max(1, t.bytesPerSecond() / 20);
            for (int off = 0; off < wire.length; off += chunk) {
                out.write(wire, off, Math.min(chunk, wire.length - off));
                out.flush();
                if (off + chunk < wire.length) Thread.sleep(Math.max(1, 1000L * chunk / t.bytesPerSecond()));
            }
            return true;
        }
        out.write(wire);
        out.flush();
        return true;
    }

    private void reply(String line) throws IOException {
        out.write(WireFormat.ascii(line + "\r\n"));
        out.flush();
    }

    private void block(String status, String text) throws IOException {
        byte[] bytes = WireFormat.ascii(text);
        out.write(WireFormat.ascii(status + "\r\n"));
        out.write(WireFormat.dotStuffed(bytes, 0, bytes.length));
        out.flush();
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') break;
            if (line.size() >= MAX_COMMAND) throw new IOException("command line too long");
            line.write(b);
        }
        if (b < 0 && line.size() == 0) return null;
        String s = line.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }
}
