package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.release.ReleaseName;
import io.nzbmount.server.standby.Candidate.Origin;
import io.nzbmount.server.standby.Selection.Reason;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each rule of standby selection. */
class CandidateSelectorTest {
    private static final long T0 = 1_700_000_000L;
    private static final long HOUR = 3600;
    private static final long MIN = 60;
    private static final long SIZE = 8_000_000_000L;
    private static final String NAME = "Dune.Part.Two.2024.2160p.WEB-DL.DDP5.1.H.265-FLUX";
    private static final Primary PRIMARY = new Primary(ReleaseName.parse(NAME), SIZE, T0, "primary");

    private static Candidate found(String key, String name, long size, long postedAt) {
        return new Candidate(name, size, postedAt, key, Origin.RESULT_POOL);
    }

    /** A tier-0 copy of the primary posted at {@code postedAt}. */
    private static Candidate copy(String key, long postedAt) {
        return found(key, NAME, SIZE, postedAt);
    }

    private static Selection select(List<Candidate> candidates, int max) {
        return CandidateSelector.select(PRIMARY, Set.of(), candidates, max);
    }

    private static List<String> chosenKeys(Selection selection) {
        return selection.chosen().stream().map(c -> c.candidate().key()).toList();
    }

    private static Reason reasonOf(Selection selection, String key) {
        return selection.rejected().stream()
                .filter(r -> r.candidate().key().equals(key))
                .map(Selection.Rejected::reason)
                .findFirst()
                .orElse(null);
    }

    @Test
    void otherContentIsDropped() {
        Selection selection = select(
                List.of(
                        found("other", "Dune.1984.1080p.BluRay.x264-GRP", SIZE, T0 + 5 * HOUR),
                        copy("same", T0 + 5 * HOUR)),
                5);
        assertEquals(List.of("same"), chosenKeys(selection));
        assertEquals(Reason.OTHER_CONTENT, reasonOf(selection, "other"));
    }

    @Test
    void deadKeysAreNeverSelectedAgain() {
        Selection selection = CandidateSelector.select(
                PRIMARY, Set.of("dead"), List.of(copy("dead", T0 + 5 * HOUR), copy("alive", T0 + 10 * HOUR)), 5);
        assertEquals(List.of("alive"), chosenKeys(selection));
        assertEquals(Reason.DEAD, reasonOf(selection, "dead"));
    }

    @Test
    void thePrimaryIsNotItsOwnStandby() {
        Selection selection = select(List.of(copy("primary", T0 + 5 * HOUR)), 5);
        assertEquals(List.of(), chosenKeys(selection));
        assertEquals(Reason.PRIMARY, reasonOf(selection, "primary"));
    }

    @Test
    void postsWithinAnHourOfThePrimaryAreRepostsOfItAndDropped() {
        Selection selection = select(
                List.of(
                        copy("before", T0 - 59 * MIN),
                        copy("after", T0 + 59 * MIN),
                        copy("same-second", T0),
                        copy("hour-before", T0 - HOUR),
                        copy("hour-after", T0 + HOUR + 5 * HOUR)),
                5);
        assertEquals(Reason.REPOST_OF_PRIMARY, reasonOf(selection, "before"));
        assertEquals(Reason.REPOST_OF_PRIMARY, reasonOf(selection, "after"));
        assertEquals(Reason.REPOST_OF_PRIMARY, reasonOf(selection, "same-second"));
        assertEquals(List.of("hour-before", "hour-after"), chosenKeys(selection));
    }

    @Test
    void repostCollapseIsAnchoredNotTransitive() {
        long base = T0 + 10 * HOUR;
        Candidate a = found("A", NAME.replace("FLUX", "OTHER"), SIZE, base);
        Candidate b = copy("B", base + 50 * MIN);
        Candidate c = copy("C", base + 100 * MIN);
        Selection selection = select(List.of(c, a, b), 5);
        // {A, B} anchored at A (B is the better tier), then {C} anchored at C: two survivors.
        // Chained grouping (B is within the hour of A, C of B) would have left only one.
        assertEquals(List.of("B", "C"), chosenKeys(selection));
        assertEquals(Reason.COLLAPSED_REPOST, reasonOf(selection, "A"));
    }

