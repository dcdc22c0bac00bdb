/**
 * The fingerprint sweep, the one home of the sweep family: the sample plan and its moves off
 * unreadable bytes ({@code Sample*}, {@link io.nzbmount.server.sweep.FilePair}), the sweep itself
 * ({@link io.nzbmount.server.sweep.Sweep}) and its parts, each named {@code Sweep*}: the tally of
 * its samples, the guard that may stop it, the deadline a cutover holds it to, the progress it
 * reports, and the runner a cutover calls while a player waits. A sweep concludes a
 * {@link io.nzbmount.server.proof.Proof}; storing it is the caller's job.
 */
package io.nzbmount.server.sweep;
