package io.nzbmount.config;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the certificates of a PEM file ({@code providers[].trustCertificate}): one or more
 * {@code -----BEGIN CERTIFICATE-----} blocks, anything else in the file (text, keys) ignored.
 * Stateless.
 */
public final class PemCertificates {

    /** The file cannot be used as a trust certificate; the message says why, naming the file. */
    public static final class Unusable extends Exception {
        Unusable(String message) {
            super(message);
        }
    }

    private static final Pattern BLOCK =
            Pattern.compile("-----BEGIN CERTIFICATE-----\\s*([A-Za-z0-9+/=\\s]*?)-----END CERTIFICATE-----");
    private static final long MOST_BYTES = 1 << 20;

    private PemCertificates() {}

    /** Every certificate in {@code file}, in file order; never empty. */
    public static List<X509Certificate> read(Path file) throws Unusable {
        String text;
        try {
            if (Files.isDirectory(file)) throw new Unusable(file + " is a folder, not a PEM file");
            if (Files.size(file) > MOST_BYTES)
                throw new Unusable(file + " is larger than 1 MiB: not a PEM certificate file");
            text = Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (NoSuchFileException e) {
            throw new Unusable(file + " does not exist");
        } catch (IOException e) {
            throw new Unusable("cannot read " + file + ": " + e.getMessage());
        }
        if (!text.contains("-----BEGIN ")) throw new Unusable(file + " is not a PEM file (no -----BEGIN line)");
        List<X509Certificate> certificates = new ArrayList<>();
        CertificateFactory x509;
        try {
            x509 = CertificateFactory.getInstance("X.509");
        } catch (CertificateException e) {
            throw new IllegalStateException("the JDK has no X.509 certificate factory", e);
        }
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            try {
                certificates.add((X509Certificate) x509.generateCertificate(
                        new ByteArrayInputStream(m.group().getBytes(StandardCharsets.ISO_8859_1))));
            } catch (CertificateException e) {
                throw new Unusable(file + ": certificate " + (certificates.size() + 1) + " does not parse ("
                        + e.getMessage() + ")");
            }
        }
        if (certificates.isEmpty())
            throw new Unusable(file + " holds no certificate (no -----BEGIN CERTIFICATE----- block)");
        return List.copyOf(certificates);
    }
}
