package io.nzbmount.nntp.internal.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed certificate made by the JDK's keytool in a temporary folder: the server side
 * context (key) and a client side context that trusts exactly that certificate.
 */
public record TestTls(SSLContext server, SSLContext client) {

    private static final char[] PASSWORD = "changeit".toCharArray();
    private static final java.util.Map<String, TestTls> MADE = new java.util.concurrent.ConcurrentHashMap<>();

    /** Like {@link #selfSigned(Path, String)}, made once per test run (keytool takes seconds) in a temporary folder. */
    public static synchronized TestTls shared(String san)
            throws IOException, GeneralSecurityException, InterruptedException {
        TestTls made = MADE.get(san);
        if (made == null) {
            Path dir = Files.createTempDirectory("nzbmount-tls");
            try {
                made = selfSigned(dir, san);
            } finally {
                try (var files = Files.list(dir)) {
                    for (Path f : files.toList()) Files.deleteIfExists(f);
                }
                Files.deleteIfExists(dir);
            }
            MADE.put(san, made);
        }
        return made;
    }

    /** @param san the subjectAltName extension value, e.g. {@code dns:localhost,ip:127.0.0.1} */
    public static TestTls selfSigned(Path dir, String san)
            throws IOException, GeneralSecurityException, InterruptedException {
        Path keystore = dir.resolve("server.p12");
        String keytool =
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(List.of(
                        keytool,
                        "-genkeypair",
                        "-alias",
                        "nntp",
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-dname",
                        "CN=nzbmount test",
                        "-ext",
                        "SAN=" + san,
                        "-validity",
                        "2",
                        "-keystore",
                        keystore.toString(),
                        "-storetype",
                        "PKCS12",
                        "-storepass",
                        "changeit",
                        "-keypass",
                        "changeit"))
                .redirectErrorStream(true)
                .start();
        byte[] output = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool failed: " + new String(output));
        }
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            keys.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD);
        SSLContext server = SSLContext.getInstance("TLS");
        server.init(kmf.getKeyManagers(), null, null);

        Certificate cert = keys.getCertificate("nntp");
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("nntp", cert);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext client = SSLContext.getInstance("TLS");
        client.init(null, tmf.getTrustManagers(), null);
        return new TestTls(server, client);
    }
}
