package io.nzbmount.server.indexer;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * Makes the typed failures of one indexer: the one place where Newznab error codes and HTTP
 * statuses are mapped to {@link IndexerException} subtypes. Every text that goes into a message
 * passes the {@link Redactor} first. Thread safe.
 */
final class Failures {
    private final String indexer;
    private final Redactor redactor;

    Failures(String indexer, Redactor redactor) {
        this.indexer = indexer;
        this.redactor = redactor;
    }

    String redact(String text) {
        return redactor.redact(text);
    }

    /** An answer of the form {@code <error code=".." description=".."/>}, classified by its code. */
    IndexerException newznabError(int code, String description) {
        String text = description == null || description.isBlank() ? "" : ": " + redact(description.strip());
        String what = "Newznab error " + code + text;
        return switch (code) {
            case 100, 101, 102 ->
                new IndexerException.CredentialsRejected(
                        indexer, code, "the API key or account was rejected (" + what + ")");
            case 200, 201, 202, 203 ->
                new IndexerException.BadRequest(
                        indexer, code, "the indexer does not accept this request (" + what + ")");
            case 300 -> new IndexerException.NzbGone(indexer, code, "the release is gone (" + what + ")");
            case 500, 501 ->
                new IndexerException.LimitReached(
                        indexer, code, "the account's request or download limit is reached (" + what + ")");
            default -> new IndexerException.Unavailable(indexer, code, "the indexer reported a failure (" + what + ")");
        };
    }

    /**
     * A non-2xx status whose body was not a Newznab error. {@code download} says the URL was an NZB
     * link, where 404 and 410 mean the NZB is gone; on the API URL a 404 means a wrong URL.
     */
    IndexerException httpStatus(int status, boolean download, String url) {
        String at = " from " + redact(url);
        if (download && (status == 404 || status == 410)) {
            return new IndexerException.NzbGone(indexer, 0, "the NZB is gone (HTTP " + status + at + ")");
        }
        if (status == 401 || status == 403) {
            return new IndexerException.CredentialsRejected(
                    indexer, 0, "the API key was rejected (HTTP " + status + at + ")");
        }
        if (status == 429) {
            return new IndexerException.LimitReached(indexer, 0, "too many requests (HTTP 429" + at + ")");
        }
        if (status == 408 || status >= 500) {
            return new IndexerException.Unavailable(
                    indexer, 0, "the indexer is not answering properly (HTTP " + status + at + ")");
        }
        if (status >= 300 && status < 400) {
            return new IndexerException.MalformedAnswer(
                    indexer, "answered with a redirect that was not followed (HTTP " + status + at + ")");
        }
        String hint = status == 404 ? "; check the indexer's URL" : "";
        return new IndexerException.BadRequest(indexer, 0, "the request was refused (HTTP " + status + at + hint + ")");
    }

    IndexerException.MalformedAnswer malformed(String detail) {
        return new IndexerException.MalformedAnswer(indexer, "the answer is not usable: " + redact(detail));
    }

    IndexerException.Unavailable timeout(String url, Duration limit) {
        return new IndexerException.Unavailable(
                indexer, 0, "no complete answer within " + limit.toMillis() + " ms from " + redact(url));
    }

    /** A failure below HTTP: classified by the exception's type, described without its message. */
    IndexerException.Unavailable io(String url, IOException e) {
        String what = switch (e) {
            case HttpConnectTimeoutException t -> "connecting timed out";
            case HttpTimeoutException t -> "no answer in time";
            case ConnectException c -> "the connection was refused";
            default -> "the connection failed (" + e.getClass().getSimpleName() + ")";
        };
        return new IndexerException.Unavailable(indexer, 0, what + " for " + redact(url));
    }

    IndexerException.Unavailable interrupted(String url) {
        return new IndexerException.Unavailable(indexer, 0, "the request to " + redact(url) + " was interrupted");
    }

    IndexerException.NzbTooLarge tooLarge(String url, long cap) {
        return new IndexerException.NzbTooLarge(
                indexer, "the NZB at " + redact(url) + " is larger than the cap of " + cap + " bytes");
    }
}
