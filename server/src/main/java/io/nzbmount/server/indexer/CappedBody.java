package io.nzbmount.server.indexer;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects a response body into a byte array, but no more than a cap: a body announced or found
 * to be larger is cancelled (the connection is dropped, nothing more is read) and completes with
 * {@link TooLarge}. Each instance serves one response; the HTTP client calls it from its own threads
 * in sequence.
 */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {

    /** Completes a body that went over the cap. Carries no text: the caller builds the message. */
    static final class TooLarge extends RuntimeException {
        TooLarge() {
            super(null, null, false, false);
        }
    }

    private final long cap;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private final boolean refused;
    private Flow.Subscription subscription;

    private CappedBody(long cap, boolean refused) {
        this.cap = cap;
        this.refused = refused;
    }

    /** A handler that checks the announced length first, then counts what arrives. */
    static HttpResponse.BodyHandler<byte[]> handler(long cap) {
        return info -> {
            OptionalLong announced = info.headers().firstValueAsLong("Content-Length");
            return new CappedBody(cap, announced.isPresent() && announced.getAsLong() > cap);
        };
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (refused) {
            s.cancel();
            result.completeExceptionally(new TooLarge());
        } else {
            s.request(1);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (result.isDone()) return;
        for (ByteBuffer b : buffers) {
            if (out.size() + (long) b.remaining() > cap) {
                subscription.cancel();
                result.completeExceptionally(new TooLarge());
                return;
            }
            byte[] chunk = new byte[b.remaining()];
            b.get(chunk);
            out.write(chunk, 0, chunk.length);
        }
        subscription.request(1);
    }

    @Override
    public void onError(Throwable error) {
        result.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
        result.complete(out.toByteArray());
    }
}
