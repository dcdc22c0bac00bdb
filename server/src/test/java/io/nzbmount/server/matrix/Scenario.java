package io.nzbmount.server.matrix;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One drawn case of the fault matrix: the file, its sources, what each source lacks, the
 * provider faults, and what the client does. A pure function of its seed
 * ({@link ScenarioDraw#draw}); not changed once drawn (the draw fills the fault maps), so any
 * thread may read it after.
 *
 * <p>Every source but an impostor holds the same bytes (drawn from the seed); source 0 is the
 * primary, the others are standbys added by hand. Every article is stored on both providers,
 * {@code a} (asked first) and {@code b}, except where {@link SourceSpec#faults()} says otherwise.
 * Provider {@code b} always has an article unless its damage names {@code b} or both.
 *
 * @param seed       the seed it was drawn from
 * @param size       the file's size in bytes
 * @param sources    the primary first, then the standbys
 * @param client     what the client does
 * @param loginFault provider {@code a} refuses every connection past its first with 502
 * @param ranges     the client's byte ranges, inclusive ends as a {@code Range} header states them
 * @param outage     the standby whose background proof meets a provider outage (both providers
 *                   answer 430 for every article until its proof has a result), or -1 for none
 */
record Scenario(
        long seed,
        int size,
        List<SourceSpec> sources,
        Client client,
        boolean loginFault,
        List<long[]> ranges,
        int outage) {

    Scenario(long seed, int size, List<SourceSpec> sources, Client client, boolean loginFault, List<long[]> ranges) {
        this(seed, size, sources, client, loginFault, ranges, -1);
    }

    /** What the client does. */
    enum Client {
        /** One GET without {@code Range}, read to the end. */
        FULL,
        /** {@code bytes=a-b}. */
        RANGE,
        /** {@code bytes=-n}. */
        SUFFIX,
        /** {@code bytes=a-}. */
        OPEN,
        /** A full GET; near the primary's first hole a second connection reads {@code bytes=N-} whole, then the first goes on. */
        SEEK,
        /** {@code bytes=0-}, some bytes read, then the connection is dropped. */
        ABORT,
        /** Kodi: {@code bytes=0-} left open and unread, the last 128 KiB, {@code bytes=N-}, then the first is read on. */
        KODI,
        /** A full GET, the item deleted, another release of other bytes imported under the same names, read whole. */
        IDENTITY
    }

    /** How an article of one source is damaged, and on which provider. */
    enum Damage {
        /** 430 on both providers: a hole. */
        MISSING,
        /** A wrong CRC on both providers: a hole. */
        CORRUPT,
        /** 430 on {@code a}; {@code b} has it. */
        MISSING_ON_A,
        /** 430 on {@code b}; {@code a} has it (but may be refusing connections: {@code loginFault}). */
        MISSING_ON_B,
        /** A wrong CRC on {@code a}; {@code b} has it. */
        CORRUPT_ON_A,
        /** {@code a} answers its first BODY with 503. */
        SERVICE_ERROR_ON_A,
        /** {@code a} resets the connection in the middle of its first answer. */
        RESET_ON_A,
        /** {@code a} waits {@code value} ms before its first answer. */
        STALL_ON_A,
        /** {@code a} sends nothing for its first BODY until the seed ends (sockets open). */
        SILENT_ON_A,
        /** {@code a} sends its first answer at {@code value} bytes per second. */
        TRICKLE_ON_A,
        /** The NZB does not list the article (one of its first or last): the source lacks its bytes. */
        UNLISTED,
        /** The NZB lists the part twice: first a copy no provider has, then this good one. */
        LISTED_TWICE_FIRST_MISSING,
        /** The NZB lists the part twice: first a copy every provider serves damaged (a wrong CRC), then this good one. */
        LISTED_TWICE_FIRST_CORRUPT;

        /** Whether no provider can serve the article: the source lacks its bytes. */
        boolean hole() {
            return this == MISSING || this == CORRUPT || this == UNLISTED;
        }

        /** Whether the NZB lists a bad copy of the part before this good one. */
        boolean listedTwice() {
            return this == LISTED_TWICE_FIRST_MISSING || this == LISTED_TWICE_FIRST_CORRUPT;
        }

        /** Whether the fault only delays the bytes. */
        boolean delays() {
            return this == STALL_ON_A || this == SILENT_ON_A || this == TRICKLE_ON_A;
        }

        /** Whether only provider {@code a} can serve the article. */
        boolean onlyOnA() {
            return this == MISSING_ON_B;
        }
    }

    /** One fault on one article: {@code value} is its parameter (ms, bytes per second, reset point), 0 when none. */
    record Fault(Damage damage, int value) {}

    /**
     * One release of the file.
     *
     * @param fileName its file name (another name than the primary's for an obfuscated repost)
     * @param partSize its article size
     * @param faults   article index (0-based) to its fault
     * @param impostor it holds other bytes of the same size (a wrong release): it must never serve one
     * @param archive  how it is posted inside RAR5 or 7z volumes, or null when the file is posted as it is;
     *                 the fault keys of an archived source count the articles of its volumes
     *                 ({@link SourceLayout})
     * @param repeat   a volume of an archived source posted a second time under the same name, or null
     * @param recovery the PAR2 recovery data posted with it, or null when it posts none
     */
    record SourceSpec(
            String fileName,
            int partSize,
            SortedMap<Integer, Fault> faults,
            boolean impostor,
            Archive archive,
            Repeat repeat,
            Recovery recovery) {
        SourceSpec {
            faults = new TreeMap<>(faults);
        }

        SourceSpec(
                String fileName,
                int partSize,
                SortedMap<Integer, Fault> faults,
                boolean impostor,
                Archive archive,
                Repeat repeat) {
            this(fileName, partSize, faults, impostor, archive, repeat, null);
        }

        /** The same source, posted with {@code recovery}. */
        SourceSpec withRecovery(Recovery recovery) {
            return new SourceSpec(fileName, partSize, faults, impostor, archive, repeat, recovery);
        }

        SourceSpec(String fileName, int partSize, SortedMap<Integer, Fault> faults, boolean impostor) {
            this(fileName, partSize, faults, impostor, null, null);
        }

        SourceSpec(String fileName, int partSize, SortedMap<Integer, Fault> faults, boolean impostor, Archive archive) {
            this(fileName, partSize, faults, impostor, archive, null);
        }

        int articles(int size) {
            return (size + partSize - 1) / partSize;
        }

        /** The article indexes no provider can serve. */
        List<Integer> holes() {
            List<Integer> out = new ArrayList<>();
            for (Map.Entry<Integer, Fault> e : faults.entrySet())
                if (e.getValue().damage().hole()) out.add(e.getKey());
            return out;
        }
    }

    /**
     * A source posted as a stored volume set with a par2 index, as releases wrap a film.
     *
     * @param volumeSize the largest volume's size in bytes ({@link io.nzbmount.server.archive.StoredRar5Writer},
     *                   {@link io.nzbmount.server.archive.StoredSevenZipWriter})
     * @param obfuscated every posted file (volumes and par2) under a name of hex digits, so only the
     *                   par2 descriptions tell the volumes' names
     * @param format     RAR5 volumes, or the parts of one split 7z archive
     * @param password   the password the film's data is encrypted with (RAR5 {@code -p}, given in the
     *                   NZB's {@code <meta type="password">}), or null when it is stored plain
     */
    record Archive(int volumeSize, boolean obfuscated, Format format, String password) {
        Archive(int volumeSize, boolean obfuscated, Format format) {
            this(volumeSize, obfuscated, format, null);
        }
    }

    /**
     * A volume posted twice, the second copy listed in the NZB before the first (so a reader that
     * keeps the first it meets keeps the copy): {@code differs} when the copy has other bytes (of
     * the same length, a run of its film data changed), else it equals the volume.
     *
     * @param volume the volume's index in posting order
     */
    record Repeat(int volume, boolean differs) {}

    /**
     * PAR2 recovery data posted with a source, after its files: an index and one volume of
     * {@code slices} recovery slices over the film (a plain source) or over the volumes (an
     * archived one, whose par2 index gives the slice size), made by
     * {@link io.nzbmount.server.repair.par2.RecoveryWriter}.
     *
     * @param sliceSize the slice size of a plain source's set, a multiple of 4
     * @param slices    how many recovery slices
     */
    record Recovery(int sliceSize, int slices) {}

    /** How an archived source's volumes are made. */
    enum Format {
        RAR5,
        SEVEN_ZIP
    }

    SourceSpec primary() {
        return sources.get(0);
    }

    /** The scenario in words, for a failure report. */
    String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append("seed ")
                .append(seed)
                .append(": a file of ")
                .append(size)
                .append(" bytes; client ")
                .append(client);
        for (long[] r : ranges)
            sb.append(" [")
                    .append(r[0])
                    .append('-')
                    .append(r[1] < 0 ? "" : r[1])
                    .append(']');
        if (loginFault) sb.append("; provider a refuses connections past its first with 502");
        if (outage > 0)
            sb.append("; standby ").append(outage).append("'s proof meets every article 430 on both providers");
        for (int i = 0; i < sources.size(); i++) {
            SourceSpec s = sources.get(i);
            sb.append("\n  ")
                    .append(i == 0 ? "primary" : "standby " + i)
                    .append(s.impostor() ? " (other bytes)" : "")
                    .append(": ")
                    .append(s.fileName())
                    .append(", ")
                    .append(s.articles(size))
                    .append(" articles of ")
                    .append(s.partSize())
                    .append(" bytes");
            if (s.archive() != null) {
                sb.append(s.archive().format() == Format.RAR5 ? ", inside RAR5 volumes of " : ", inside 7z parts of ")
                        .append(s.archive().volumeSize())
                        .append(" bytes")
                        .append(s.archive().obfuscated() ? " under hex names" : "")
                        .append(s.archive().password() != null ? ", encrypted" : "");
            }
            if (s.recovery() != null) {
                sb.append("; par2 with ").append(s.recovery().slices()).append(" recovery slices");
                if (s.archive() == null)
                    sb.append(" of ").append(s.recovery().sliceSize()).append(" bytes");
            }
            if (s.repeat() != null) {
                sb.append("; volume ")
                        .append(s.repeat().volume())
                        .append(" posted twice, the copies ")
                        .append(s.repeat().differs() ? "different" : "equal");
            }
            s.faults()
                    .forEach((k, f) -> sb.append("; article ")
                            .append(k)
                            .append(s.archive() != null ? " of the volumes " : " [" + (long) k * s.partSize() + "..) ")
                            .append(f.damage())
                            .append(f.value() != 0 ? " " + f.value() : ""));
        }
        return sb.toString();
    }

    /** A short name for the summary's per-class counts. */
    String scenarioClass() {
        String c = client.name().toLowerCase(java.util.Locale.ROOT);
        boolean holes = sources.stream().anyMatch(s -> !s.holes().isEmpty());
        boolean rar = sources.stream()
                .anyMatch(s -> s.archive() != null && s.archive().format() == Format.RAR5);
        boolean sevenZip = sources.stream()
                .anyMatch(s -> s.archive() != null && s.archive().format() == Format.SEVEN_ZIP);
        boolean encrypted = sources.stream()
                .anyMatch(s -> s.archive() != null && s.archive().password() != null);
        boolean par2 = sources.stream().anyMatch(s -> s.recovery() != null);
        return c
                + (sources.size() > 1 ? "+standby" : "")
                + (holes ? "+holes" : "")
                + (rar ? "+rar" : "")
                + (sevenZip ? "+7z" : "")
                + (encrypted ? "+aes" : "")
                + (par2 ? "+par2" : "");
    }
}
