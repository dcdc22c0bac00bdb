package io.nzbmount.server.archive;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The parts of a split file (x.7z.001, x.7z.002, ...) seen as one byte stream: a stream offset
 * maps to (part, offset) through the parts' sizes. A single file is a stream of one part. Not
 * thread-safe (reads go through {@link VolumeBytes}).
 */
final class SplitStream {
    private final List<VolumeBytes> parts;
    private final long[] starts;
    private final long total;

    SplitStream(List<VolumeBytes> parts) throws IOException {
        this.parts = List.copyOf(parts);
        this.starts = new long[parts.size()];
        long at = 0;
        for (int i = 0; i < parts.size(); i++) {
            starts[i] = at;
            at += parts.get(i).size();
        }
        this.total = at;
    }

    long total() {
        return total;
    }

    /** Exactly {@code length} bytes from stream offset {@code offset}, across parts. */
    byte[] read(long offset, int length) throws IOException, ArchiveException {
        if (offset < 0 || offset + length > total) {
            throw ArchiveException.damaged(
                    "a header at offset " + offset + " lies past the end of the archive (" + total + " bytes)");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(length);
        for (Piece p : pieces(offset, length)) {
            out.writeBytes(part(p.file()).read(p.offset(), (int) p.length()));
        }
        return out.toByteArray();
    }

    /** Where the stream range lies, as ranges of the parts' release files. */
    List<Piece> pieces(long offset, long length) {
        List<Piece> pieces = new ArrayList<>();
        long at = offset;
        long left = length;
        for (int i = 0; i < parts.size() && left > 0; i++) {
            long end = starts[i] + sizeOf(i);
            if (at >= end) continue;
            long take = Math.min(left, end - at);
            pieces.add(new Piece(parts.get(i).file(), at - starts[i], take));
            at += take;
            left -= take;
        }
        if (left > 0) throw new IllegalArgumentException("range past the end of the stream");
        return pieces;
    }

    /** The first {@code length} bytes of a piece of one of the parts. */
    byte[] readPiece(Piece piece, int length) throws IOException, ArchiveException {
        return part(piece.file()).read(piece.offset(), length);
    }

    private long sizeOf(int i) {
        return (i + 1 < starts.length ? starts[i + 1] : total) - starts[i];
    }

    private VolumeBytes part(int file) {
        for (VolumeBytes p : parts) if (p.file() == file) return p;
        throw new IllegalArgumentException("no part " + file);
    }
}
