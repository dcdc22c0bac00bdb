package io.nzbmount.nntp.internal.protocol;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/** TLS socket factories that trust given certificates only (a private CA, a self-signed server). Stateless. */
final class TrustedCertificates {
    private TrustedCertificates() {}

    /**
     * A factory whose connections accept a server whose chain ends in one of {@code trusted}
     * (the host name is still checked by the connection).
     */
    static SSLSocketFactory socketFactory(List<X509Certificate> trusted) {
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            for (int i = 0; i < trusted.size(); i++) store.setCertificateEntry("trusted-" + i, trusted.get(i));
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context.getSocketFactory();
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(
                    "the JDK cannot make a trust store of " + trusted.size() + " certificates", e);
        }
    }
}
