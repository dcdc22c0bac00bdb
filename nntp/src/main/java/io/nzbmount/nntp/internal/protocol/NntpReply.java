package io.nzbmount.nntp.internal.protocol;

/**
 * One NNTP status line as a value: the three-digit code and the text after it (without the
 * separating space and the line end). Immutable.
 */
public record NntpReply(int code, String text) {

    public static final int GREETING_POSTING = 200;
    public static final int GREETING_NO_POSTING = 201;
    public static final int SERVICE_UNAVAILABLE = 400;
    public static final int SERVICE_PERMANENTLY_UNAVAILABLE = 502;
    public static final int BODY_FOLLOWS = 222;
    public static final int ARTICLE_EXISTS = 223;
    public static final int CLOSING = 205;
    public static final int AUTH_ACCEPTED = 281;
    public static final int PASSWORD_REQUIRED = 381;
    public static final int NO_SUCH_ARTICLE_ID = 430;
    public static final int NO_SUCH_ARTICLE_NUMBER = 423;
    public static final int AUTH_REQUIRED = 480;
    public static final int AUTH_REJECTED = 481;
    public static final int AUTH_OUT_OF_SEQUENCE = 482;
    public static final int FEATURE_NOT_SUPPORTED = 503;

    public NntpReply {
        if (code < 100 || code > 599) throw new IllegalArgumentException("status code out of range: " + code);
        text = text == null ? "" : text;
    }

    /** The first digit: 1 informative, 2 ok, 3 continue, 4 transient failure, 5 permanent failure. */
    public int kind() {
        return code / 100;
    }

    public boolean isGreetingOk() {
        return code == GREETING_POSTING || code == GREETING_NO_POSTING;
    }

    /** 430 (no article with that message id) or 423 (no article with that number). */
    public boolean isNoSuchArticle() {
        return code == NO_SUCH_ARTICLE_ID || code == NO_SUCH_ARTICLE_NUMBER;
    }

    @Override
    public String toString() {
        return text.isEmpty() ? Integer.toString(code) : code + " " + text;
    }
}
