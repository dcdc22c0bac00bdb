package io.nzbmount.nntp.internal.nzb;

import io.nzbmount.nntp.Nzb;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbParseException;
import io.nzbmount.nntp.NzbSegment;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Walks one NZB document with a pull parser and builds an {@link Nzb}. One instance reads one
 * document on one thread; it never loads the input whole (memory grows with the number of
 * segments, not with the size of text it skips).
 *
 * <p>Safety: a DOCTYPE with an internal subset is refused as soon as the parser reports it, before any entity could be
 * used; external entities and external DTD/schema access are switched off as well, so a
 * document cannot make the parser open a file or a URL, and without a DTD no entity can be
 * declared, so nothing can expand.
 */
public final class NzbDocumentReader {

    /** The NZB namespace; elements in it or in no namespace are NZB elements. */
    public static final String NZB_NAMESPACE = "http://www.newzbin.com/DTD/2003/nzb";

    /** RFC 5536: a message id is at most 250 octets with its brackets. */
    static final int MAX_MESSAGE_ID = 250;

    static final int MAX_GROUP = 1024;
    static final int MAX_META = 64 * 1024;
    /** The most input one XML construct (a tag, a comment, a DTD) may take; see {@link MarkupSizeGuard}. */
    static final long MAX_CONSTRUCT_BYTES = 1 << 20;

    private static final Pattern WHOLE_NUMBER = Pattern.compile("[-+]?[0-9]+");

    private final XMLStreamReader xml;
    private final MarkupSizeGuard guard;

    private NzbDocumentReader(XMLStreamReader xml, MarkupSizeGuard guard) {
        this.xml = xml;
        this.guard = guard;
    }

    /**
     * Parses {@code in} (not closed here; the caller owns it).
     *
     * @throws NzbParseException when the document is not a usable NZB
     * @throws IOException       when reading {@code in} fails
     */
    public static Nzb read(InputStream in) throws IOException {
        MarkupSizeGuard guard = new MarkupSizeGuard(in, MAX_CONSTRUCT_BYTES);
        XMLStreamReader xml;
        try {
            xml = safeFactory().createXMLStreamReader(guard);
        } catch (XMLStreamException e) {
            throw translate(e);
        }
        try {
            return new NzbDocumentReader(xml, guard).document();
        } finally {
            try {
                xml.close();
            } catch (XMLStreamException ignored) {
                // Closing the reader releases parser state only; the stream belongs to the caller.
            }
        }
    }

    private static XMLInputFactory safeFactory() {
        // The JDK's own implementation, whatever else is on the class path: its behaviour with
        // DTDs and entities is what the tests pin down.
        XMLInputFactory f = XMLInputFactory.newDefaultFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        f.setProperty(XMLInputFactory.IS_COALESCING, false);
        f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        f.setXMLResolver((publicId, systemId, baseUri, namespace) -> {
            throw new XMLStreamException("external resources are not allowed in an NZB");
        });
        return f;
    }

    private Nzb document() throws IOException {
        int event = next();
        while (event != XMLStreamConstants.START_ELEMENT) {
            if (event == XMLStreamConstants.END_DOCUMENT) throw error("no <nzb> root element");
            event = next();
        }
        if (!isNzb("nzb")) {
            throw error("the root element is <" + xml.getLocalName() + ">" + namespaceNote() + ", expected <nzb>");
        }
        List<NzbFile> files = new ArrayList<>();
        Map<String, List<String>> meta = new LinkedHashMap<>();
        while ((event = next()) != XMLStreamConstants.END_ELEMENT) {
            if (event != XMLStreamConstants.START_ELEMENT) continue;
            if (isNzb("head")) {
                head(meta);
            } else if (isNzb("file")) {
                files.add(file(files.size() + 1));
            } else {
                skipElement();
            }
        }
        if (files.isEmpty()) throw error("the NZB has no <file> elements");
        while (next() != XMLStreamConstants.END_DOCUMENT) {
            // Reading to the end makes the parser check what follows the root element.
        }
        meta.replaceAll((key, values) -> List.copyOf(values));
        return new Nzb(files, meta);
    }

