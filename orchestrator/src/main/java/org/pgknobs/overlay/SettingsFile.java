package org.pgknobs.overlay;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.pgknobs.BadInputException;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * A YAML file holding a flat map {@code name: value}. Values are kept as the text written in the file
 * (YAML 1.1 would turn {@code on} into true and {@code 1e300} into a string anyway); each name keeps
 * its line so problems can be reported as file:line.
 */
public record SettingsFile(Path path, Map<String, Object> settings, Map<String, Integer> lines) {

    public SettingsFile {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        lines = Map.copyOf(lines);
    }

    public static SettingsFile load(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new BadInputException("settings file " + path + " does not exist (expected a YAML map name: value)");
        }
        Node root;
        try (Reader r = Files.newBufferedReader(path)) {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            root = new Yaml(options).compose(r);
        } catch (MarkedYAMLException e) {
            throw new BadInputException(path + ":" + (e.getProblemMark().getLine() + 1) + ": not valid YAML: " + e.getProblem());
        } catch (IOException e) {
            throw new BadInputException("cannot read settings file " + path + ": " + e.getMessage(), e);
        }
        if (root == null) {
            throw new BadInputException(path + ": empty; expected a map of settings, e.g. shared_buffers: 8MB");
        }
        if (!(root instanceof MappingNode map)) {
            throw new BadInputException(path + ":" + line(root) + ": expected a map of settings (name: value), e.g. shared_buffers: 8MB");
        }
        Map<String, Object> settings = new LinkedHashMap<>();
        Map<String, Integer> lines = new LinkedHashMap<>();
        for (NodeTuple t : map.getValue()) {
            if (!(t.getKeyNode() instanceof ScalarNode key)) {
                throw new BadInputException(path + ":" + line(t.getKeyNode()) + ": a setting name must be a plain word");
            }
            if (!(t.getValueNode() instanceof ScalarNode value) || value.getValue().isBlank()) {
                throw new BadInputException(path + ":" + line(t.getValueNode()) + ": " + key.getValue()
                        + " needs a single value (a number, a word, or a quoted list such as 'stderr,jsonlog')");
            }
            if (settings.containsKey(key.getValue())) {
                throw new BadInputException(path + ":" + line(key) + ": " + key.getValue() + " is given twice");
            }
            settings.put(key.getValue(), value.getValue());
            lines.put(key.getValue(), line(key));
        }
        return new SettingsFile(path, settings, lines);
    }

    /** {@code file:line} of a setting, or the file alone for a name it does not hold. */
    public String where(String name) {
        return path + (lines.containsKey(name) ? ":" + lines.get(name) : "");
    }

    /** Preflight problems re-worded with this file's name and line numbers. */
    public BadInputException located(OverlayRejectedException e) {
        List<String> located = e.problems().stream()
                .map(p -> "  - " + path + (lines.containsKey(p.name()) ? ":" + lines.get(p.name()) : "") + ": " + p)
                .toList();
        return new BadInputException(e.problems().size() + " problem(s) in " + path + "; nothing was changed:\n"
                + located.stream().collect(Collectors.joining("\n")), e);
    }

    private static int line(Node n) {
        return n.getStartMark().getLine() + 1;
    }
}
