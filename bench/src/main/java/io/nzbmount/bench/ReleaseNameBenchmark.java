package io.nzbmount.bench;

import io.nzbmount.server.release.ReleaseInfo;
import io.nzbmount.server.release.ReleaseName;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Parsing release names on one thread: a mix of scene films and episodes, season packs, daily
 * shows, fansub names, editions, revisions and junk (sites, repost suffixes, brackets). One
 * operation is one name; the score is names per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Threads(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ReleaseNameBenchmark {

    static final String[] NAMES = {
        "The.Matrix.1999.1080p.BluRay.x264-SPARKS",
        "Show.Name.S03E01E02E03.1080p.WEB.h264-GRP",
        "Grey's.Anatomy.S15.E06.720p.HDTV.x264-AVS",
        "Friends Season 1 - Season 10 COMPLETE 720p BluRay x264-GRP",
        "The.Daily.Show.2024.03.12.Guest.Name.720p.WEB.h264-EDITH",
        "Coronation.Street.31.12.2023.720p.HDTV.x264-GRP",
        "[SubsPlease] Frieren - 12 (1080p) [A1B2C3D4].mkv",
        "[ASW] Mushoku Tensei - Jobless Reincarnation S2 - 01 [1080p HEVC][5E1F2A3B].mkv",
        "The.Walking.Dead.S07.Vol.1.1080p.WEB-DL.x264-GRP",
        "Movie.Title.Directors.Cut.2019.1080p.BluRay.x264-GRP",
        "X-Men.Days.of.Future.Past.2014.THE.ROGUE.CUT.1080p.BluRay.x264-GRP",
        "Avatar.2009.3D.Half-SBS.1080p.BluRay.x264-GRP",
        "Show.S02E03.REAL.PROPER.720p.HDTV.x264-GRP",
        "Show.S01E01.720p.HDTV.x264-GROUP.PROPER",
        "www.Torrenting.com - Movie.Title.2019.1080p.WEB-DL.x264-GRP",
        "Movie.Title.2019.1080p.BluRay.x264-GRP-NZBgeek",
        "Movie.Title.2019.1080p.BluRay.DTS.x264-D-Z0N3",
        "Movie Title (2019) [1080p] [WEBRip] [5.1] [YTS.MX]",
        "Show Name - S01E01 - Pilot [WEBDL-1080p][x264][AAC]-GRP",
        "Movie.Title.2019.MULTi.VFF.1080p.BluRay.x264-GRP",
        "Movie.Title.2019.Bluray720p.x264-GRP",
        "2001 A Space Odyssey (1968) 2160p UHD BluRay x265-GRP",
        "9-1-1.S06E01.720p.HDTV.x264-SYNCOPY",
        "S.W.A.T.2017.S07E01.1080p.WEB.h264-GRP",
        "Blade.Runner.2049.2017.2160p.UHD.BluRay.REMUX.HDR.HEVC.Atmos-EPSiLON",
        "Stranger.Things.S04E09.Chapter.Nine.The.Piggyback.2160p.NF.WEB-DL.DDP5.1.Atmos.DV.HDR.H.265-GRP",
        "Movie-Title-2019-1080p-BluRay-x264-GRP",
        "a7f3c9e2b1d84f6a9c0e5b2d7f1a3c8e.nzb",
        "Show Name (2001) - S02E03 - Title Here (1080p BD x265-Encoder[Tracker]).mkv",
        "Dark.Staffel.1.GERMAN.DL.1080p.NF.WEB.x264-GRP",
        "The.Wire.103.HDTV.XviD-LOL",
        "[Coalgirls] Clannad After Story 01-24 (1920x1080 Blu-ray FLAC)",
    };

    private int next;

    @Benchmark
    public ReleaseInfo parse() {
        String name = NAMES[next];
        next = next + 1 == NAMES.length ? 0 : next + 1;
        return ReleaseName.parse(name);
    }

    private static final java.util.regex.Pattern SEPARATORS = java.util.regex.Pattern.compile("[.\\s_()\\[\\]]+");

    /**
     * Same-run reference: only cutting a name at its separators and lower-casing the pieces, the
     * least any reading of a name costs. The machine is shared, so compare {@code parse} with this.
     */
    @Benchmark
    @OperationsPerInvocation(32)
    public void referenceSplitOnly(Blackhole sink) {
        for (String name : NAMES) {
            for (String piece : SEPARATORS.split(name)) {
                sink.consume(piece.toLowerCase(java.util.Locale.ROOT));
            }
        }
    }

    /** The whole list once per operation group, to check the per-name figure is not one lucky name. */
    @Benchmark
    @OperationsPerInvocation(32)
    public void parseAll(Blackhole sink) {
        for (String name : NAMES) {
            sink.consume(ReleaseName.parse(name));
        }
    }
}
