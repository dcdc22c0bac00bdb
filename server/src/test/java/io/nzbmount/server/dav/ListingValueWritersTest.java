package io.nzbmount.server.dav;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.milton.http.XmlWriter;
import io.milton.http.values.DateValueWriter;
import io.milton.http.values.ModifiedDateValueWriter;
import io.milton.http.values.ToStringValueWriter;
import io.milton.http.values.ValueWriter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The listing's value writers write, byte for byte, what Milton's own writers write. */
class ListingValueWritersTest {

    @SuppressWarnings("JavaUtilDate") // the values Milton hands its writers are java.util.Date
    static final List<Object> DATES = List.of(
            new Date(0),
            Date.from(Instant.parse("2026-12-03T07:08:09.999Z")),
            Date.from(Instant.parse("1999-01-31T23:59:59Z")),
            Date.from(Instant.parse("2038-02-28T00:00:00.001Z")));

    @Test
    void lastModifiedDatesAreWrittenAsMiltonWritesThem() {
        for (Object date : DATES) {
            assertSame(new ModifiedDateValueWriter(), new ListingValueWriters.LastModified(), "getlastmodified", date);
        }
        assertSame(new ModifiedDateValueWriter(), new ListingValueWriters.LastModified(), "getlastmodified", null);
    }

    @Test
    void otherDatesAreWrittenAsMiltonWritesThem() {
        for (Object date : DATES) {
            assertSame(new DateValueWriter(), new ListingValueWriters.Dates(), "creationdate", date);
        }
        assertSame(new DateValueWriter(), new ListingValueWriters.Dates(), "creationdate", null);
    }

    @Test
    void textIsEscapedAsMiltonEscapesIt() {
        for (Object text :
                List.of("library", "Some Film (2020)", "a&b<c>d&&", "Ünïcødé 映画", "", 4404019200L, "x &amp; y")) {
            assertSame(new ToStringValueWriter(), new ListingValueWriters.Text(), "displayname", text);
        }
        assertSame(new ToStringValueWriter(), new ListingValueWriters.Text(), "displayname", null);
    }

    @Test
    void theReplacementsTakeTheirPlaceInMiltonsOrder() {
        List<Class<?>> kinds = ListingValueWriters.create().getValueWriters().stream()
                .<Class<?>>map(Object::getClass)
                .toList();
        List<Class<?>> defaults = new io.milton.http.values.ValueWriters()
                .getValueWriters().stream()
                        .<Class<?>>map(w -> switch (w) {
                            case ModifiedDateValueWriter m -> ListingValueWriters.LastModified.class;
                            case DateValueWriter d -> ListingValueWriters.Dates.class;
                            case ToStringValueWriter t -> ListingValueWriters.Text.class;
                            default -> w.getClass();
                        })
                        .toList();
        assertEquals(defaults, kinds);
    }

    private static void assertSame(ValueWriter milton, ValueWriter ours, String name, Object value) {
        assertEquals(written(milton, name, value), written(ours, name, value), String.valueOf(value));
    }

    private static String written(ValueWriter writer, String name, Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        XmlWriter xml = new XmlWriter(out);
        writer.writeValue(xml, "DAV:", "d", name, value, "/dav/library/", Map.of());
        xml.flush();
        return out.toString(StandardCharsets.UTF_8);
    }
}
