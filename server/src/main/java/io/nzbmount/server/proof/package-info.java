/**
 * The conclusion of a proof that a standby holds its item's bytes ({@link io.nzbmount.server.proof.Verdict},
 * {@link io.nzbmount.server.proof.Proof}): the words the sweeps, the background proofs and the cutovers share.
 * Depends on nothing; the store turns a verdict into its stored states, no one else.
 */
package io.nzbmount.server.proof;
