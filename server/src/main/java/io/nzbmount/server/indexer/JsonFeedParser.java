package io.nzbmount.server.indexer;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a JSON answer into the same {@link FeedNode} tree as an XML one. Pure and thread safe.
 *
 * <p>Indexers produce their JSON by converting their XML, each with its own convention for
 * attributes and text; all of these are understood:
 * <ul>
 *   <li>attributes under {@code "@attributes"} (newznab, nZEDb) or {@code "$"};</li>
 *   <li>attributes as keys prefixed with {@code _} or {@code @} (NNTmux: {@code "_name"});</li>
 *   <li>text under {@code "#text"}, {@code "text"}, {@code "_"} or {@code "$t"} next to attributes;</li>
 *   <li>a one-element list written as a bare object, and {@code "newznab:attr"} next to {@code "attr"}.</li>
 * </ul>
 * A root array is read as a list of items (some indexers answer {@code []} for no results).
 */
final class JsonFeedParser {
    private static final Set<String> ATTRIBUTE_HOLDERS = Set.of("@attributes", "$");
    private static final Set<String> TEXT_KEYS = Set.of("#text", "text", "_", "$t");
    private static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(
                    StreamReadConstraints.builder().maxNestingDepth(64).build())
            .build());

    private JsonFeedParser() {}

    static FeedNode parse(byte[] answer) throws UnreadableAnswer {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(answer);
        } catch (JacksonException e) {
            String where = e.getLocation() == null
                    ? ""
                    : " (line " + e.getLocation().getLineNr() + ", column "
                            + e.getLocation().getColumnNr() + ")";
            throw new UnreadableAnswer("broken JSON: " + e.getOriginalMessage().replaceAll("\\s+", " ") + where);
        } catch (IOException e) {
            throw new UnreadableAnswer("broken JSON (" + e.getClass().getSimpleName() + ")");
        }
        if (tree == null || tree.isMissingNode()) throw new UnreadableAnswer("empty JSON answer");
        if (tree.isArray()) {
            List<FeedNode> items = new ArrayList<>();
            for (JsonNode element : tree) addChild(items, "item", element);
            return new FeedNode("channel", Map.of(), "", items);
        }
        if (!tree.isObject()) throw new UnreadableAnswer("the JSON answer is not an object");
        return convert("", tree);
    }

    private static FeedNode convert(String name, JsonNode node) {
        if (!node.isContainerNode())
            return new FeedNode(name, Map.of(), node.asText().strip(), List.of());
        Map<String, String> attributes = new HashMap<>();
        List<FeedNode> children = new ArrayList<>();
        String text = "";
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            String key = field.getKey();
            JsonNode value = field.getValue();
            if (ATTRIBUTE_HOLDERS.contains(key) && value.isObject()) {
                for (Map.Entry<String, JsonNode> a : value.properties()) {
                    if (a.getValue().isValueNode() && !a.getValue().isNull()) {
                        attributes.put(
                                FeedNode.localName(a.getKey()), a.getValue().asText());
                    }
                }
            } else if (TEXT_KEYS.contains(key) && value.isValueNode()) {
                text = value.asText().strip();
            } else if (key.length() > 1 && (key.startsWith("@") || key.startsWith("_")) && value.isValueNode()) {
                if (!value.isNull()) attributes.put(FeedNode.localName(key.substring(1)), value.asText());
            } else {
                addChild(children, FeedNode.localName(key), value);
            }
        }
        return new FeedNode(name, attributes, text, children);
    }

    private static void addChild(List<FeedNode> children, String name, JsonNode value) {
        if (value.isNull()) return;
        if (value.isArray()) {
            for (JsonNode element : value) addChild(children, name, element);
        } else {
            children.add(convert(name, value));
        }
    }
}
