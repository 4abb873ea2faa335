package org.pgknobs.benchbase;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.pgknobs.BadInputException;
import org.pgknobs.json.AtomicFiles;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * Reads and writes BenchBase's configuration XML ({@code <parameters>} with type, driver, url, ...,
 * {@code <works><work>}, {@code <transactiontypes>}), the same elements BenchBase's DBWorkload reads.
 */
public final class BenchBaseXml {

    private static final Set<String> MODELLED = Set.of("type", "driver", "url", "username", "password", "isolation",
            "batchsize", "scalefactor", "terminals", "works", "transactiontypes");

    private BenchBaseXml() {
    }

    public static String write(BenchBaseConfig c) {
        try {
            Document doc = builder().newDocument();
            Element root = doc.createElement("parameters");
            doc.appendChild(root);
            add(root, "type", c.type());
            add(root, "driver", c.driver());
            add(root, "url", c.url());
            add(root, "username", c.username());
            if (c.password() != null) {
                add(root, "password", c.password());
            }
            add(root, "isolation", c.isolation());
            add(root, "batchsize", Integer.toString(c.batchSize()));
            add(root, "scalefactor", number(c.scaleFactor()));
            add(root, "terminals", Integer.toString(c.terminals()));
            c.otherParameters().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> add(root, e.getKey(), e.getValue()));
            Element works = add(root, "works", null);
            for (BenchBaseConfig.Work w : c.works()) {
                Element work = add(works, "work", null);
                add(work, "time", Integer.toString(w.time()));
                add(work, "warmup", Integer.toString(w.warmup()));
                add(work, "rate", w.rate().text());
                add(work, "weights", String.join(",", w.weights().stream().map(BenchBaseXml::number).toList()));
                w.otherParameters().entrySet().stream().sorted(Map.Entry.comparingByKey())
                        .forEach(e -> add(work, e.getKey(), e.getValue()));
            }
            Element types = add(root, "transactiontypes", null);
            for (BenchBaseConfig.TransactionType t : c.transactionTypes()) {
                Element type = add(types, "transactiontype", null);
                add(type, "name", t.name());
                if (t.preExecutionWaitMs() > 0) {
                    add(type, "preExecutionWait", Long.toString(t.preExecutionWaitMs()));
                }
                if (t.postExecutionWaitMs() > 0) {
                    add(type, "postExecutionWait", Long.toString(t.postExecutionWaitMs()));
                }
            }
            Transformer tf = TransformerFactory.newInstance().newTransformer();
            tf.setOutputProperty(OutputKeys.INDENT, "yes");
            tf.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "4");
            StringWriter out = new StringWriter();
            tf.transform(new DOMSource(doc), new StreamResult(out));
            return out.toString();
        } catch (TransformerException e) {
            throw new IllegalStateException("cannot render BenchBase XML", e);
        }
    }

    /** Written whole or not at all (temp file, then rename): a crash never leaves half a config. */
    public static void write(BenchBaseConfig c, Path file) {
        AtomicFiles.writeText(file, write(c));
    }

    public static BenchBaseConfig read(Path file) {
        try {
            return read(Files.readString(file), file.toString());
        } catch (IOException e) {
            throw new BadInputException("cannot read BenchBase configuration " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses {@code xml}; {@code source} names it in error messages. */
    public static BenchBaseConfig read(String xml, String source) {
        Document doc;
        try {
            doc = builder().parse(new InputSource(new StringReader(xml)));
        } catch (SAXException | IOException e) {
            throw new BadInputException(source + ": not well-formed XML: " + e.getMessage(), e);
        }
        Element root = doc.getDocumentElement();
        if (!root.getTagName().equals("parameters")) {
            throw new BadInputException(source + ": the root element must be <parameters> (BenchBase's format), not <"
                    + root.getTagName() + ">");
        }
        Map<String, String> other = new LinkedHashMap<>();
        for (Element e : children(root)) {
            if (!MODELLED.contains(e.getTagName()) && children(e).isEmpty()) {
                other.put(e.getTagName(), e.getTextContent().strip());
            }
        }
        List<BenchBaseConfig.Work> works = new ArrayList<>();
        Element worksEl = child(root, "works");
        if (worksEl != null) {
            for (Element w : children(worksEl)) {
                works.add(work(w, source));
            }
        }
        if (works.isEmpty()) {
            throw new BadInputException(source + ": <works> must hold at least one <work> with <time>, <rate> and <weights>");
        }
        List<BenchBaseConfig.TransactionType> types = new ArrayList<>();
        Element typesEl = child(root, "transactiontypes");
        if (typesEl != null) {
            for (Element t : children(typesEl)) {
                types.add(new BenchBaseConfig.TransactionType(text(t, "name", null, source),
                        integer(t, "preExecutionWait", 0, source), integer(t, "postExecutionWait", 0, source)));
            }
        }
        if (types.isEmpty()) {
            types = BenchBaseConfig.TPCC_TYPES.stream().map(BenchBaseConfig.TransactionType::new).toList();
        }
        String isolation = text(root, "isolation", "TRANSACTION_SERIALIZABLE", source);
        if (!BenchBaseConfig.ISOLATIONS.contains(isolation)) {
            throw new BadInputException(source + ": <isolation>" + isolation + "</isolation> is not one of "
                    + BenchBaseConfig.ISOLATIONS);
        }
        BenchBaseConfig config = new BenchBaseConfig(text(root, "type", BenchBaseConfig.POSTGRES, source),
                text(root, "driver", BenchBaseConfig.PG_DRIVER, source), text(root, "url", null, source),
                text(root, "username", null, source), text(root, "password", null, source), isolation,
                (int) integer(root, "batchsize", 128, source), decimal(root, "scalefactor", 1, source),
                (int) integer(root, "terminals", 1, source), works, types, other);
        for (BenchBaseConfig.Work w : works) {
            if (w.weights().size() != types.size()) {
                throw new BadInputException(source + ": <weights> has " + w.weights().size() + " values but there are "
                        + types.size() + " transaction types; give one weight per <transactiontype>");
            }
        }
        try {
            config.endpoint();
        } catch (BadInputException e) {
            throw new BadInputException(source + ": " + e.getMessage(), e);
        }
        if (config.terminals() < 1) {
            throw new BadInputException(source + ": <terminals> must be at least 1");
        }
        return config;
    }

    private static BenchBaseConfig.Work work(Element w, String source) {
        String weights = text(w, "weights", null, source);
        if (weights == null) {
            throw new BadInputException(source + ": every <work> needs <weights>, e.g. <weights>45,43,4,4,4</weights>");
        }
        List<Double> parsed;
        try {
            parsed = Arrays.stream(weights.split(",")).map(String::strip).map(Double::parseDouble).toList();
        } catch (NumberFormatException e) {
            throw new BadInputException(source + ": <weights>" + weights + "</weights> must be comma-separated numbers");
        }
        String rate = text(w, "rate", null, source);
        if (rate == null) {
            throw new BadInputException(source + ": every <work> needs <rate> (a number, unlimited or disabled)");
        }
        Map<String, String> other = new LinkedHashMap<>();
        for (Element e : children(w)) {
            if (!Set.of("time", "warmup", "rate", "weights").contains(e.getTagName())) {
                other.put(e.getTagName(), e.getTextContent().strip());
            }
        }
        try {
            return new BenchBaseConfig.Work((int) integer(w, "time", 0, source), (int) integer(w, "warmup", 0, source),
                    BenchBaseConfig.WorkRate.parse(rate), parsed, other);
        } catch (BadInputException e) {
            throw new BadInputException(source + ": " + e.getMessage(), e);
        }
    }

    /** A number as BenchBase's XML writes it: whole numbers without a fraction. */
    public static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }

    private static DocumentBuilder builder() {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setIgnoringComments(true);
            return f.newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Element add(Element parent, String name, String text) {
        Element e = parent.getOwnerDocument().createElement(name);
        if (text != null) {
            e.setTextContent(text);
        }
        parent.appendChild(e);
        return e;
    }

    private static List<Element> children(Element e) {
        List<Element> out = new ArrayList<>();
        NodeList nodes = e.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE) {
                out.add((Element) nodes.item(i));
            }
        }
        return out;
    }

    private static Element child(Element e, String name) {
        return children(e).stream().filter(c -> c.getTagName().equals(name)).findFirst().orElse(null);
    }

    private static String text(Element e, String name, String fallback, String source) {
        Element c = child(e, name);
        return c == null ? fallback : c.getTextContent().strip();
    }

    private static long integer(Element e, String name, long fallback, String source) {
        String t = text(e, name, null, source);
        try {
            return t == null ? fallback : Long.parseLong(t);
        } catch (NumberFormatException ex) {
            throw new BadInputException(source + ": <" + name + ">" + t + "</" + name + "> must be a whole number");
        }
    }

    private static double decimal(Element e, String name, double fallback, String source) {
        String t = text(e, name, null, source);
        try {
            return t == null ? fallback : Double.parseDouble(t);
        } catch (NumberFormatException ex) {
            throw new BadInputException(source + ": <" + name + ">" + t + "</" + name + "> must be a number");
        }
    }
}
