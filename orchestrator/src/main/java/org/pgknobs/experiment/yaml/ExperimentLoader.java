package org.pgknobs.experiment.yaml;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.MachineScale;
import org.pgknobs.experiment.SettingGate;
import org.pgknobs.experiment.TrustBook;

/**
 * Reads an experiment file: YAML → profile merged over it → {@code --set} overrides → validated
 * {@link Experiment}. Every error is a {@link BadInputException} naming file:line:column and the field.
 */
public final class ExperimentLoader {

    private ExperimentLoader() {
    }

    /**
     * @param profile a name under {@code profiles:}, deep-merged over the file (mappings key by key,
     *                lists and values replaced)
     * @param sets    {@code path=value} overrides applied after the profile, e.g. {@code workload.warehouses=1},
     *                {@code server.base.shared_buffers=1GB}, {@code steps.cache-8mb.settings.shared_buffers=16MB}
     */
    public static Experiment load(Path file, Optional<String> profile, List<String> sets) {
        return load(file, profile, sets, Set.of());
    }

    /**
     * A result directory's experiment.resolved.yaml, for reading only: nothing runs from a record, and the run that
     * wrote it was checked against its own allowances, so every kind of gated setting is accepted (a directory
     * written before {@code allow:} existed records none).
     */
    public static Experiment loadRecord(Path resolved) {
        return load(resolved, Optional.empty(), List.of(), GateCheck.grantingAll(resolved), YamlTrees.read(resolved));
    }

    /**
     * The same, with the {@code --allow} kinds: a gated setting ({@link SettingGate}: one that runs a program, loads
     * code from a path or uses a file outside the data directory) is bad input at its line unless its kind is in
     * {@code allowed} or in the file's {@code allow:} list.
     */
    public static Experiment load(Path file, Optional<String> profile, List<String> sets, Set<SettingGate.Kind> allowed) {
        return load(file, profile, sets, allowed, TrustBook.NONE);
    }

    /**
     * The same, with the user's trust in files: a file trusted for exactly the content read here may use the gated
     * settings and initdb options it holds (not those of a {@code --set}); see {@link GateCheck}.
     */
    public static Experiment load(Path file, Optional<String> profile, List<String> sets, Set<SettingGate.Kind> allowed,
                                  TrustBook trust) {
        byte[] content = YamlTrees.bytes(file);
        GateCheck gate = new GateCheck(file, allowed, trust.standing(file, content));
        return load(file, profile, sets, gate, YamlTrees.parse(file, content));
    }

    private static Experiment load(Path file, Optional<String> profile, List<String> sets, GateCheck gate, YamlTree tree) {
        if (tree == null) {
            throw new BadInputException(file + ": the file is empty. Fix: start from experiments/examples/first-experiment.yaml.");
        }
        if (!(tree instanceof YamlTree.Mapping)) {
            throw Problems.at(tree.origin(), "", "expected a mapping of keys (" + String.join(", ", ExperimentFormat.ROOT)
                    + "), got " + tree.describe(), "start from experiments/examples/first-experiment.yaml");
        }
        Optional<MachineScale> scale = Optional.empty();
        if (profile.isPresent()) {
            YamlTree.Mapping chosen = profile(file, (YamlTree.Mapping) tree, profile.get());
            YamlTree.Mapping overrides = chosen.copy();
            YamlTree scaleTree = overrides.entries().remove("scale");
            if (scaleTree != null) {
                scale = Optional.of(scale(scaleTree, "profiles." + profile.get() + ".scale"));
            }
            tree = YamlTrees.merge(tree, overrides);
        }
        for (String set : sets) {
            tree = applySet(tree, set);
        }
        return new ExperimentBinder(file, gate).bind(tree, profile, scale);
    }

    /** An experiment file's bytes as the loader reads them (a directory, an unreadable or oversized file is bad input). */
    public static byte[] content(Path file) {
        return YamlTrees.bytes(file);
    }

    /** Loads the file alone and once with each of its profiles: what {@code pgknobs validate} checks. */
    public static List<Experiment> loadEveryProfile(Path file) {
        return loadEveryProfile(file, Set.of());
    }

    /** The same with the {@code --allow} kinds. */
    public static List<Experiment> loadEveryProfile(Path file, Set<SettingGate.Kind> allowed) {
        return loadEveryProfile(file, allowed, TrustBook.NONE);
    }

    /** The same with the user's trust in files. */
    public static List<Experiment> loadEveryProfile(Path file, Set<SettingGate.Kind> allowed, TrustBook trust) {
        List<Experiment> out = new ArrayList<>();
        Experiment plain = load(file, Optional.empty(), List.of(), allowed, trust);
        out.add(plain);
        for (String name : plain.provenance().profiles().keySet()) {
            out.add(load(file, Optional.of(name), List.of(), allowed, trust));
        }
        return out;
    }

