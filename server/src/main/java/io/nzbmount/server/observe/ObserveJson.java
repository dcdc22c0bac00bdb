package io.nzbmount.server.observe;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.nntp.ProviderHealth;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON shapes of health, streams and diagnostics (documented in docs/api.md). Stateless. */
final class ObserveJson {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private ObserveJson() {}

    static byte[] write(Object value) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("value cannot be written as JSON", e);
        }
    }

    static Map<String, Object> health(HealthReport r) {
        StreamRegistry.Counters c = r.counters();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("version", r.version());
        m.put("started", r.started().toString());
        m.put("uptimeSeconds", r.uptime().toSeconds());
        m.put("activeStreams", c.activeStreams());
        m.put("retrying", c.retrying());
        m.put("validating", c.proofsRunning());
        m.put("standbyActive", c.standbyActive());
        m.put("cutoversTotal", c.cutoversTotal());
        m.put("bytesServedTotal", c.bytesServed());
        m.put("providers", r.providers().stream().map(ObserveJson::provider).toList());
        m.put("memory", memory(r.memory()));
        return m;
    }

    static Map<String, Object> memory(ProcessMemory p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rssBytes", p.rssBytes());
        m.put("heapUsedBytes", p.heapUsedBytes());
        m.put("heapCommittedBytes", p.heapCommittedBytes());
        m.put("heapMaxBytes", p.heapMaxBytes());
        m.put("directBytes", p.directBytes());
        m.put("mappedBytes", p.mappedBytes());
        m.put("threads", p.threads());
        m.put("openDescriptors", p.openDescriptors());
        return m;
    }

    static Map<String, Object> provider(ProviderHealth p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", p.name());
        m.put("open", p.open());
        m.put("idle", p.idle());
        m.put("leased", p.leased());
        m.put("coolingDown", p.coolingDown());
        m.put(
                "coolingDownUntil",
                p.coolingDownUntil() == null ? null : p.coolingDownUntil().toString());
        m.put("coolDownReason", p.coolDownReason());
        m.put("failures", p.failures());
        m.put("stalls", p.stalls());
        m.put(
                "askedLastUntil",
                p.askedLastUntil() == null ? null : p.askedLastUntil().toString());
        m.put("articlesServed", p.fetched());
        m.put("hedged", p.hedged());
        return m;
    }

    static Map<String, Object> streams(List<StreamView> streams) {
        return Map.of("streams", streams.stream().map(ObserveJson::stream).toList());
    }

    static Map<String, Object> stream(StreamView v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", v.id());
        m.put("item", v.start().itemId());
        m.put("itemName", v.start().itemName());
        m.put("file", v.start().file());
        m.put("client", v.start().client());
        m.put("started", v.started().toString());
        m.put("startOffset", v.start().offset());
        m.put("length", v.start().length());
        m.put("offset", v.offset());
        m.put("bytesSent", v.bytesSent());
        m.put("bytesPerSecond", v.bytesPerSecond());
        m.put("readAhead", v.readAhead() == null ? null : readAhead(v.readAhead()));
        m.put("source", v.source());
        m.put("onStandby", v.onStandby());
        m.put("retries", v.retries());
        m.put("retrying", v.retrying());
        m.put("stalledMillis", v.stalledMillis());
        m.put("stallMillisTotal", v.stallMillisTotal());
        m.put("cutovers", v.cutovers());
        return m;
    }

    private static Map<String, Object> readAhead(StreamView.ReadAhead r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("window", r.window());
        m.put("fetching", r.fetching());
        m.put("ready", r.ready());
        m.put("fill", r.fill());
        return m;
    }

    static Map<String, Object> error(String message) {
        return Map.of("error", message);
    }
}
