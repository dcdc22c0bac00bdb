package io.nzbmount.config;

import static io.nzbmount.config.ConfigLoaderTest.assertOnlyProblem;
import static io.nzbmount.config.ConfigLoaderTest.failure;
import static io.nzbmount.config.ConfigLoaderTest.load;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code providers[].trustCertificate}: a PEM file checked at load, every problem named with the file. */
class TrustCertificateTest {

    @TempDir
    Path dir;

    private static String provider(Path trust) {
        return "providers:\n  - host: news.example.com\n    tls: true\n    trustCertificate: \"" + trust + "\"\n";
    }

    @Test
    void aPemFileOfTwoCertificatesIsTrustedWhole() throws Exception {
        Path pem = dir.resolve("chain.pem");
        Files.writeString(pem, "a comment before\n" + certificate("one") + "between\n" + certificate("two"));
        ProviderSettings p = load(provider(pem)).providers().get(0);
        assertEquals(Optional.of(pem), p.trustCertificate());
        assertEquals(2, p.trustedCertificates().size());
    }

    @Test
    void unsetMeansTheJvmsTrustStore() throws ConfigException {
        ProviderSettings p = load("providers: [{host: news.example.com, tls: true}]")
                .providers()
                .get(0);
        assertEquals(Optional.empty(), p.trustCertificate());
        assertEquals(List.of(), p.trustedCertificates());
    }

    @Test
    void aMissingFileIsNamed() {
        Path absent = dir.resolve("absent.pem");
        assertOnlyProblem("providers[0].trustCertificate: " + absent + " does not exist", failure(provider(absent)));
    }

    @Test
    void aFileThatIsNotPemIsNamed() throws IOException {
        Path der = dir.resolve("ca.der");
        Files.write(der, new byte[] {0x30, (byte) 0x82, 0x01, 0x0a, 0x02, 0x01});
        assertOnlyProblem(
                "providers[0].trustCertificate: " + der + " is not a PEM file (no -----BEGIN line)",
                failure(provider(der)));
    }

    @Test
    void aPemFileWithoutACertificateIsNamed() throws IOException {
        Path key = dir.resolve("key.pem");
        Files.writeString(key, "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n");
        assertOnlyProblem(
                "providers[0].trustCertificate: " + key
                        + " holds no certificate (no -----BEGIN CERTIFICATE----- block)",
                failure(provider(key)));
    }

    @Test
    void aCertificateBlockThatDoesNotParseIsNamed() throws IOException {
        Path broken = dir.resolve("broken.pem");
        Files.writeString(broken, "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n");
        String problem = failure(provider(broken)).problems().get(0);
        assertTrue(
                problem.startsWith("providers[0].trustCertificate: " + broken + ": certificate 1 does not parse"),
                problem);
    }

    /** A self-signed certificate in PEM, made by the JDK's keytool. */
    private String certificate(String alias) throws IOException, InterruptedException {
        Path store = dir.resolve(alias + ".p12");
        Path pem = dir.resolve(alias + ".crt");
        String keytool =
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        keytool(
                keytool,
                "-genkeypair",
                "-alias",
                alias,
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=" + alias,
                "-validity",
                "2",
                "-keystore",
                store.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                "changeit");
        keytool(
                keytool,
                "-exportcert",
                "-rfc",
                "-alias",
                alias,
                "-keystore",
                store.toString(),
                "-storepass",
                "changeit",
                "-file",
                pem.toString());
        return Files.readString(pem, StandardCharsets.US_ASCII);
    }

    private static void keytool(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool failed: " + new String(output, StandardCharsets.UTF_8));
        }
    }
}