    /**
     * Where a step's setting was written (file:line:column), for errors found later against a server:
     * the step itself, else the nearest earlier step (cumulative mode), else server.base; the profile's
     * lines count as it is merged over the file. Empty when the file cannot say (e.g. a --set value).
     */
    public static Optional<String> whereSet(Experiment experiment, String step, String setting) {
        try {
            YamlTree tree = YamlTrees.read(experiment.provenance().source());
            if (!(tree instanceof YamlTree.Mapping root)) {
                return Optional.empty();
            }
            if (experiment.provenance().profile().isPresent()) {
                tree = YamlTrees.merge(root, profile(experiment.provenance().source(), root, experiment.provenance().profile().get()));
            }
            return whereSet((YamlTree.Mapping) tree, step, setting.toLowerCase(java.util.Locale.ROOT));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> whereSet(YamlTree.Mapping root, String step, String setting) {
        List<YamlTree.Mapping> steps = new ArrayList<>();
        if (root.entries().get("steps") instanceof YamlTree.Sequence seq) {
            for (YamlTree item : seq.items()) {
                if (item instanceof YamlTree.Mapping m) {
                    steps.add(m);
                }
            }
        }
        int at = -1;
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).entries().get("name") instanceof YamlTree.Scalar n && step.equals(String.valueOf(n.value()))) {
                at = i;
            }
        }
        for (int i = at; i >= 0; i--) {
            Optional<String> found = keyOrigin(steps.get(i).entries().get("settings"), setting);
            if (found.isPresent()) {
                return found;
            }
        }
        return root.entries().get("server") instanceof YamlTree.Mapping server
                ? keyOrigin(server.entries().get("base"), setting) : Optional.empty();
    }

    private static Optional<String> keyOrigin(YamlTree settings, String setting) {
        if (settings instanceof YamlTree.Mapping m) {
            for (var e : m.keyOrigins().entrySet()) {
                if (e.getKey().equalsIgnoreCase(setting) && e.getValue() != null) {
                    return Optional.of(e.getValue().toString());
                }
            }
        }
        return Optional.empty();
    }

    private static YamlTree.Mapping profile(Path file, YamlTree.Mapping root, String name) {
        YamlTree profiles = root.entries().get("profiles");
        List<String> names = profiles instanceof YamlTree.Mapping m ? List.copyOf(m.entries().keySet()) : List.of();
        if (!names.contains(name)) {
            throw new BadInputException(file + ": no profile '" + name + "'. Fix: "
                    + MapReader.closest(name, names).map(n -> "did you mean '" + n + "'? ").orElse("")
                    + (names.isEmpty() ? "this file defines no profiles" : "profiles: " + String.join(", ", names)));
        }
        YamlTree.Mapping all = (YamlTree.Mapping) profiles;
        YamlTree chosen = all.entries().get(name);
        if (chosen instanceof YamlTree.Scalar s && s.value() == null) {
            return YamlTree.Mapping.empty(chosen.origin());
        }
        MapReader reader = new MapReader(chosen, "profiles." + name, ExperimentFormat.profile());
        return reader.mapping();
    }

    private static MachineScale scale(YamlTree tree, String path) {
        MapReader r = new MapReader(tree, path, ExperimentFormat.SCALE);
        long ram = Values.size(r.required("ram", "the published machine's RAM, e.g. 120GB"), path + ".ram");
        long disk = Values.size(r.required("disk", "the published machine's disk, e.g. 2TB"), path + ".disk");
        if (ram <= 0 || disk <= 0) {
            throw Problems.at(r.origin(), path, "ram and disk must be above zero", "e.g. `scale: {ram: 120GB, disk: 2TB}`");
        }
        return new MachineScale(ram, disk);
    }

    private static YamlTree applySet(YamlTree tree, String set) {
        int eq = set.indexOf('=');
        if (eq <= 0) {
            throw new BadInputException("--set " + set + ": expected path=value. Fix: e.g. --set workload.warehouses=1");
        }
        String path = set.substring(0, eq).trim();
        List<String> segments = Arrays.asList(path.split("\\."));
        if (segments.stream().anyMatch(String::isBlank)) {
            throw new BadInputException("--set " + set + ": empty segment in '" + path + "'. Fix: e.g. server.base.shared_buffers=1GB");
        }
        String first = segments.get(0);
        if (!ExperimentFormat.ROOT.contains(first)) {
            throw new BadInputException("--set " + set + ": unknown key '" + first + "'. Fix: "
                    + MapReader.closest(first, ExperimentFormat.ROOT).map(k -> "did you mean '" + k + "'? ").orElse("")
                    + "known keys: " + String.join(", ", ExperimentFormat.ROOT));
        }
        Origin origin = Origin.ofSet(set);
        YamlTree value = YamlTrees.readValue(set.substring(eq + 1), origin);
        return YamlTrees.set(tree, segments, value, set);
    }
}
