package io.nzbmount.config;

/** Reads the {@code health} section: the background health check of every release's articles. */
final class HealthReader {

    static final int MAX_HOURS = 24 * 365;
    static final int MAX_SAMPLE_ARTICLES = 100_000;
    static final int MAX_ARTICLES_PER_SECOND = 100_000;
    static final int MAX_CONNECTIONS = 100;
    static final int MAX_PIPELINE_DEPTH = 100;

    private HealthReader() {}

    static HealthSettings read(Section s) {
        boolean enabled = s.bool("enabled", true);
        int sampleEvery = s.integer("sampleEveryHours", HealthSettings.DEFAULT_SAMPLE_EVERY_HOURS, 1, MAX_HOURS);
        int sampleArticles =
                s.integer("sampleArticles", HealthSettings.DEFAULT_SAMPLE_ARTICLES, 1, MAX_SAMPLE_ARTICLES);
        int fullEvery = s.integer("fullEveryHours", HealthSettings.DEFAULT_FULL_EVERY_HOURS, 1, MAX_HOURS);
        int rate = s.integer(
                "recheckArticlesPerSecond",
                HealthSettings.DEFAULT_RECHECK_ARTICLES_PER_SECOND,
                1,
                MAX_ARTICLES_PER_SECOND);
        int connections = s.integer("connections", HealthSettings.DEFAULT_CONNECTIONS, 1, MAX_CONNECTIONS);
        int depth = s.integer("pipelineDepth", HealthSettings.DEFAULT_PIPELINE_DEPTH, 1, MAX_PIPELINE_DEPTH);
        s.finish();
        return new HealthSettings(enabled, sampleEvery, sampleArticles, fullEvery, rate, connections, depth);
    }
}
