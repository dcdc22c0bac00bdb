package io.nzbmount.server.indexer;

import java.io.ByteArrayInputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads an XML answer into a {@link FeedNode} tree. Pure and thread safe.
 *
 * <p>The answer comes from a server we do not control, so it is read like hostile input: the JDK's
 * own StAX parser (not whichever one the class path offers), no DTD support, no external entities
 * or DTD access, and any document type declaration refuses the whole answer. Namespaces are not
 * processed: indexers write {@code newznab:attr}, {@code nzedb:attr} or plain {@code attr}, often
 * without declaring the prefix, and all of them mean the same element.
 */
final class XmlFeedParser {
    private static final int MAX_DEPTH = 64;
    private static final XMLInputFactory FACTORY = hardenedFactory();

    private XmlFeedParser() {}

    static FeedNode parse(byte[] answer) throws UnreadableAnswer {
        XMLStreamReader reader = null;
        try {
            reader = FACTORY.createXMLStreamReader(new ByteArrayInputStream(answer));
            return read(reader);
        } catch (XMLStreamException e) {
            throw new UnreadableAnswer("broken XML: " + describe(e));
        } finally {
            if (reader != null) {
                try {
                    reader.close();
                } catch (XMLStreamException ignored) {
                    // Closing a reader over a byte array releases nothing that matters.
                }
            }
        }
    }

    private static FeedNode read(XMLStreamReader reader) throws XMLStreamException, UnreadableAnswer {
        Deque<Building> open = new ArrayDeque<>();
        FeedNode root = null;
        while (reader.hasNext()) {
            switch (reader.next()) {
                case XMLStreamConstants.DTD ->
                    throw new UnreadableAnswer("a document type declaration is not accepted in an indexer answer");
                case XMLStreamConstants.ENTITY_REFERENCE ->
                    throw new UnreadableAnswer("an entity reference is not accepted in an indexer answer");
                case XMLStreamConstants.START_ELEMENT -> {
                    if (root != null) throw new UnreadableAnswer("content after the root element");
                    if (open.size() >= MAX_DEPTH) throw new UnreadableAnswer("elements nested too deeply");
                    Map<String, String> attributes = new HashMap<>();
                    for (int i = 0; i < reader.getAttributeCount(); i++) {
                        attributes.putIfAbsent(
                                FeedNode.localName(reader.getAttributeLocalName(i)), reader.getAttributeValue(i));
                    }
                    open.push(new Building(FeedNode.localName(reader.getLocalName()), attributes));
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    if (!open.isEmpty()) open.peek().text.append(reader.getText());
                }
                case XMLStreamConstants.END_ELEMENT -> {
                    FeedNode done = open.pop().build();
                    if (open.isEmpty()) root = done;
                    else open.peek().children.add(done);
                }
                default -> {
                    // Comments, processing instructions and the end of the document carry nothing we use.
                }
            }
        }
        if (root == null) throw new UnreadableAnswer("no root element");
        return root;
    }

    private static String describe(XMLStreamException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int at = message.indexOf("Message:");
        String text = at >= 0 ? message.substring(at + "Message:".length()) : message;
        String where = e.getLocation() == null
                ? ""
                : " (line " + e.getLocation().getLineNumber() + ", column "
                        + e.getLocation().getColumnNumber() + ")";
        return text.strip().replaceAll("\\s+", " ") + where;
    }

    private static XMLInputFactory hardenedFactory() {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, false);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setXMLResolver((publicId, systemId, base, namespace) -> {
            throw new XMLStreamException("external resources are not fetched");
        });
        return factory;
    }

    private static final class Building {
        final String name;
        final Map<String, String> attributes;
        final StringBuilder text = new StringBuilder();
        final List<FeedNode> children = new ArrayList<>();

        Building(String name, Map<String, String> attributes) {
            this.name = name;
            this.attributes = attributes;
        }

        FeedNode build() {
            return new FeedNode(name, attributes, text.toString().strip(), children);
        }
    }
}
