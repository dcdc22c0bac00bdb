package io.nzbmount.nntp.tls;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * stunnel (OpenSSL) speaking implicit TLS on a loopback port in front of a plain NNTP server, with
 * a certificate for 127.0.0.1 and localhost signed by a private CA that openssl makes in
 * {@code dir}: a provider as real ones speak TLS, for tests and benchmarks. The CA's certificate
 * is {@link #caCertificate()}, the PEM file a client trusts. {@link #otherCa} makes a CA that
 * signed nothing here, for a client that must refuse the server.
 *
 * <p>Needs {@code stunnel} and {@code openssl} on the PATH (Debian {@code stunnel4}, {@code openssl}).
 * The caller owns the instance and closes it, which stops stunnel.
 */
public final class StunnelFront implements AutoCloseable {
    private static final long TOOL_SECONDS = 60;

    private final Process stunnel;
    private final int port;
    private final Path caCertificate;

    private StunnelFront(Process stunnel, int port, Path caCertificate) {
        this.stunnel = stunnel;
        this.port = port;
        this.caCertificate = caCertificate;
    }

    /** Starts stunnel on a free loopback port forwarding to {@code upstreamHost:upstreamPort}. */
    public static StunnelFront start(Path dir, String upstreamHost, int upstreamPort)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path ca = makeCa(dir, "ca", "NZBMount test CA");
        Path key = dir.resolve("server.key");
        Path csr = dir.resolve("server.csr");
        Path cert = dir.resolve("server.pem");
        Path ext = dir.resolve("server.ext");
        Files.writeString(
                ext,
                "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n"
                        + "basicConstraints=CA:FALSE\n");
        run(
                dir,
                "openssl",
                "req",
                "-newkey",
                "ec",
                "-pkeyopt",
                "ec_paramgen_curve:prime256v1",
                "-nodes",
                "-keyout",
                key.toString(),
                "-out",
                csr.toString(),
                "-subj",
                "/CN=127.0.0.1");
        run(
                dir,
                "openssl",
                "x509",
                "-req",
                "-in",
                csr.toString(),
                "-CA",
                ca.toString(),
                "-CAkey",
                dir.resolve("ca.key").toString(),
                "-CAcreateserial",
                "-days",
                "2",
                "-extfile",
                ext.toString(),
                "-out",
                cert.toString());
        int port = freePort();
        Path conf = dir.resolve("stunnel.conf");
        Files.writeString(
                conf,
                String.join(
                        "\n",
                        "foreground = yes",
                        "pid =",
                        "debug = warning",
                        "[nntps]",
                        "accept = 127.0.0.1:" + port,
                        "connect = " + upstreamHost + ":" + upstreamPort,
                        "cert = " + cert,
                        "key = " + key,
                        ""));
        Process p = new ProcessBuilder("stunnel", conf.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("stunnel.log").toFile())
                .start();
        StunnelFront front = new StunnelFront(p, port, ca);
        try {
            front.awaitListening(dir);
        } catch (IOException | RuntimeException e) {
            front.close();
            throw e;
        }
        return front;
    }

    /** A CA's certificate (PEM) that signed nothing stunnel shows: a client trusting only it must refuse. */
    public static Path otherCa(Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        return makeCa(dir, "other-ca", "Some other CA");
    }

    /** The loopback port stunnel accepts TLS on. */
    public int port() {
        return port;
    }

    /** The PEM file of the CA that signed stunnel's certificate. */
    public Path caCertificate() {
        return caCertificate;
    }

    @Override
    public void close() throws InterruptedException {
        stunnel.destroy();
        if (!stunnel.waitFor(10, TimeUnit.SECONDS)) {
            stunnel.destroyForcibly();
            stunnel.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static Path makeCa(Path dir, String stem, String name) throws IOException, InterruptedException {
        Path cert = dir.resolve(stem + ".pem");
        run(
                dir,
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "ec",
                "-pkeyopt",
                "ec_paramgen_curve:prime256v1",
                "-nodes",
                "-keyout",
                dir.resolve(stem + ".key").toString(),
                "-out",
                cert.toString(),
                "-days",
                "2",
                "-subj",
                "/CN=" + name,
                "-addext",
                "basicConstraints=critical,CA:TRUE",
                "-addext",
                "keyUsage=critical,keyCertSign,cRLSign");
        return cert;
    }

    private void awaitListening(Path dir) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TOOL_SECONDS);
        while (System.nanoTime() < deadline) {
            if (!stunnel.isAlive()) {
                throw new IOException("stunnel exited (" + stunnel.exitValue() + "): "
                        + Files.readString(dir.resolve("stunnel.log"), StandardCharsets.UTF_8)
                                .strip());
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new IOException("stunnel did not listen on " + port + " within " + TOOL_SECONDS + " s");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        byte[] output = p.getInputStream().readAllBytes();
        if (!p.waitFor(TOOL_SECONDS, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + new String(output, StandardCharsets.UTF_8));
        }
    }
}
