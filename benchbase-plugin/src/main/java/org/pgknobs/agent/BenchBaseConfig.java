package org.pgknobs.agent;

import java.io.IOException;
import java.nio.file.Path;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * What the agent reads from a BenchBase config XML: the connection and the timing of {@code <works>}.
 * The measured window starts after the first work's warm-up and lasts until every work's
 * {@code <time>} (and any later work's warm-up) has passed.
 */
public record BenchBaseConfig(String url, String username, String password, int warmupSeconds, int measuredSeconds) {

    public static BenchBaseConfig read(Path file) {
        Document doc;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder b = f.newDocumentBuilder();
            doc = b.parse(file.toFile());
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalArgumentException("cannot read BenchBase config " + file + ": " + e.getMessage(), e);
        }
        Element root = doc.getDocumentElement();
        String url = child(root, "url");
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException(file + " has no <url>: it is not a BenchBase config");
        }
        NodeList works = root.getElementsByTagName("work");
        int warmup = 0;
        int measured = 0;
        for (int i = 0; i < works.getLength(); i++) {
            Element w = (Element) works.item(i);
            int wu = seconds(file, w, "warmup");
            if (i == 0) {
                warmup = wu;
            } else {
                measured += wu;
            }
            measured += seconds(file, w, "time");
        }
        return new BenchBaseConfig(url.trim(), trimOrNull(child(root, "username")), child(root, "password"), warmup,
                measured);
    }

    private static int seconds(Path file, Element work, String name) {
        String v = child(work, name);
        if (v == null || v.isBlank()) {
            return 0;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + ": <" + name + "> must be whole seconds, got '" + v + "'", e);
        }
    }

    private static String child(Element parent, String name) {
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i) instanceof Element e && e.getTagName().equals(name)) {
                return e.getTextContent();
            }
        }
        return null;
    }

    private static String trimOrNull(String s) {
        return s == null ? null : s.trim();
    }

    @Override
    public String toString() {
        return "BenchBaseConfig[url=" + url + ", username=" + username + ", warmup=" + warmupSeconds + "s, measured="
                + measuredSeconds + "s]";
    }
}