    @Test
    void collapseKeepsBestTierThenClosestSizeThenEarliest() {
        long base = T0 + 10 * HOUR;
        Selection bySize = select(
                List.of(found("far", NAME, SIZE + 1000, base), found("near", NAME, SIZE - 10, base + 10 * MIN)), 5);
        assertEquals(List.of("near"), chosenKeys(bySize));
        Selection byTime = select(List.of(copy("late", base + 20 * MIN), copy("early", base + 10 * MIN)), 5);
        assertEquals(List.of("early"), chosenKeys(byTime));
        assertEquals(Reason.COLLAPSED_REPOST, reasonOf(byTime, "late"));
        Selection byTier = select(
                List.of(found("x265-other", NAME.replace("FLUX", "OTHER"), SIZE, base), copy("tier0", base + 30 * MIN)),
                5);
        assertEquals(List.of("tier0"), chosenKeys(byTier));
    }

    @Test
    void handAddedCandidatesEscapeTimeRulesAndCollapse() {
        Candidate mine = new Candidate(NAME, SIZE, T0 + 5 * MIN, "mine", Origin.USER_ADDED);
        Candidate repost = copy("repost", T0 + 5 * HOUR);
        Candidate mineToo = new Candidate(NAME, SIZE, T0 + 5 * HOUR + 1, "mine-too", Origin.USER_ADDED);
        Selection selection = select(List.of(mine, repost, mineToo), 5);
        assertEquals(Set.of("mine", "repost", "mine-too"), Set.copyOf(chosenKeys(selection)));
    }

    @Test
    void handAddedUnreadableNameIsKeptAtLastTierButOtherContentIsNot() {
        Candidate hashName =
                new Candidate("f3a9c2e1b7d84c6a.nzb", SIZE, Candidate.UNKNOWN_TIME, "hash1", Origin.USER_ADDED);
        Candidate wrong = new Candidate("Dune.1984.1080p.BluRay.x264-GRP", SIZE, T0, "hash2", Origin.USER_ADDED);
        Selection selection = select(List.of(hashName, wrong), 5);
        assertEquals(List.of("hash1"), chosenKeys(selection));
        assertEquals(Tiering.SAME_CONTENT, selection.chosen().getFirst().tier());
        assertEquals(Reason.OTHER_CONTENT, reasonOf(selection, "hash2"));
        Selection found = select(List.of(found("hash3", "f3a9c2e1b7d84c6a", SIZE, T0 + 5 * HOUR)), 5);
        assertEquals(Reason.OTHER_CONTENT, reasonOf(found, "hash3"));
    }

    @Test
    void orderIsTierThenSizeClosenessThenPostTime() {
        Selection selection = select(
                List.of(
                        found("tier3", "Dune.Part.Two.2024.1080p.WEB-DL.H.264-X", SIZE, T0 + 2 * HOUR),
                        found("tier2", "Dune.Part.Two.2024.2160p.WEB-DL.AV1-X", SIZE, T0 + 4 * HOUR),
                        found("tier1-far", "Dune.Part.Two.2024.2160p.BluRay.x265-Y", SIZE + 500, T0 + 6 * HOUR),
                        found("tier1-near-late", "Dune.Part.Two.2024.2160p.BluRay.x265-Y", SIZE + 100, T0 + 10 * HOUR),
                        found("tier1-near-early", "Dune.Part.Two.2024.2160p.BluRay.x265-Y", SIZE - 100, T0 + 8 * HOUR),
                        copy("tier0", T0 + 12 * HOUR)),
                5);
        assertEquals(
                List.of("tier0", "tier1-near-early", "tier1-near-late", "tier1-far", "tier2"), chosenKeys(selection));
        assertEquals(
                List.of(0, 1, 1, 1, 2),
                selection.chosen().stream().map(Selection.Chosen::tier).toList());
        assertEquals(Reason.OVER_LIMIT, reasonOf(selection, "tier3"));
    }

