package io.nzbmount.server.release;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The traits of a parsed name as JSON-ready maps (insertion-ordered; null stands for "the name
 * does not say"). One shape for {@code nzbmount parse} and the search API. Pure and stateless.
 */
public final class ReleaseJson {

    private ReleaseJson() {}

    /** {@code name} followed by {@link #traits}. */
    public static Map<String, Object> withName(ReleaseInfo info) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", info.name());
        m.putAll(traits(info));
        return m;
    }

    /**
     * title, year, episodes, part, resolution, source, codec, group, editions, revision,
     * upscaled, languages.
     */
    public static Map<String, Object> traits(ReleaseInfo info) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", info.recognised() ? info.title() : null);
        m.put("year", info.hasYear() ? info.year() : null);
        m.put("episodes", episodes(info.episodes()));
        m.put("part", info.part().equals(Part.WHOLE) ? null : info.part().label());
        m.put(
                "resolution",
                info.resolution() == Resolution.UNKNOWN
                        ? null
                        : info.resolution().label());
        m.put("source", info.medium() == Medium.UNKNOWN ? null : label(info.medium()));
        m.put("codec", info.codec() == Codec.UNKNOWN ? null : label(info.codec()));
        m.put("group", info.group().isEmpty() ? null : info.group());
        m.put("editions", List.copyOf(info.editions()));
        Map<String, Object> revision = new LinkedHashMap<>();
        revision.put("kind", label(info.revision().kind()));
        revision.put("version", info.revision().version());
        m.put("revision", revision);
        m.put("upscaled", info.upscaled());
        m.put("languages", List.copyOf(info.languages()));
        return m;
    }

    /** {"kind":"none"}, numbered, seasons, daily, absolute or unknown, as docs/indexers.md shows. */
    public static Map<String, Object> episodes(Episodes episodes) {
        Map<String, Object> m = new LinkedHashMap<>();
        switch (episodes) {
            case Episodes.None none -> m.put("kind", "none");
            case Episodes.Numbered n -> {
                m.put("kind", "numbered");
                m.put("season", n.season());
                m.put("episodes", n.episodes());
            }
            case Episodes.Seasons s -> {
                m.put("kind", "seasons");
                m.put("first", s.first());
                m.put("last", s.last());
            }
            case Episodes.Daily d -> {
                m.put("kind", "daily");
                m.put("date", d.date().toString());
            }
            case Episodes.Absolute a -> {
                m.put("kind", "absolute");
                m.put("episodes", a.episodes());
            }
            case Episodes.Unknown u -> {
                m.put("kind", "unknown");
                m.put("text", u.text());
            }
        }
        return m;
    }

    private static String label(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