    private void head(Map<String, List<String>> meta) throws IOException {
        int event;
        while ((event = next()) != XMLStreamConstants.END_ELEMENT) {
            if (event != XMLStreamConstants.START_ELEMENT) continue;
            if (isNzb("meta")) {
                String type = xml.getAttributeValue(null, "type");
                String value = text("<meta> value", MAX_META).strip();
                if (type != null && !type.isBlank()) {
                    meta.computeIfAbsent(type.strip().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                            .add(value);
                }
            } else {
                skipElement();
            }
        }
    }

    private NzbFile file(int index) throws IOException {
        Location start = xml.getLocation();
        String subject = attribute("subject");
        String poster = attribute("poster");
        long date = number("<file>", "date", false, 0);
        List<String> groups = new ArrayList<>();
        TreeMap<Integer, NzbSegment> segments = new TreeMap<>();
        int event;
        while ((event = next()) != XMLStreamConstants.END_ELEMENT) {
            if (event != XMLStreamConstants.START_ELEMENT) continue;
            if (isNzb("groups")) {
                groups(groups);
            } else if (isNzb("segments")) {
                segments(segments);
            } else {
                skipElement();
            }
        }
        if (segments.isEmpty()) {
            throw new NzbParseException(
                    start.getLineNumber(),
                    start.getColumnNumber(),
                    "<file> has no segments (subject \"" + subject + "\")");
        }
        String name = SubjectNames.fileName(subject, "file-" + index);
        return new NzbFile(name, subject, poster, date, groups, List.copyOf(segments.values()));
    }

    private void groups(List<String> groups) throws IOException {
        int event;
        while ((event = next()) != XMLStreamConstants.END_ELEMENT) {
            if (event != XMLStreamConstants.START_ELEMENT) continue;
            if (isNzb("group")) {
                String group = text("<group> name", MAX_GROUP).strip();
                if (!group.isEmpty()) groups.add(group);
            } else {
                skipElement();
            }
        }
    }

    private void segments(TreeMap<Integer, NzbSegment> segments) throws IOException {
        int event;
        while ((event = next()) != XMLStreamConstants.END_ELEMENT) {
            if (event != XMLStreamConstants.START_ELEMENT) continue;
            if (isNzb("segment")) {
                NzbSegment segment = segment();
                // A repeated number is a reposted part: its id is another copy of the first one listed.
                segments.merge(segment.number(), segment, (listed, repost) -> listed.withAlternate(repost.messageId()));
            } else {
                skipElement();
            }
        }
    }

    private NzbSegment segment() throws IOException {
        long number = number("<segment>", "number", true, 1);
        if (number > Integer.MAX_VALUE) throw error("<segment> number is too large: " + number);
        long bytes = number("<segment>", "bytes", true, 0);
        Location start = xml.getLocation();
        String id = MessageIds.clean(text("<segment> message id", MAX_MESSAGE_ID + 64));
        String problem = MessageIds.problem(id, MAX_MESSAGE_ID);
        if (problem != null) {
            throw new NzbParseException(start.getLineNumber(), start.getColumnNumber(), "<segment> " + problem);
        }
        return new NzbSegment((int) number, bytes, id);
    }

    /**
     * A non-negative whole number attribute (at least {@code min}). Missing: an error when
     * {@code required}, else 0. Blank optional values also count as missing.
     */
    private long number(String element, String name, boolean required, long min) throws NzbParseException {
        String raw = xml.getAttributeValue(null, name);
        if (raw == null || (!required && raw.isBlank())) {
            if (required) throw error(element + " without a " + name + " attribute");
            return 0;
        }
        String value = raw.strip();
        if (!WHOLE_NUMBER.matcher(value).matches()) {
            throw error(element + " " + name + " is not a whole number: \"" + raw + "\"");
        }
        long parsed;
        try {
            parsed = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw error(element + " " + name + " is too large: " + value);
        }
        if (parsed < min) {
            throw error(element + " " + name + " must be at least " + min + ", got " + parsed);
        }
        return parsed;
    }

    private String attribute(String name) {
        String value = xml.getAttributeValue(null, name);
        return value == null ? "" : value.strip();
    }

    /**
     * The text content of the current element, which ends at its end tag. Child elements are
     * skipped; more than {@code max} characters is an error, so one huge text node cannot use
     * up memory.
     */
    private String text(String what, int max) throws IOException {
        StringBuilder b = new StringBuilder();
        int event;
        while ((event = next()) != XMLStreamConstants.END_ELEMENT) {
            switch (event) {
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    b.append(xml.getTextCharacters(), xml.getTextStart(), xml.getTextLength());
                    if (b.length() > max) throw error(what + " is longer than " + max + " characters");
                }
                case XMLStreamConstants.START_ELEMENT -> skipElement();
                default -> {
                    // Comments and processing instructions carry no content.
                }
            }
        }
        return b.toString();
    }

