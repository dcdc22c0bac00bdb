package io.nzbmount.server.cli;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadFailure;

/** Plain-language descriptions of read failures, chosen by type. */
final class Failures {
    private Failures() {}

    static String describe(ReadFailure failure) {
        String what = switch (failure) {
            case ArticleMissingException m -> "article missing on every provider";
            case ArticleCorruptException c -> "article damaged on every provider that has it";
            case ArticleUnavailableException u -> "article could not be fetched after retries";
            case ProvidersUnavailableException p -> "no provider could be used";
        };
        return what + " (<" + failure.messageId() + ">): " + failure.getMessage();
    }
}
