package io.nzbmount.server.matrix;

import java.util.List;

/**
 * Every seed that ever broke the promise, with what it found. They run on every build, before
 * the drawn range (which leaves them out). The first 90 are every seed of 1..300 that failed on
 * the code before issue 12's fixes (the matrix found the failures there); the reason is
 * the first breach each reported.
 *
 * <p>A seed named before archives were drawn names a plain case: {@link ArchiveDraw} leaves every
 * {@link #plainOnly} seed plain, so it replays what it was named for. A seed named for an archive
 * case carries the archive format it was named with ({@link #format}), which the draw keeps. Each
 * carries its {@link Era}, the draws that existed when it was named: a draw added later
 * ({@link BrokenDraw}, {@link ListingDraw}) leaves it alone.
 */
final class Regressions {
    /**
     * @param archive the archive format of the case the seed was named for (the draw archives it as
     *                it does any seed, in that format), or null when it was named for a plain case
     * @param era     the draws that existed when the seed was named: a later draw leaves it alone
     */
    record Regression(long seed, String reason, Scenario.Format archive, Era era) {
        Regression(long seed, String reason) {
            this(seed, reason, null, Era.PLAIN_AND_ARCHIVES);
        }

        Regression(long seed, String reason, Scenario.Format archive) {
            this(seed, reason, archive, Era.PLAIN_AND_ARCHIVES);
        }

        Regression(long seed, String reason, Era era) {
            this(seed, reason, null, era);
        }

        boolean archived() {
            return archive != null;
        }
    }

    /** Which draws existed when a regression was named, oldest first. */
    enum Era {
        /** Plain and archived cases, articles only a refusing provider holds. */
        PLAIN_AND_ARCHIVES,
        /** Also {@link BrokenDraw}: broken releases that together hold the film, a provider outage during a proof. */
        BROKEN_RELEASES,
        /** Also {@link ListingDraw}: parts listed twice, unlisted first or last parts, a 7z part posted twice. */
        NZB_LISTINGS,
        /** Also RAR5 volumes whose data is encrypted ({@link ArchiveDraw}). */
        ENCRYPTED_ARCHIVES,
        /** Also a primary posted with PAR2 recovery data ({@link RecoveryDraw}). */
        PAR2_RECOVERY
    }

    private static final String CORRUPT_NOT_STATTED = "a primary with PAR2 recovery data and an article every provider"
            + " serves damaged: STAT finds it present, so the repair found nothing missing, finished, and the response"
            + " that waited for it ended at the hole";
    private static final String FIRST_LISTED_TWICE = "the first part listed twice, its first copy missing or damaged:"
            + " the import refused the release as lacking its first article";
    private static final String FIRST_UNLISTED = "an NZB that does not list its first parts: the import read every"
            + " article to map the file and refused the source at the first one missing";
    private static final String LAST_UNLISTED = "an NZB that does not list its last parts, with an article missing or"
            + " damaged in the middle: the import was refused, the size could not be learned";
    private static final String COPY_AS_HOLE = "a part listed twice whose first copy is missing or damaged was"
            + " recorded as a hole of the source, though the second copy is good";
    private static final String HEX_7Z_REPEAT = "a hex-named 7z part posted twice in different copies: the set was"
            + " refused but its parts stayed as loose media files, and a part's bytes were served as the film";
    private static final String EQUAL_7Z_REPEAT_WITH_HOLE = "a 7z part posted twice in equal copies, one with a"
            + " hole: the copies could not be compared whole and the release was refused; par2's checksum picks the whole copy";
    private static final String UNPROVED_7Z_COPY = "a 7z part posted twice in different copies, the head of the one"
            + " that belongs unreadable: the other copy was taken unproved, though par2's checksum says it is not the part";
    private static final String SAMPLE_ACROSS_ARTICLES = "a cutover sweep's sample of served bytes spanning two"
            + " standby articles, the second corrupt: the first article was recorded as the standby's hole";
    private static final String REFUSED_ONLY_ON_A = "a primary article only a refusing provider holds: the response"
            + " waited for the providers although a verified standby had the bytes";
    private static final String TILED_HOLE = "a small file whose sample plan tiles it, with a hole in the primary:"
            + " the sample in the hole had no room to move and the standby stayed inconclusive";

