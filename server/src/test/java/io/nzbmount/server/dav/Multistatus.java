package io.nzbmount.server.dav;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** A parsed PROPFIND answer: for each href, its properties found with status 200. */
record Multistatus(Map<String, Map<String, Element>> byHref) {

    static final String DAV = "DAV:";

    static Multistatus parse(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
        Map<String, Map<String, Element>> byHref = new LinkedHashMap<>();
        NodeList responses = doc.getElementsByTagNameNS(DAV, "response");
        for (int i = 0; i < responses.getLength(); i++) {
            Element response = (Element) responses.item(i);
            String href = text(response, "href");
            Map<String, Element> props = new LinkedHashMap<>();
            NodeList propstats = response.getElementsByTagNameNS(DAV, "propstat");
            for (int j = 0; j < propstats.getLength(); j++) {
                Element propstat = (Element) propstats.item(j);
                if (!text(propstat, "status").contains(" 200 ")) {
                    continue;
                }
                Element prop =
                        (Element) propstat.getElementsByTagNameNS(DAV, "prop").item(0);
                for (Node child = prop.getFirstChild(); child != null; child = child.getNextSibling()) {
                    if (child instanceof Element element) {
                        props.put(element.getLocalName(), element);
                    }
                }
            }
            byHref.put(href, props);
        }
        return new Multistatus(byHref);
    }

    private static String text(Element parent, String name) {
        return parent.getElementsByTagNameNS(DAV, name).item(0).getTextContent().trim();
    }

    /** The decoded path of an href (absolute URL or path). */
    static String decodedPath(String href) {
        String raw = URI.create(href).getRawPath();
        return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** Properties of the response whose decoded path equals {@code path}. */
    Map<String, Element> at(String path) {
        for (Map.Entry<String, Map<String, Element>> entry : byHref.entrySet()) {
            if (decodedPath(entry.getKey()).equals(path)) {
                return entry.getValue();
            }
        }
        throw new AssertionError("no response for " + path + " in " + byHref.keySet());
    }

    static boolean isCollection(Map<String, Element> props) {
        Element type = props.get("resourcetype");
        return type != null && type.getElementsByTagNameNS(DAV, "collection").getLength() == 1;
    }

    static String value(Map<String, Element> props, String name) {
        Element element = props.get(name);
        return element == null ? null : element.getTextContent().trim();
    }
}
