package io.nzbmount.server.app;

import io.nzbmount.config.Credentials;
import io.nzbmount.config.ProviderSettings;
import io.nzbmount.config.ReaderSettings;
import io.nzbmount.config.Settings;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.Usenet;
import java.util.List;

/** Turns the validated configuration into what the nntp module takes. */
public final class UsenetSettings {
    private UsenetSettings() {}

    public static List<Provider> providers(Settings settings) {
        return settings.providers().stream().map(UsenetSettings::provider).toList();
    }

    public static Usenet.Settings reader(ReaderSettings reader) {
        return Usenet.Settings.defaults()
                .withReadAhead(reader.readAheadArticles())
                .withDeadlines(reader.connectTimeout(), reader.firstByteTimeout(), reader.betweenBytesTimeout())
                .withFetchBudget(reader.fetchBudget())
                .withRetryBackoff(reader.retryBackoff())
                .withPipelineDepth(reader.pipelineDepth());
    }

    private static Provider provider(ProviderSettings p) {
        String user = p.credentials().map(Credentials::username).orElse(null);
        String password = p.credentials().map(Credentials::password).orElse(null);
        return new Provider(
                p.name(),
                p.host(),
                p.port(),
                p.tls(),
                user,
                password,
                p.connections(),
                p.priority(),
                p.trustedCertificates());
    }
}
