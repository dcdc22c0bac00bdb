package io.nzbmount.server.health;

import io.nzbmount.server.observe.PrometheusText;
import java.util.concurrent.atomic.AtomicLong;

/** What the health checks did since start, for {@code /metrics}. Thread-safe. */
public final class HealthCounters {
    private final AtomicLong checks = new AtomicLong();
    private final AtomicLong articles = new AtomicLong();
    private final AtomicLong holes = new AtomicLong();

    void checked(int articleCount) {
        checks.incrementAndGet();
        articles.addAndGet(articleCount);
    }

    void holesFound(int count) {
        holes.addAndGet(count);
    }

    public long checks() {
        return checks.get();
    }

    public long articles() {
        return articles.get();
    }

    public long holes() {
        return holes.get();
    }

    /** Appends the counters in Prometheus text. */
    public void appendTo(StringBuilder out) {
        PrometheusText.counter(
                out, "nzbmount_health_checks_total", "Health checks of a release's articles since start.", checks());
        PrometheusText.counter(
                out,
                "nzbmount_health_articles_checked_total",
                "Articles the health checks asked the providers about since start.",
                articles());
        PrometheusText.counter(
                out,
                "nzbmount_health_holes_found_total",
                "New holes (articles every provider lacks) the health checks found since start.",
                holes());
    }
}
