package io.nzbmount.server.observe;

import io.nzbmount.nntp.ProviderHealth;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/** Takes {@link HealthReport}s from the stream registry and the providers. Thread-safe. */
public final class Health {

    private final StreamRegistry registry;
    private final Supplier<List<ProviderHealth>> providers;
    private final Clock clock;
    private final Instant started;
    private final String version;
    private final Supplier<ProcessMemory> memory;

    /**
     * @param providers the providers' health now ({@code usenet::health})
     * @param started   when the server started
     */
    public Health(
            StreamRegistry registry,
            Supplier<List<ProviderHealth>> providers,
            Clock clock,
            Instant started,
            String version) {
        this(registry, providers, clock, started, version, ProcessMemory::sample);
    }

    /** The same, with what the process holds taken from {@code memory} (a test's fixed figures). */
    public Health(
            StreamRegistry registry,
            Supplier<List<ProviderHealth>> providers,
            Clock clock,
            Instant started,
            String version,
            Supplier<ProcessMemory> memory) {
        this.memory = Objects.requireNonNull(memory);
        this.registry = Objects.requireNonNull(registry);
        this.providers = Objects.requireNonNull(providers);
        this.clock = Objects.requireNonNull(clock);
        this.started = Objects.requireNonNull(started);
        this.version = Objects.requireNonNull(version);
    }

    public HealthReport report() {
        return new HealthReport(clock.instant(), started, version, registry.counters(), providers.get(), memory.get());
    }

    /** The implementation version in the jar's manifest, or {@code "dev"} when run from classes. */
    public static String versionOf(Class<?> type) {
        String v = type.getPackage() == null ? null : type.getPackage().getImplementationVersion();
        return v == null || v.isBlank() ? "dev" : v;
    }
}