    /** Skips the current element and everything inside it (unknown elements are tolerated). */
    private void skipElement() throws IOException {
        int depth = 1;
        while (depth > 0) {
            int event = next();
            if (event == XMLStreamConstants.START_ELEMENT) depth++;
            else if (event == XMLStreamConstants.END_ELEMENT) depth--;
        }
    }

    private boolean isNzb(String localName) {
        if (!localName.equals(xml.getLocalName())) return false;
        String ns = xml.getNamespaceURI();
        return ns == null || ns.isEmpty() || ns.equals(NZB_NAMESPACE);
    }

    private String namespaceNote() {
        String ns = xml.getNamespaceURI();
        return ns == null || ns.isEmpty() ? "" : " in namespace " + ns;
    }

    private int next() throws IOException {
        int event;
        try {
            event = xml.next();
            guard.progress();
        } catch (XMLStreamException e) {
            throw translate(e);
        }
        if (event == XMLStreamConstants.DTD && declaresSomething(xml.getText())) {
            throw error("an NZB's DOCTYPE may not declare entities or elements (internal DTD subset)");
        }
        return event;
    }

    /**
     * True when a DOCTYPE carries an internal subset. The usual NZB declaration names the
     * newzBin DTD by URL only; that form is harmless because external DTDs are never loaded,
     * while an internal subset is where entity attacks live.
     */
    private static boolean declaresSomething(String doctype) {
        return doctype != null && doctype.indexOf('[') >= 0;
    }

    private NzbParseException error(String problem) {
        Location at = xml.getLocation();
        return new NzbParseException(at.getLineNumber(), at.getColumnNumber(), problem);
    }

    /** A failure of the input stream stays an I/O failure; anything else is bad XML. */
    private static IOException translate(XMLStreamException e) {
        Throwable nested = e.getNestedException() != null ? e.getNestedException() : e.getCause();
        Location at = e.getLocation();
        int line = at == null ? 1 : Math.max(1, at.getLineNumber());
        int column = at == null ? 1 : Math.max(1, at.getColumnNumber());
        if (nested instanceof MarkupSizeGuard.TooLongException tooLong) {
            return new NzbParseException(
                    line, column, tooLong.getMessage() + " (a DTD, a comment or a tag that large is not an NZB)");
        }
        if (nested instanceof IOException io && !(nested instanceof NzbParseException)) return io;
        return new NzbParseException(line, column, "malformed XML: " + parserMessage(e));
    }

    /** The parser's own words, without the position prefix it puts in front of them. */
    private static String parserMessage(XMLStreamException e) {
        String message = String.valueOf(e.getMessage());
        int marker = message.indexOf("Message: ");
        return (marker >= 0 ? message.substring(marker + "Message: ".length()) : message).strip();
    }
}
