package io.nzbmount.server.cutover;

import io.nzbmount.server.proof.Verdict;
import java.util.Arrays;

/**
 * The proof a cutover asks of an already verified standby: the bytes this response sent just
 * before the cut must be the standby's bytes at the same offsets. Pure and stateless.
 */
final class RangeProof {
    private RangeProof() {}

    /**
     * Judges a standby at offset {@code cutAt}.
     *
     * @param sent what this response sent; its {@link SentBytes#position()} must be {@code cutAt}
     * @param cutAt the offset where the response continues from the standby
     * @param standby the standby's bytes read from {@link SentBytes#heldFrom()}: {@code null} when the
     *        read failed, fewer bytes than held when it came back short; not modified
     * @return {@link Verdict#VERIFIED} when all held bytes are equal; {@link Verdict#MISMATCH} when any
     *         compared byte differs; otherwise (nothing sent yet, read failed or short) {@link Verdict#INCONCLUSIVE}
     * @throws IllegalArgumentException when the response does not stand at {@code cutAt}, or
     *         {@code standby} holds more bytes than were sent
     */
    public static Verdict judge(SentBytes sent, long cutAt, byte[] standby) {
        if (sent.position() != cutAt) {
            throw new IllegalArgumentException("response stands at " + sent.position() + ", not at " + cutAt);
        }
        if (standby == null || sent.held() == 0) {
            return Verdict.INCONCLUSIVE;
        }
        byte[] held = sent.heldBytes();
        if (standby.length > held.length) {
            throw new IllegalArgumentException(standby.length + " standby bytes for " + held.length + " sent");
        }
        if (!Arrays.equals(held, 0, standby.length, standby, 0, standby.length)) {
            return Verdict.MISMATCH;
        }
        return standby.length == held.length ? Verdict.VERIFIED : Verdict.INCONCLUSIVE;
    }
}
