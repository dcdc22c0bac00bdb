package io.nzbmount.server.archive;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes RAR4 and RAR5 archives byte by byte after the published header layouts, for tests (no
 * RAR tool exists on the build machines). Members are written as given: "stored" members are a
 * real stored archive that unrar would extract; "compressed" and "encrypted" members only carry
 * those flags in their headers (their data is whatever bytes were given).
 *
 * <pre>{@code
 * List<ArchiveVolume> vols = RarBuilder.storedRar4("film", "film.mkv", bytes, 200_000);   // film.part01.rar ...
 * List<ArchiveVolume> vols = RarBuilder.rar5("film").member("film.mkv", bytes)
 *         .member("film.nfo", nfo).volumeSize(200_000).build();
 * }</pre>
 *
 * Not thread-safe; one builder makes one archive.
 */
public final class RarBuilder {
    /**
     * A member: its path ({@code /} separated), its bytes, the header flags to give it, and the
     * modification time its headers carry (the raw 32-bit field of the format).
     */
    public record Entry(String name, byte[] data, boolean compressed, boolean encrypted, long time) {
        /** The time every member gets unless told otherwise. */
        public static final long TIME = 0x5A8E3100L;

        public Entry(String name, byte[] data) {
            this(name, data, false, false, TIME);
        }

        public Entry(String name, byte[] data, boolean compressed, boolean encrypted) {
            this(name, data, compressed, encrypted, TIME);
        }
    }

    private final ArchiveSet.Format format;
    private final String archiveName;
    private final List<Entry> entries = new ArrayList<>();
    private int volumeSize;
    private boolean oldStyleNames;
    private boolean solid;
    private boolean encryptedHeaders;
    private boolean volumeNumbers = true;

    private RarBuilder(ArchiveSet.Format format, String archiveName) {
        this.format = format;
        this.archiveName = archiveName;
    }

    /** A RAR4 archive named {@code archiveName.rar} or {@code archiveName.partNN.rar}. */
    public static RarBuilder rar4(String archiveName) {
        return new RarBuilder(ArchiveSet.Format.RAR4, archiveName);
    }

    /** A RAR5 archive named {@code archiveName.rar} or {@code archiveName.partNN.rar}. */
    public static RarBuilder rar5(String archiveName) {
        return new RarBuilder(ArchiveSet.Format.RAR5, archiveName);
    }

    /** A stored RAR4 set of one member cut into volumes of at most {@code volumeSize} bytes (0: one volume). */
    public static List<ArchiveVolume> storedRar4(String archiveName, String member, byte[] data, int volumeSize) {
        return rar4(archiveName).member(member, data).volumeSize(volumeSize).build();
    }

    /** A stored RAR5 set of one member cut into volumes of at most {@code volumeSize} bytes (0: one volume). */
    public static List<ArchiveVolume> storedRar5(String archiveName, String member, byte[] data, int volumeSize) {
        return rar5(archiveName).member(member, data).volumeSize(volumeSize).build();
    }

    public RarBuilder member(String name, byte[] data) {
        return member(new Entry(name, data));
    }

    public RarBuilder member(Entry entry) {
        entries.add(entry);
        return this;
    }

    /** Cut into volumes of at most this many bytes; 0 (the default) writes one plain archive. */
    public RarBuilder volumeSize(int bytes) {
        this.volumeSize = bytes;
        return this;
    }

    /** Name volumes {@code .rar, .r00, .r01...} instead of {@code .part01.rar...}. */
    public RarBuilder oldStyleNames() {
        this.oldStyleNames = true;
        return this;
    }

    /** Mark the archive solid (main header) and every member after the first. */
    public RarBuilder solid() {
        this.solid = true;
        return this;
    }

    /** Encrypted headers: after the headers that announce it, every volume holds random bytes. */
    public RarBuilder encryptedHeaders() {
        this.encryptedHeaders = true;
        return this;
    }

    /** RAR4 only: leave volume numbers out of the end blocks, as RAR before 3.x did. */
    public RarBuilder withoutVolumeNumbers() {
        this.volumeNumbers = false;
        return this;
    }

