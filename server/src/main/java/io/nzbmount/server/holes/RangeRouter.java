package io.nzbmount.server.holes;

import java.util.List;
import java.util.Optional;
import java.util.function.LongPredicate;
import java.util.function.LongToIntFunction;

/**
 * Picks the source to read an offset from: the first source in preference order that may be used
 * and is not known to lack that byte. So a demoted source serves again where the others have
 * holes (A fails at 40 %, B serves from there, B fails at 70 %, A serves from 70 %). A cutover
 * chooses its next source through it ({@code NextSourcePicker}), and so does a new request that
 * starts in a known hole. Pure and stateless.
 */
public final class RangeRouter {

    /**
     * A choice of source.
     *
     * @param sourceId  the source to read from
     * @param goodUntil the offset of its next known hole in this file ({@link Long#MAX_VALUE} when
     *                  none): read it up to there, then route again
     */
    public record Route(long sourceId, long goodUntil) {}

    private RangeRouter() {}

    /**
     * @param preference source ids, most wanted first (the user's choice, then the serving source, then standbys by tier)
     * @param usable     which sources may be used now (e.g. {@code policy.FailurePolicy.eligible}); the caller decides
     * @return the route, or empty when every usable source lacks this byte
     */
    public static Optional<Route> route(
            List<Long> preference, SourceHoles holes, int fileIndex, long offset, LongPredicate usable) {
        return route(preference, holes, source -> fileIndex, offset, usable);
    }

    /**
     * As {@link #route(List, SourceHoles, int, long, LongPredicate)} for sources whose counterparts
     * of the file have other indexes in their NZBs (a repost lists its files in another order).
     *
     * @param fileIndexOf the index of the file in each source's NZB
     */
    public static Optional<Route> route(
            List<Long> preference,
            SourceHoles holes,
            LongToIntFunction fileIndexOf,
            long offset,
            LongPredicate usable) {
        for (long source : preference) {
            int fileIndex = fileIndexOf.applyAsInt(source);
            if (!usable.test(source) || holes.lacks(source, fileIndex, offset)) continue;
            return Optional.of(new Route(source, holes.goodUntil(source, fileIndex, offset)));
        }
        return Optional.empty();
    }
}
