package io.nzbmount.server.repair.par2;

/**
 * One Recovery Slice packet: {@code data = sum over input slices i of c_i^exponent * slice_i}.
 *
 * @param exponent the exponent, 0 to 65534 in sets par2 writes
 * @param data     slice-size bytes; owned by the record's holder, not copied
 */
public record RecoverySlice(int exponent, byte[] data) {}
