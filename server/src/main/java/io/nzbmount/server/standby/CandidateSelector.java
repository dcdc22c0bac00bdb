package io.nzbmount.server.standby;

import io.nzbmount.config.FallbackSettings;
import io.nzbmount.server.release.ReleaseName;
import io.nzbmount.server.standby.Selection.Chosen;
import io.nzbmount.server.standby.Selection.Reason;
import io.nzbmount.server.standby.Selection.Rejected;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Chooses the standbys of a primary from its candidates. Pure and stateless.
 *
 * <p>Rules, in order:
 * <ol>
 * <li>the primary itself (same key), known-dead keys and repeated keys are dropped;</li>
 * <li>candidates not of the same content are dropped ({@link Tiering#sameContent}); a candidate the
 *     user added whose name cannot be read at all is kept at tier {@value Tiering#SAME_CONTENT}, as
 *     the user vouches for it and the byte proof decides;</li>
 * <li>candidates posted less than {@value #REPOST_WINDOW_SECONDS} s before or after the primary's
 *     own post are dropped: they are reposts of the same post, not independent copies;</li>
 * <li>reposts of one release are collapsed: sorted by post time, the earliest unassigned candidate
 *     anchors a group of everything posted less than the window after the anchor (measured from the
 *     anchor, never from the previous member, so chains do not merge), and only the group's best
 *     survives: lowest tier, then size closest to the primary's, then earliest post;</li>
 * <li>survivors are ordered by tier, size closeness, post time; the list is clamped to
 *     {@code maxStandby}.</li>
 * </ol>
 * Candidates the user added are exempt from the time rules and the collapse, and are kept first
 * when the limit is reached. Candidates with an unknown post time are exempt from the time rules.
 */
public final class CandidateSelector {
    /** Posts this close (seconds, exclusive) to another count as reposts of it. */
    public static final long REPOST_WINDOW_SECONDS = 3600;

    private CandidateSelector() {}

    /**
     * Selects up to {@code maxStandby} standbys.
     *
     * @param primary the release being played
     * @param deadKeys keys proven dead; never selected again
     * @param candidates candidates in any order
     * @param maxStandby 0 to {@value FallbackSettings#MAX_STANDBY}; 0 turns the pool off
     * @throws IllegalArgumentException when {@code maxStandby} is outside 0..{@value FallbackSettings#MAX_STANDBY}
     */
    public static Selection select(Primary primary, Set<String> deadKeys, List<Candidate> candidates, int maxStandby) {
        if (maxStandby < 0 || maxStandby > FallbackSettings.MAX_STANDBY) {
            throw new IllegalArgumentException(
                    "maxStandby must be 0.." + FallbackSettings.MAX_STANDBY + ", was " + maxStandby);
        }
        List<Rejected> rejected = new ArrayList<>();
        List<Chosen> eligible = new ArrayList<>();
        for (Candidate candidate : unique(candidates, rejected)) {
            Reason reason = earlyReason(primary, deadKeys, candidate);
            if (reason != null) {
                rejected.add(new Rejected(candidate, reason));
                continue;
            }
            Chosen chosen = rank(primary, candidate);
            if (chosen == null) {
                rejected.add(new Rejected(candidate, Reason.OTHER_CONTENT));
            } else if (!candidate.userAdded()
                    && candidate.timeKnown()
                    && primary.postedAt() != Candidate.UNKNOWN_TIME
                    && Math.abs(candidate.postedAt() - primary.postedAt()) < REPOST_WINDOW_SECONDS) {
                rejected.add(new Rejected(candidate, Reason.REPOST_OF_PRIMARY));
            } else {
                eligible.add(chosen);
            }
        }
        List<Chosen> survivors = collapseReposts(primary, eligible, rejected);
        return new Selection(clamp(primary, survivors, maxStandby, rejected), rejected);
    }

    /** Keeps one candidate per key: one the user added, else the first. */
    private static List<Candidate> unique(List<Candidate> candidates, List<Rejected> rejected) {
        Map<String, Candidate> byKey = new LinkedHashMap<>();
        for (Candidate candidate : candidates) {
            Candidate earlier = byKey.get(candidate.key());
            if (earlier == null) {
                byKey.put(candidate.key(), candidate);
            } else if (candidate.userAdded() && !earlier.userAdded()) {
                byKey.put(candidate.key(), candidate);
                rejected.add(new Rejected(earlier, Reason.DUPLICATE));
            } else {
                rejected.add(new Rejected(candidate, Reason.DUPLICATE));
            }
        }
        return List.copyOf(byKey.values());
    }

    private static Reason earlyReason(Primary primary, Set<String> deadKeys, Candidate candidate) {
        if (candidate.key().equals(primary.key())) {
            return Reason.PRIMARY;
        }
        return deadKeys.contains(candidate.key()) ? Reason.DEAD : null;
    }

    private static Chosen rank(Primary primary, Candidate candidate) {
        var info = ReleaseName.parse(candidate.name());
        OptionalInt tier = Tiering.tier(primary.info(), primary.size(), info, candidate.size());
        if (tier.isPresent()) {
            return new Chosen(candidate, info, tier.getAsInt());
        }
        if (candidate.userAdded() && !info.recognised()) {
            return new Chosen(candidate, info, Tiering.SAME_CONTENT);
        }
        return null;
    }

    private static List<Chosen> collapseReposts(Primary primary, List<Chosen> eligible, List<Rejected> rejected) {
        List<Chosen> survivors = new ArrayList<>();
        List<Chosen> timed = new ArrayList<>();
        for (Chosen chosen : eligible) {
            (chosen.candidate().userAdded() || !chosen.candidate().timeKnown() ? survivors : timed).add(chosen);
        }
        timed.sort(Comparator.comparingLong((Chosen c) -> c.candidate().postedAt())
                .thenComparing(c -> c.candidate().key()));
        Comparator<Chosen> best = better(primary);
        int i = 0;
        while (i < timed.size()) {
            long anchor = timed.get(i).candidate().postedAt();
            int end = i;
            while (end < timed.size() && timed.get(end).candidate().postedAt() - anchor < REPOST_WINDOW_SECONDS) {
                end++;
            }
            List<Chosen> group = timed.subList(i, end);
            Chosen keep = group.stream().min(best).orElseThrow();
            survivors.add(keep);
            for (Chosen other : group) {
                if (other != keep) {
                    rejected.add(new Rejected(other.candidate(), Reason.COLLAPSED_REPOST));
                }
            }
            i = end;
        }
        return survivors;
    }

    /** Tier, then size closeness to the primary, then post time (unknown last), then key for a stable order. */
    private static Comparator<Chosen> better(Primary primary) {
        return Comparator.comparingInt(Chosen::tier)
                .thenComparingLong(
                        c -> sizeDistance(primary.size(), c.candidate().size()))
                .thenComparingLong(
                        c -> c.candidate().timeKnown() ? c.candidate().postedAt() : Long.MAX_VALUE)
                .thenComparing(c -> c.candidate().key());
    }

    private static long sizeDistance(long primary, long candidate) {
        return primary <= 0 || candidate <= 0 ? Long.MAX_VALUE : Math.abs(candidate - primary);
    }

    private static List<Chosen> clamp(
            Primary primary, List<Chosen> survivors, int maxStandby, List<Rejected> rejected) {
        Comparator<Chosen> order = better(primary);
        List<Chosen> ranked = new ArrayList<>(survivors);
        ranked.sort(order);
        List<Chosen> kept = new ArrayList<>();
        for (Chosen chosen : ranked) {
            if (chosen.candidate().userAdded() && kept.size() < maxStandby) {
                kept.add(chosen);
            }
        }
        for (Chosen chosen : ranked) {
            if (!chosen.candidate().userAdded() && kept.size() < maxStandby) {
                kept.add(chosen);
            } else if (!kept.contains(chosen)) {
                rejected.add(new Rejected(chosen.candidate(), Reason.OVER_LIMIT));
            }
        }
        kept.sort(order);
        return kept;
    }
}
