package io.nzbmount.server.repair;

import io.nzbmount.server.repair.par2.RepairPlan;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Optional;

/**
 * A repair's progress on disk, so a restart continues where it was: the rebuild's rows after the
 * input slices below {@code next}, tagged with the plan they belong to (set, slice size, missing
 * slices, recovery exponents). A saved state of another plan is not used. Written to a temporary
 * file and moved into place whole. One job owns one file.
 */
final class Checkpoint {
    private static final int MAGIC = 0x4e5a5231;

    /** A saved state: the rows after every readable input slice below {@code next} was added. */
    record Saved(int next, long bytesRead, byte[][] rows) {}

    private final Path file;
    private final byte[] signature;

    Checkpoint(Path dir, long sourceId, byte[] setId, RepairPlan plan) throws IOException {
        this.file = Files.createDirectories(dir).resolve(sourceId + ".progress");
        this.signature = signature(setId, plan);
    }

    /** The saved state of this plan, if there is one. */
    Optional<Saved> load(int rows, int sliceSize) throws IOException {
        try (InputStream raw = Files.newInputStream(file);
                DataInputStream in = new DataInputStream(raw)) {
            if (in.readInt() != MAGIC) return Optional.empty();
            byte[] sig = in.readNBytes(signature.length);
            if (!Arrays.equals(sig, signature)) return Optional.empty();
            int next = in.readInt();
            long bytesRead = in.readLong();
            if (in.readInt() != rows || in.readInt() != sliceSize) return Optional.empty();
            byte[][] saved = new byte[rows][];
            for (int r = 0; r < rows; r++) {
                saved[r] = in.readNBytes(sliceSize);
                if (saved[r].length != sliceSize) return Optional.empty();
            }
            return Optional.of(new Saved(next, bytesRead, saved));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (java.io.EOFException e) {
            return Optional.empty();
        }
    }

    /** Saves the rows after the readable input slices below {@code next}. */
    void save(int next, long bytesRead, byte[][] rows) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream raw = Files.newOutputStream(temp);
                DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(raw, 1 << 16))) {
            out.writeInt(MAGIC);
            out.write(signature);
            out.writeInt(next);
            out.writeLong(bytesRead);
            out.writeInt(rows.length);
            out.writeInt(rows.length == 0 ? 0 : rows[0].length);
            for (byte[] row : rows) out.write(row);
        }
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Forgets the saved state (the repair ended). */
    void delete() throws IOException {
        Files.deleteIfExists(file);
    }

    private static byte[] signature(byte[] setId, RepairPlan plan) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(setId);
            ByteBuffer b = ByteBuffer.allocate(8 + 4 * (plan.missing().length + plan.exponents().length + 2));
            b.putLong(plan.sliceSize());
            b.putInt(plan.missing().length);
            for (int m : plan.missing()) b.putInt(m);
            b.putInt(plan.exponents().length);
            for (int e : plan.exponents()) b.putInt(e);
            d.update(b.array());
            return d.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
