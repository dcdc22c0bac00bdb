package io.nzbmount.server.indexer;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One element of an indexer's answer, the same shape for XML and JSON: a name without namespace
 * prefix, attributes, text and child elements. Reading answers through this one shape means one
 * interpretation ({@link FeedReader}) serves both formats and all their dialects. Immutable.
 *
 * @param name       local name (after the last {@code :}), empty for a JSON document's root object
 * @param attributes attributes by local name
 * @param text       the element's own text, stripped, empty when none
 * @param children   child elements in document order
 */
record FeedNode(String name, Map<String, String> attributes, String text, List<FeedNode> children) {

    FeedNode {
        attributes = Map.copyOf(attributes);
        children = List.copyOf(children);
    }

    /** The name without a namespace prefix: {@code newznab:attr}, {@code nzedb:attr} and {@code attr} are one. */
    static String localName(String name) {
        return name.substring(name.lastIndexOf(':') + 1);
    }

    Optional<FeedNode> child(String childName) {
        for (FeedNode c : children) {
            if (c.name.equals(childName)) return Optional.of(c);
        }
        return Optional.empty();
    }

    List<FeedNode> children(String childName) {
        return children.stream().filter(c -> c.name.equals(childName)).toList();
    }

    /**
     * A value given either way indexers give it: as an attribute ({@code <x name="v"/>}, JSON
     * {@code "@attributes"}/{@code "_name"}) or as a child element's text ({@code <x><name>v</name></x>}).
     * Empty when absent or blank.
     */
    Optional<String> value(String key) {
        String attribute = attributes.get(key);
        if (attribute != null && !attribute.isBlank()) return Optional.of(attribute.strip());
        return child(key).map(FeedNode::text).filter(t -> !t.isEmpty());
    }
}