    @Test
    void poolIsClampedToMaxStandbyAndZeroTurnsItOff() {
        List<Candidate> many = List.of(
                copy("1", T0 + 2 * HOUR),
                copy("2", T0 + 4 * HOUR),
                copy("3", T0 + 6 * HOUR),
                copy("4", T0 + 8 * HOUR),
                copy("5", T0 + 10 * HOUR),
                copy("6", T0 + 12 * HOUR));
        assertEquals(List.of("1", "2", "3", "4", "5"), chosenKeys(select(many, 5)));
        assertEquals(List.of("1", "2"), chosenKeys(select(many, 2)));
        Selection off = select(many, 0);
        assertEquals(List.of(), chosenKeys(off));
        assertTrue(off.rejected().stream().allMatch(r -> r.reason() == Reason.OVER_LIMIT));
        assertThrows(IllegalArgumentException.class, () -> select(many, 6));
        assertThrows(IllegalArgumentException.class, () -> select(many, -1));
    }

    @Test
    void handAddedCandidatesKeepTheirPlaceWhenThePoolIsFull() {
        Candidate mine = new Candidate(
                "Dune.Part.Two.2024.1080p.WEB-DL.H.264-X", SIZE, T0 + 20 * HOUR, "mine", Origin.USER_ADDED);
        Selection selection = select(List.of(copy("a", T0 + 2 * HOUR), copy("b", T0 + 4 * HOUR), mine), 2);
        assertEquals(List.of("a", "mine"), chosenKeys(selection));
        assertEquals(Reason.OVER_LIMIT, reasonOf(selection, "b"));
    }

    @Test
    void aKeyFoundTwiceIsOneCandidatePreferringTheHandAddedOne() {
        Candidate pool = copy("k", T0 + 5 * HOUR);
        Candidate fresh = new Candidate(NAME, SIZE, T0 + 5 * HOUR, "k", Origin.FRESH_SEARCH);
        Candidate mine = new Candidate(NAME, SIZE, T0 + 5 * HOUR, "k", Origin.USER_ADDED);
        Selection selection = select(List.of(pool, fresh, mine), 5);
        assertEquals(1, selection.chosen().size());
        assertEquals(
                Origin.USER_ADDED, selection.chosen().getFirst().candidate().origin());
        assertEquals(
                2,
                selection.rejected().stream()
                        .filter(r -> r.reason() == Reason.DUPLICATE)
                        .count());
    }

    @Test
    void unknownPostTimesEscapeTimeRules() {
        Selection selection =
                select(List.of(copy("u1", Candidate.UNKNOWN_TIME), copy("u2", Candidate.UNKNOWN_TIME)), 5);
        assertEquals(List.of("u1", "u2"), chosenKeys(selection));
        Primary timeless = new Primary(PRIMARY.info(), SIZE, Candidate.UNKNOWN_TIME, "primary");
        Selection near = CandidateSelector.select(timeless, Set.of(), List.of(copy("n", T0)), 5);
        assertEquals(List.of("n"), chosenKeys(near));
    }

    @Test
    void everyCandidateIsAccountedFor() {
        List<Candidate> input = List.of(
                copy("primary", T0),
                copy("r", T0 + 10),
                copy("a", T0 + 2 * HOUR),
                copy("b", T0 + 2 * HOUR + 1),
                found("o", "Other.Film.2020.1080p.WEB-DL.H264-X", SIZE, T0));
        Selection selection = select(input, 5);
        assertEquals(
                input.size(), selection.chosen().size() + selection.rejected().size());
    }
}