    public List<ArchiveVolume> build() {
        RarHeaders headers = format == ArchiveSet.Format.RAR4 ? new Rar4Headers(volumeNumbers) : new Rar5Headers();
        boolean multiVolume = volumeSize > 0;
        List<byte[]> volumes = new ArrayList<>();
        ByteArrayOutputStream out = startVolume(headers, 0, multiVolume);
        if (encryptedHeaders) {
            byte[] noise = new byte[64];
            new Random(7).nextBytes(noise);
            out.writeBytes(noise);
            volumes.add(out.toByteArray());
            return named(volumes);
        }
        int endSize = headers.end(true, 0).length;
        for (int m = 0; m < entries.size(); m++) {
            Entry e = entries.get(m);
            boolean memberSolid = solid && m > 0;
            int done = 0;
            boolean first = true;
            do {
                int remaining = e.data().length - done;
                int headerSize = headers.file(e, memberSolid, done, remaining, !first, true).length;
                int part = remaining;
                if (multiVolume) {
                    int room = volumeSize - out.size() - headerSize - endSize;
                    if (room < 0 || (room == 0 && remaining > 0)) {
                        if (out.size() <= headers.start(0, true).length + 8) {
                            throw new IllegalArgumentException(
                                    "volume size " + volumeSize + " is too small for the headers");
                        }
                        out.writeBytes(headers.end(true, volumes.size()));
                        volumes.add(out.toByteArray());
                        out = startVolume(headers, volumes.size(), true);
                        continue;
                    }
                    part = Math.min(remaining, room);
                }
                boolean splitAfter = done + part < e.data().length;
                out.writeBytes(headers.file(e, memberSolid, done, part, !first, splitAfter));
                out.write(e.data(), done, part);
                done += part;
                first = false;
                if (splitAfter) {
                    out.writeBytes(headers.end(true, volumes.size()));
                    volumes.add(out.toByteArray());
                    out = startVolume(headers, volumes.size(), true);
                }
            } while (done < e.data().length);
        }
        out.writeBytes(headers.end(false, volumes.size()));
        volumes.add(out.toByteArray());
        return named(volumes);
    }

    private ByteArrayOutputStream startVolume(RarHeaders headers, int number, boolean multiVolume) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(headers.signature());
        if (encryptedHeaders) out.writeBytes(headers.encryptedMain(number, multiVolume, !oldStyleNames));
        else out.writeBytes(headers.main(number, multiVolume, solid, !oldStyleNames));
        return out;
    }

    private List<ArchiveVolume> named(List<byte[]> volumes) {
        List<ArchiveVolume> named = new ArrayList<>();
        int width = Math.max(2, String.valueOf(volumes.size()).length());
        for (int i = 0; i < volumes.size(); i++) {
            String name;
            if (volumes.size() == 1 && volumeSize == 0) name = archiveName + ".rar";
            else if (oldStyleNames) name = i == 0 ? archiveName + ".rar" : archiveName + String.format(".r%02d", i - 1);
            else name = archiveName + String.format(".part%0" + width + "d.rar", i + 1);
            named.add(new ArchiveVolume(name, volumes.get(i)));
        }
        return named;
    }

    /**
     * The CRC a file header carries, as RAR writes it: of the part's data while the member
     * continues in the next volume, of the whole member in its last (or only) part.
     */
    static long dataCrc(Entry entry, int partOffset, int partSize, boolean splitAfter) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        if (splitAfter) crc.update(entry.data(), partOffset, partSize);
        else crc.update(entry.data());
        return crc.getValue();
    }

    /** The header writers of one format. */
    interface RarHeaders {
        byte[] signature();

        byte[] main(int number, boolean multiVolume, boolean solid, boolean newNumbering);

        /** The headers a volume starts with when the rest is encrypted. */
        byte[] encryptedMain(int number, boolean multiVolume, boolean newNumbering);

        /** The header of the part of {@code entry} from {@code partOffset}, {@code partSize} bytes long. */
        byte[] file(Entry entry, boolean solid, int partOffset, int partSize, boolean splitBefore, boolean splitAfter);

        byte[] end(boolean moreFollow, int number);

        default byte[] start(int number, boolean multiVolume) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(signature());
            out.writeBytes(main(number, multiVolume, false, true));
            return out.toByteArray();
        }
    }
}
