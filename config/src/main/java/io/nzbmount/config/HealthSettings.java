package io.nzbmount.config;

/**
 * The health check: every article of every release STATed in the background after import, then
 * a sample of them daily and all of them weekly, to learn of holes before a player reaches them.
 *
 * @param enabled                  false: no release is checked
 * @param sampleEveryHours         how often a release's sample is checked again
 * @param sampleArticles           how many articles a sample check asks about
 * @param fullEveryHours           how often all of a release's articles are checked again
 * @param recheckArticlesPerSecond the pace of the re-checks over all releases (the check after
 *                                 import is not held back)
 * @param connections              how many connections per check at most (always within each
 *                                 provider's limit and outside its foreground reserve)
 * @param pipelineDepth            how many STATs go out together on one connection
 */
public record HealthSettings(
        boolean enabled,
        int sampleEveryHours,
        int sampleArticles,
        int fullEveryHours,
        int recheckArticlesPerSecond,
        int connections,
        int pipelineDepth) {

    public static final int DEFAULT_SAMPLE_EVERY_HOURS = 24;
    public static final int DEFAULT_SAMPLE_ARTICLES = 200;
    public static final int DEFAULT_FULL_EVERY_HOURS = 168;
    public static final int DEFAULT_RECHECK_ARTICLES_PER_SECOND = 50;
    public static final int DEFAULT_CONNECTIONS = 4;
    public static final int DEFAULT_PIPELINE_DEPTH = 16;

    public HealthSettings {
        positive("sampleEveryHours", sampleEveryHours);
        positive("sampleArticles", sampleArticles);
        positive("fullEveryHours", fullEveryHours);
        positive("recheckArticlesPerSecond", recheckArticlesPerSecond);
        positive("connections", connections);
        positive("pipelineDepth", pipelineDepth);
    }

    public static HealthSettings defaults() {
        return new HealthSettings(
                true,
                DEFAULT_SAMPLE_EVERY_HOURS,
                DEFAULT_SAMPLE_ARTICLES,
                DEFAULT_FULL_EVERY_HOURS,
                DEFAULT_RECHECK_ARTICLES_PER_SECOND,
                DEFAULT_CONNECTIONS,
                DEFAULT_PIPELINE_DEPTH);
    }

    private static void positive(String key, int value) {
        if (value < 1) throw new IllegalArgumentException(key + " must be >= 1: " + value);
    }
}
