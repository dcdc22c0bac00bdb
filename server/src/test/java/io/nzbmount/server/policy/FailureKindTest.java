package io.nzbmount.server.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadCancelledException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class FailureKindTest {
    @Test
    void failuresAreClassifiedByTheirType() {
        IOException[] failures = {
            new ReadCancelledException("x"), new ProvidersUnavailableException("m", "x", null),
            new ArticleUnavailableException("m", "x", null), new ArticleMissingException("m", "x"),
            new ArticleCorruptException("m", "x", null), new IOException("x")
        };
        FailureKind[] kinds = {
            FailureKind.CANCELLED,
            FailureKind.PROVIDERS,
            FailureKind.TRANSIENT,
            FailureKind.PERMANENT,
            FailureKind.PERMANENT,
            FailureKind.UNKNOWN
        };
        for (int i = 0; i < failures.length; i++) assertEquals(kinds[i], FailureKind.of(failures[i]));
    }
}
