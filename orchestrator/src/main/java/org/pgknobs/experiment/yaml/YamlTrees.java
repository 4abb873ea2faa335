package org.pgknobs.experiment.yaml;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.pgknobs.BadInputException;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/** Reading YAML into {@link YamlTree}s (composing nodes keeps their marks) and combining trees. */
final class YamlTrees {

    private YamlTrees() {
    }

    static YamlTree read(Path file) {
        return parse(file, bytes(file));
    }

    /** The file's bytes, once: what is parsed is what was hashed for the user's trust. */
    static byte[] bytes(Path file) {
        if (Files.isDirectory(file)) {
            throw new BadInputException(file + ": is a directory, not an experiment file. Fix: name a .yaml file, "
                    + "e.g. experiments/examples/first-experiment.yaml");
        }
        if (Files.exists(file) && !Files.isReadable(file)) {
            throw new BadInputException(file + ": not readable by this user. Fix: check its permissions (chmod a+r) "
                    + "or run pgknobs as a user who can read it");
        }
        try {
            long limit = 4L * YamlLimits.options().getCodePointLimit();
            if (Files.isRegularFile(file) && Files.size(file) > limit) {
                throw new BadInputException(file + ": is larger than " + (limit >> 20) + " MB, more than an experiment "
                        + "file can hold. Fix: name the experiment's .yaml file");
            }
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new BadInputException(file + ": no such file. Fix: check the path (experiments/ holds the shipped ones).");
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** {@code content} as read from {@code file}, which names the origins. */
    static YamlTree parse(Path file, byte[] content) {
        // a decoder of its own reports bytes that are not UTF-8 (the charset's shortcut would replace them)
        try (Reader reader = new java.io.InputStreamReader(new java.io.ByteArrayInputStream(content),
                StandardCharsets.UTF_8.newDecoder())) {
            return compose(reader, mark -> Origin.of(file, mark), new Origin(file.toString()));
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot read: " + e.getMessage(), e);
        } catch (MarkedYAMLException e) {
            Origin at = Origin.of(file, e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark());
            throw Problems.at(at, "", "not valid YAML: " + firstNonNull(e.getProblem(), e.getContext()),
                    "check indentation and quoting on that line (values containing ': ' or '#' need quotes)");
        } catch (org.yaml.snakeyaml.error.YAMLException e) {
            throw new BadInputException(file + ": " + YamlLimits.explain(e), e);
        }
    }

    /** A {@code --set} value: parsed as YAML so numbers stay numbers and [a, b] is a list. */
    static YamlTree readValue(String text, Origin origin) {
        try {
            YamlTree tree = compose(new StringReader(text), mark -> origin, origin);
            return tree == null ? new YamlTree.Scalar("", "", origin) : tree;
        } catch (MarkedYAMLException e) {
            // Not YAML on its own (e.g. "a: b: c"): take it as the literal text.
            return new YamlTree.Scalar(text, text, origin);
        }
    }

    private static String firstNonNull(String a, String b) {
        return a != null ? a : String.valueOf(b);
    }

    private static YamlTree compose(Reader reader, Function<org.yaml.snakeyaml.error.Mark, Origin> origins, Origin whole) {
        Node node = new Yaml(YamlLimits.options()).compose(reader);
        return node == null ? null : convert(node, origins);
    }

    private static YamlTree convert(Node node, Function<org.yaml.snakeyaml.error.Mark, Origin> origins) {
        Origin origin = origins.apply(node.getStartMark());
        if (node instanceof MappingNode mapping) {
            YamlTree.Mapping out = YamlTree.Mapping.empty(origin);
            for (NodeTuple tuple : mapping.getValue()) {
                Origin keyOrigin = origins.apply(tuple.getKeyNode().getStartMark());
                if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
                    throw Problems.at(keyOrigin, "", "a key must be a plain name", "write `name: value`");
                }
                if (out.entries().containsKey(key.getValue())) {
                    throw Problems.at(keyOrigin, key.getValue(), "duplicate key (first at "
                            + out.keyOrigins().get(key.getValue()) + ")", "keep one of them");
                }
                out.entries().put(key.getValue(), convert(tuple.getValueNode(), origins));
                out.keyOrigins().put(key.getValue(), keyOrigin);
            }
            return out;
        }
        if (node instanceof SequenceNode sequence) {
            List<YamlTree> items = new ArrayList<>();
            sequence.getValue().forEach(item -> items.add(convert(item, origins)));
            return new YamlTree.Sequence(items, origin);
        }
        ScalarNode scalar = (ScalarNode) node;
        return new YamlTree.Scalar(scalarValue(scalar), scalar.getValue(), origin);
    }

    private static Object scalarValue(ScalarNode scalar) {
        String raw = scalar.getValue();
        Tag tag = scalar.getTag();
        if (Tag.NULL.equals(tag)) {
            return null;
        }
        if (Tag.INT.equals(tag)) {
            try {
                long value = Long.parseLong(raw.replace("_", ""));
                return value == (int) value ? (Object) (int) value : (Object) value;
            } catch (NumberFormatException e) {
                return raw; // hex, octal or huge: PostgreSQL parses the text itself
            }
        }
        if (Tag.FLOAT.equals(tag)) {
            try {
                double value = Double.parseDouble(raw.replace("_", ""));
                // 1e400 overflows to Infinity; keep the text so PostgreSQL judges (and names) what was written
                return Double.isInfinite(value) ? raw : (Object) value;
            } catch (NumberFormatException e) {
                return raw;
            }
        }
        return raw;
    }

    /** Profile over file: mappings merge key by key (recursively); anything else is replaced. */
    static YamlTree merge(YamlTree base, YamlTree overlay) {
        if (base instanceof YamlTree.Mapping b && overlay instanceof YamlTree.Mapping o) {
            YamlTree.Mapping out = b.copy();
            for (Map.Entry<String, YamlTree> e : o.entries().entrySet()) {
                YamlTree existing = out.entries().get(e.getKey());
                out.entries().put(e.getKey(), existing == null ? e.getValue() : merge(existing, e.getValue()));
                out.keyOrigins().put(e.getKey(), o.keyOrigins().get(e.getKey()));
            }
            return out;
        }
        return overlay;
    }

    /**
     * Sets {@code path} (dot-separated) to {@code value}, creating mappings on the way. A list element
     * is addressed by its {@code name} (steps.cache-8mb.settings.shared_buffers) or 1-based position.
     */
    static YamlTree set(YamlTree root, List<String> path, YamlTree value, String option) {
        if (path.isEmpty()) {
            return value;
        }
        String head = path.get(0);
        List<String> rest = path.subList(1, path.size());
        if (root instanceof YamlTree.Mapping mapping) {
            YamlTree.Mapping out = mapping.copy();
            YamlTree child = out.entries().get(head);
            if (child == null) {
                child = YamlTree.Mapping.empty(value.origin());
            }
            out.entries().put(head, set(child, rest, value, option));
            out.keyOrigins().put(head, value.origin());
            return out;
        }
        if (root instanceof YamlTree.Sequence sequence) {
            List<YamlTree> items = new ArrayList<>(sequence.items());
            int index = indexOf(items, head);
            if (index < 0) {
                throw new BadInputException("--set " + option + ": no list element '" + head
                        + "'. Fix: name a step by its name or its position (1.." + items.size() + ").");
            }
            items.set(index, set(items.get(index), rest, value, option));
            return new YamlTree.Sequence(items, sequence.origin());
        }
        throw new BadInputException("--set " + option + ": '" + head + "' is below a single value ("
                + root.origin() + "). Fix: set the value itself, not a field inside it.");
    }

    private static int indexOf(List<YamlTree> items, String head) {
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i) instanceof YamlTree.Mapping m && m.entries().get("name") instanceof YamlTree.Scalar s
                    && head.equals(s.raw())) {
                return i;
            }
        }
        if (head.matches("\\d+")) {
            int position = Integer.parseInt(head);
            if (position >= 1 && position <= items.size()) {
                return position - 1;
            }
        }
        return -1;
    }
}
