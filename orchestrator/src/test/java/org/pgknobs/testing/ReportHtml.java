package org.pgknobs.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** report.html parsed as XML (the report writes well-formed XHTML), for tests that read its tables' cells. */
public final class ReportHtml {

    private ReportHtml() {
    }

    /**
     * Every table row that names {@code step} in its first cell (a sweep's tables) or its second (the steps table,
     * which starts with "#"): the row's cells after the name, whose class carries the mark ("worse", "better").
     */
    public static List<List<Element>> rowsOf(Path html, String step) throws Exception {
        NodeList rows = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(html.toFile())
                .getElementsByTagName("tr");
        List<List<Element>> out = new ArrayList<>();
        for (int i = 0; i < rows.getLength(); i++) {
            NodeList cells = ((Element) rows.item(i)).getElementsByTagName("td");
            int name = cells.getLength() > 0 && cells.item(0).getTextContent().equals(step) ? 0
                    : cells.getLength() > 1 && cells.item(1).getTextContent().equals(step) ? 1 : -1;
            if (name >= 0) {
                List<Element> after = new ArrayList<>();
                for (int c = name + 1; c < cells.getLength(); c++) {
                    after.add((Element) cells.item(c));
                }
                out.add(after);
            }
        }
        return out;
    }
}