    static final List<Regression> SEEDS = List.of(
            new Regression(1, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(7, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(
                    10,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(16, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(25, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(27, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(35, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(36, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(38, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(
                    39,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(41, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(45, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(46, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(48, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(51, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(
                    54, "two streams met the same hole at once: the one that did not cut over first ended short"),
            new Regression(56, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(
                    57,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(58, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(59, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(60, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(
                    64, "two streams met the same hole at once: the one that did not cut over first ended short"),
            new Regression(67, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(70, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(
                    71,
                    "a provider that went silent made the player wait the 30 s socket timeout; later, by the"
                            + " ground-truth oracle: a standby article served damaged on a sample left the cutover sweep inconclusive"),
            new Regression(77, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(87, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(91, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(96, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(
                    108,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(
                    114,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(123, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(126, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(129, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(131, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(132, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(135, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(141, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(
                    142,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(143, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(146, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(150, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(
                    152, "two streams met the same hole at once: the one that did not cut over first ended short"),
            new Regression(156, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(159, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(161, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(168, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(169, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(
                    185,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(
                    190,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(193, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(195, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(196, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(197, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(199, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(202, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(203, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(204, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(
                    208,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(212, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(213, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(214, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(217, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(
                    219,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(227, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(231, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(234, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(236, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(239, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(246, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(247, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(
                    248,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(249, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(253, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(255, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(
                    256,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(264, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(267, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(274, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(275, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(
                    279,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(284, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(
                    285,
                    "a hole on a fingerprint sample: a standby without holes could not be proved, the response ended short"),
            new Regression(287, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(289, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(290, "a provider that went silent made the player wait the 30 s socket timeout"),
            new Regression(293, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(
                    295, "two streams met the same hole at once: the one that did not cut over first ended short"),
            new Regression(297, "an id reused after a delete: the new item served the deleted release's bytes"),
            new Regression(299, "a standby with another file name renamed the item's file after a cutover"),
            new Regression(672, TILED_HOLE),
            new Regression(891, TILED_HOLE),
            new Regression(1086, TILED_HOLE),
            new Regression(1153, TILED_HOLE),
            new Regression(1374, TILED_HOLE),
            new Regression(1827, TILED_HOLE),
            new Regression(2211, TILED_HOLE),
            new Regression(2451, TILED_HOLE),
            // Articles smaller than the import's 32 KiB head: the volume's signature was readable, its head not.
            new Regression(
                    461,
                    "an obfuscated RAR volume whose head lost a later article was served as the film",
                    Scenario.Format.RAR5),
            // A later part of a split 7z starts with data: no signature said it was a part the set lacked.
            new Regression(
                    409,
                    "a hex-named 7z part whose head lost a later article: the standby was accepted",
                    Scenario.Format.SEVEN_ZIP),
            new Regression(
                    1330,
                    "a hex-named 7z part whose head lost a later article was served as the film",
                    Scenario.Format.SEVEN_ZIP),
            // Drawn by RefusedDraw; each failed before the policy tried a standby for an article
            // lacked where asked (a long wait for the providers, or a short end after 40 s).
            new Regression(137, REFUSED_ONLY_ON_A),
            new Regression(393, REFUSED_ONLY_ON_A),
            new Regression(395, REFUSED_ONLY_ON_A),
            new Regression(658, REFUSED_ONLY_ON_A),
            new Regression(703, REFUSED_ONLY_ON_A),
            new Regression(734, REFUSED_ONLY_ON_A),
            new Regression(747, REFUSED_ONLY_ON_A),
            new Regression(822, REFUSED_ONLY_ON_A),
            new Regression(954, REFUSED_ONLY_ON_A),
            new Regression(1212, REFUSED_ONLY_ON_A),
            new Regression(1224, REFUSED_ONLY_ON_A),
            new Regression(1252, REFUSED_ONLY_ON_A),
            new Regression(1663, REFUSED_ONLY_ON_A),
            new Regression(1777, REFUSED_ONLY_ON_A),
            new Regression(1778, REFUSED_ONLY_ON_A),
            new Regression(1802, REFUSED_ONLY_ON_A),
            new Regression(1997, REFUSED_ONLY_ON_A),
            // A small file's sample over such an article had no room to move: the cutover's own
            // proof now excuses one sample the providers that answer lack (found by the long run).
            new Regression(
                    2711,
                    "a small file whose sample only a refusing provider held: no standby could be"
                            + " proved at the cutover, the response waited 40 s and ended short"),
            // Found by the ground-truth oracle with the broken releases and NZB listing draws; each
            // failed on the code before issue 26's fixes.
            new Regression(5, FIRST_LISTED_TWICE, Era.NZB_LISTINGS),
            new Regression(24, FIRST_LISTED_TWICE, Era.NZB_LISTINGS),
            new Regression(
                    30,
                    "a standby with a hole of its own far from the primary's was never proved: the"
                            + " response ended at the primary's hole",
                    Era.NZB_LISTINGS),
            new Regression(40, COPY_AS_HOLE, Era.NZB_LISTINGS),
            new Regression(42, FIRST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(50, FIRST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(
                    69,
                    "a standby proved while both providers answered 430 for everything was judged dead",
                    Era.NZB_LISTINGS),
            new Regression(75, FIRST_LISTED_TWICE, Era.NZB_LISTINGS),
            new Regression(82, COPY_AS_HOLE, Era.NZB_LISTINGS),
            new Regression(95, LAST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(
                    105,
                    "the last part listed twice, its first copy missing: the read failed at that article"
                            + " and the response ended short",
                    Era.NZB_LISTINGS),
            new Regression(116, LAST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(122, FIRST_LISTED_TWICE, Era.NZB_LISTINGS),
            new Regression(130, FIRST_LISTED_TWICE, Era.NZB_LISTINGS),
            new Regression(155, FIRST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(174, LAST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(198, LAST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(205, FIRST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(211, FIRST_LISTED_TWICE, Era.NZB_LISTINGS),
            new Regression(221, FIRST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(230, LAST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(241, LAST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(258, LAST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(260, FIRST_LISTED_TWICE, Era.NZB_LISTINGS),
            new Regression(276, FIRST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(294, FIRST_UNLISTED, Era.NZB_LISTINGS),
            new Regression(298, LAST_UNLISTED, Era.NZB_LISTINGS),
            // Found with the fixes for parts listed twice in place.
            new Regression(18, HEX_7Z_REPEAT, Scenario.Format.SEVEN_ZIP, Era.NZB_LISTINGS),
            new Regression(207, HEX_7Z_REPEAT, Scenario.Format.SEVEN_ZIP, Era.NZB_LISTINGS),
            // Found by the long run of seeds 20001 and on.
            new Regression(20414, SAMPLE_ACROSS_ARTICLES, Era.NZB_LISTINGS),
            new Regression(20122, EQUAL_7Z_REPEAT_WITH_HOLE, Scenario.Format.SEVEN_ZIP, Era.NZB_LISTINGS),
            new Regression(20153, EQUAL_7Z_REPEAT_WITH_HOLE, Scenario.Format.SEVEN_ZIP, Era.NZB_LISTINGS),
            new Regression(20157, EQUAL_7Z_REPEAT_WITH_HOLE, Scenario.Format.SEVEN_ZIP, Era.NZB_LISTINGS),
            new Regression(
                    41748,
                    "a 7z part posted twice in equal copies, one copy's head unreadable: the set is"
                            + " served from the other copy, which par2's checksum proves",
                    Scenario.Format.SEVEN_ZIP,
                    Era.NZB_LISTINGS),
            new Regression(50728, UNPROVED_7Z_COPY, Scenario.Format.SEVEN_ZIP, Era.NZB_LISTINGS),
            new Regression(
                    51277,
                    "a 7z part posted twice in different copies, one with a hole where they differ:"
                            + " taken as equal where both could be read, the other copy's bytes were served (a wrong byte)",
                    Scenario.Format.SEVEN_ZIP,
                    Era.NZB_LISTINGS),
            // Found by the long run of seeds 60001 to 70000.
            new Regression(
                    67185,
                    "a small file's sample shrunk into bytes the primary turned out to lack (a corrupt"
                            + " article found by the sweep): the sweep stayed inconclusive instead of shrinking it into the"
                            + " next readable bytes, and the response ended at the primary's hole",
                    Era.ENCRYPTED_ARCHIVES),
            new Regression(
                    69307,
                    "a hex-named 7z part posted twice in different copies, the head of the one that"
                            + " belongs unreadable: the other copy was taken unproved, its name given by par2 not matching"
                            + " the unread copy's",
                    Scenario.Format.SEVEN_ZIP,
                    Era.NZB_LISTINGS),
            new Regression(
                    70360,
                    "an encrypted standby with holes: the hole recorded for a gone article left out"
                            + " the block after it, whose decryption chains from that article, so the proof met the same"
                            + " article at the next position and judged the standby dead",
                    Scenario.Format.RAR5,
                    Era.ENCRYPTED_ARCHIVES),
            new Regression(
                    73347,
                    "an encrypted primary with holes: the hole recorded for a gone article left out the"
                            + " block after it, and the response ended there though a whole standby had the bytes",
                    Scenario.Format.RAR5,
                    Era.ENCRYPTED_ARCHIVES),
            // Found by the long run of seeds 80001 and on.
            new Regression(
                    80047,
                    "a hex-named 7z standby whose second part is posted twice, the copies different"
                            + " and one copy's head unreadable: the set was refused, but the unread copy stayed behind as a"
                            + " loose media file and the standby was added",
                    Scenario.Format.SEVEN_ZIP,
                    Era.ENCRYPTED_ARCHIVES),
            // Found by the first seeds that draw PAR2 recovery data.
            new Regression(
                    90044,
                    "a primary in RAR5 volumes under hex names, with PAR2 recovery data that can rebuild"
                            + " its holes: the repair looked for par2 files by name only, found none, and the response ended at"
                            + " the first hole",
                    Scenario.Format.RAR5,
                    Era.PAR2_RECOVERY),
            new Regression(90261, CORRUPT_NOT_STATTED, Era.PAR2_RECOVERY),
            new Regression(90714, CORRUPT_NOT_STATTED, Era.PAR2_RECOVERY),
            new Regression(
                    90297,
                    "a 7z primary with PAR2 recovery data and a part posted twice in different copies:"
                            + " the repair read the copy listed first, not the one the import proved belongs, and its rebuilt"
                            + " slice failed par2's checksum (no byte served)",
                    Scenario.Format.SEVEN_ZIP,
                    Era.PAR2_RECOVERY),
            // Found by the long run of seeds 100001 and on.
            new Regression(
                    102630,
                    "a standby's proof during a provider outage, against a primary a repair had rebuilt"
                            + " articles of: the primary's sample read from the rebuilt bytes passed for the providers answering,"
                            + " and the standby was judged dead",
                    Era.PAR2_RECOVERY),
            new Regression(
                    105180,
                    "a repair that finished while the response looked for another source at the hole:"
                            + " no source could serve it and no repair ran any more, so the response ended instead of reading"
                            + " the rebuilt article",
                    Era.PAR2_RECOVERY),
            // Found by the long run of seeds 110001 and on.
            new Regression(
                    115698,
                    "the response had cut over from a primary with PAR2 data to a standby; both lack"
                            + " the last article, and the repair of the primary, which the response had not read from, was"
                            + " running: the response ended instead of waiting for it",
                    Era.PAR2_RECOVERY));

    private Regressions() {}

    private static final java.util.Set<Long> PLAIN_ONLY = SEEDS.stream()
            .filter(r -> !r.archived())
            .map(Regression::seed)
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    /**
     * Whether {@code seed} is a regression named before the draws of {@code era} existed: those
     * draws leave it alone, so it replays the case it was named for.
     */
    static boolean namedBefore(long seed, Era era) {
        return SEEDS.stream().anyMatch(r -> r.seed() == seed && r.era().compareTo(era) < 0);
    }

    /** Whether {@code seed} is a regression named for a plain case (see the class comment). */
    static boolean plainOnly(long seed) {
        return PLAIN_ONLY.contains(seed);
    }

    /** The archive format {@code seed} was named with, if it is a regression named for an archive case. */
    static java.util.Optional<Scenario.Format> format(long seed) {
        return SEEDS.stream()
                .filter(r -> r.seed() == seed && r.archived())
                .map(Regression::archive)
                .findFirst();
    }

    static List<Long> seeds() {
        return SEEDS.stream().map(Regression::seed).toList();
    }
}
