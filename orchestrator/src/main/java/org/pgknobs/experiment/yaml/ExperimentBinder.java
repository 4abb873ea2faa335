package org.pgknobs.experiment.yaml;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;
import org.pgknobs.experiment.AblationSpec;
import org.pgknobs.experiment.DataPolicy;
import org.pgknobs.experiment.Driver;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.InitdbOptions;
import org.pgknobs.experiment.InsertBenchSpec;
import org.pgknobs.experiment.Isolation;
import org.pgknobs.experiment.MachineScale;
import org.pgknobs.experiment.Measurement;
import org.pgknobs.experiment.MissingSetting;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.Observe;
import org.pgknobs.experiment.OptIns;
import org.pgknobs.experiment.PgMajors;
import org.pgknobs.experiment.PgRelease;
import org.pgknobs.experiment.Provenance;
import org.pgknobs.experiment.Reference;
import org.pgknobs.experiment.ServerSpec;
import org.pgknobs.experiment.SettingGate;
import org.pgknobs.experiment.StepSpec;
import org.pgknobs.experiment.TargetRate;
import org.pgknobs.experiment.TpccSpec;
import org.pgknobs.experiment.WorkloadKind;
import org.pgknobs.experiment.WorkloadSpec;
import org.pgknobs.units.Durations;

/** Turns a merged tree into an {@link Experiment}, checking every field. */
final class ExperimentBinder {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final Pattern SETTING = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");
    private static final Set<String> BASELINE_NAMES = Set.of("base", "baseline");

    private final Path source;
    private final GateCheck gate;

    /** @param gate who grants the gated settings and initdb options the file holds (never the file itself) */
    ExperimentBinder(Path source, GateCheck gate) {
        this.source = source;
        this.gate = gate;
    }

    Experiment bind(YamlTree tree, Optional<String> profile, Optional<MachineScale> scale) {
        MapReader root = new MapReader(tree, "", ExperimentFormat.ROOT);
        String name = name(root.required("name", "the experiment's name, e.g. `name: my-experiment`"), "name");
        String description = root.get("description").map(t -> Values.text(t, "description")).orElse("");
        Mode mode = root.get("mode").map(t -> Values.choice(t, "mode", Mode.class)).orElse(Mode.CUMULATIVE);
        // a declaration of what the file needs, printed beside a refusal; the grant is the user's (GateCheck)
        Set<SettingGate.Kind> declared = EnumSet.noneOf(SettingGate.Kind.class);
        root.get("allow").ifPresent(t -> declared.addAll(allow(t)));
        ServerSpec server = server(root.get("server"));
        WorkloadSpec workload = workload(root.get("workload"));
        DataPolicy data = root.get("data").map(t -> Values.choice(t, "data", DataPolicy.class)).orElse(DataPolicy.RESTORE);
        List<StepSpec> steps = steps(root.required("steps", "a list of steps, e.g. `steps: [{name: baseline}]`"), mode);
        RepeatsBinder.Bound repeats = RepeatsBinder.bind(root.get("repeats"));
        int bracket = root.get("bracket").map(RepeatsBinder::bracket).orElse(Measurement.DEFAULT_BRACKET);
        Set<String> includeOptional = includeOptional(root.get("include_optional"), steps);
        Optional<Reference> reference = root.get("reference").map(t -> ReferenceBinder.bind(t, steps));
        Map<String, Object> profiles = profiles(root.get("profiles"));
        AblationSpec ablation = AblationBinder.bind(root, mode, server, data, steps, includeOptional);
        Set<Observe> observe = root.get("observe").map(ExperimentBinder::observe).orElse(Set.of());
        if (repeats.auto().isPresent() && mode == Mode.ABLATION) {
            throw Problems.at(root.originOf("repeats"), "repeats", "auto is not supported with mode: ablation (its"
                    + " culprit search measures each candidate once, after the fixed runs)", "give a number, e.g. `repeats: 3`");
        }
        gate.refuseUngranted(declared);
        Set<SettingGate.Kind> recorded = EnumSet.noneOf(SettingGate.Kind.class);
        recorded.addAll(declared);
        recorded.addAll(gate.grantedKinds());
        return new Experiment(name, description, mode, server, workload, data, steps,
                new OptIns(includeOptional, recorded, gate.grant()), ablation, new Measurement(repeats.fixed(), repeats.auto(), observe, bracket),
                reference, new Provenance(source, profile, profiles, scale));
    }

    private static String name(YamlTree tree, String path) {
        String text = Values.text(tree, path);
        if (!NAME.matcher(text).matches()) {
            throw Problems.at(tree.origin(), path, "'" + text + "' is not a usable name",
                    "use letters, digits, '.', '_' and '-' only (it names result directories)");
        }
        return text;
    }

    /**
     * {@code allow: [commands, libraries, paths]}: the kinds of gated settings the file declares it needs
     * (SettingGate); a declaration only, never a grant.
     */
    private static Set<SettingGate.Kind> allow(YamlTree tree) {
        YamlTree.Sequence seq = Values.list(tree, "allow", "kinds of settings to allow (" + SettingGate.Kind.choices() + ")");
        Set<SettingGate.Kind> out = EnumSet.noneOf(SettingGate.Kind.class);
        for (int k = 0; k < seq.items().size(); k++) {
            YamlTree item = seq.items().get(k);
            String path = "allow[" + (k + 1) + "]";
            String text = Values.text(item, path);
            out.add(SettingGate.Kind.named(text).orElseThrow(() -> Problems.at(item.origin(), path,
                    "unknown kind '" + text + "'", "choose from " + SettingGate.Kind.choices() + ", e.g. `allow: [commands]`")));
        }
        return out;
    }

    private ServerSpec server(Optional<YamlTree> tree) {
        if (tree.isEmpty()) {
            return new ServerSpec(List.of(), Map.of());
        }
        MapReader server = new MapReader(tree.get(), "server", ExperimentFormat.SERVER);
        List<String> initdb = server.get("initdb").map(t -> initdb(t, "server.initdb")).orElse(List.of());
        Map<String, Object> base = server.get("base").map(t -> settings(t, "server.base")).orElse(Map.of());
        List<PgRelease> versions = server.get("versions").map(ExperimentBinder::versions).orElse(List.of());
        MissingSetting missing = server.get("on_missing_setting")
                .map(t -> Values.choice(t, "server.on_missing_setting", MissingSetting.class)).orElse(MissingSetting.NA);
        return new ServerSpec(initdb, base, versions, missing);
    }

    /**
     * PostgreSQL majors or releases (17 or 17.2), each once; whether a build of each is at hand is the command line's
     * to check. A release is read from the text as written: YAML would make 17.10 the number 17.1.
     */
    private static List<PgRelease> versions(YamlTree tree) {
        YamlTree.Sequence seq = Values.list(tree, "server.versions", "PostgreSQL major versions or releases");
        List<PgRelease> out = new ArrayList<>();
        for (int k = 0; k < seq.items().size(); k++) {
            YamlTree item = seq.items().get(k);
            String path = "server.versions[" + (k + 1) + "]";
            if (!(item instanceof YamlTree.Scalar scalar) || scalar.value() == null) {
                throw Problems.at(item.origin(), path, "not a version", "a major or a release, e.g. `versions: [16, 17.2, 18]`");
            }
            PgRelease version;
            try {
                version = PgRelease.parse(scalar.raw());
            } catch (IllegalArgumentException e) {
                throw Problems.at(item.origin(), path, e.getMessage(), "use majors " + PgMajors.OLDEST + " to "
                        + PgMajors.NEWEST + " or their releases, e.g. `versions: [16, 17.2, 18]`");
            }
            if (out.contains(version)) {
                throw Problems.at(item.origin(), path, version + " is listed twice", "list each version once");
            }
            out.add(version);
        }
        if (out.isEmpty()) {
            throw Problems.at(tree.origin(), "server.versions", "empty",
                    "list at least one major, e.g. `versions: [16, 17, 18]`, or leave the key out");
        }
        return out;
    }

    /**
     * initdb options, by allow-list ({@link InitdbOptions}): one that runs SQL, reads a file or sets a setting is
     * refused at its line; one that puts WAL outside the cluster (--waldir) is gated as a path.
     */
    private List<String> initdb(YamlTree tree, String path) {
        List<String> options = Values.texts(tree, path);
        for (InitdbOptions.Finding f : InitdbOptions.check(options)) {
            Origin at = tree instanceof YamlTree.Sequence seq && f.index() < seq.items().size()
                    ? seq.items().get(f.index()).origin() : tree.origin();
            if (f instanceof InitdbOptions.Refusal r) {
                throw Problems.at(at, path, r.problem(), r.fix());
            }
            gate.see(at, path, ((InitdbOptions.GatedOption) f).gated());
        }
        return options;
    }

    /**
     * A settings mapping; a gated setting (SettingGate) is shown to the gate at its line, which refuses it unless the
     * user granted it. Every experiment settings map passes through this: base, steps, a chosen profile's and --set's.
     */
    private Map<String, Object> settings(YamlTree tree, String path) {
        YamlTree.Mapping mapping = requireMapping(tree, path);
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, YamlTree> e : mapping.entries().entrySet()) {
            String settingPath = path + "." + e.getKey();
            Origin at = mapping.keyOrigins().get(e.getKey());
            if (!SETTING.matcher(e.getKey()).matches()) {
                throw Problems.at(at, settingPath, "'" + e.getKey() + "' is not a PostgreSQL setting name",
                        "use the name as in pg_settings, e.g. shared_buffers");
            }
            String key = e.getKey().toLowerCase(Locale.ROOT);
            UnsettableSettings.problem(key).ifPresent(p -> {
                throw Problems.at(at, settingPath, p.problem(), p.fix());
            });
            if (out.containsKey(key)) {
                throw Problems.at(at, settingPath, "set twice (setting names are case-insensitive)", "keep one");
            }
            if (!(e.getValue() instanceof YamlTree.Scalar s) || s.value() == null) {
                throw Problems.at(e.getValue().origin(), settingPath, "expected one value, got " + e.getValue().describe(),
                        "write it as PostgreSQL would, as one text; a list setting is one quoted text, e.g. "
                                + "log_destination: 'stderr,jsonlog'");
            }
            SettingGate.check(key, s.value()).ifPresent(g -> gate.see(at, settingPath, g));
            out.put(key, s.value());
        }
        return out;
    }

    private static YamlTree.Mapping requireMapping(YamlTree tree, String path) {
        if (!(tree instanceof YamlTree.Mapping mapping)) {
            throw Problems.at(tree.origin(), path, "expected settings as `name: value` lines, got " + tree.describe(),
                    "e.g. `shared_buffers: 1GB` indented under `" + Values.leaf(path) + ":`");
        }
        return mapping;
    }

    private static WorkloadSpec workload(Optional<YamlTree> tree) {
        TpccSpec t = TpccSpec.defaults();
        InsertBenchSpec i = InsertBenchSpec.defaults();
        if (tree.isEmpty()) {
            return new WorkloadSpec(WorkloadKind.TPCC, Driver.BUILTIN, t, i);
        }
        MapReader w = new MapReader(tree.get(), "workload", ExperimentFormat.workload());
        WorkloadKind kind = w.get("kind").map(v -> Values.choice(v, "workload.kind", WorkloadKind.class)).orElse(WorkloadKind.TPCC);
        Driver driver = w.get("driver").map(v -> Values.choice(v, "workload.driver", Driver.class)).orElse(Driver.BUILTIN);
        WarmupBinder.Warmup warmup = w.get("warmup").map(v -> WarmupBinder.bind(v, kind, driver))
                .orElse(new WarmupBinder.Warmup(t.warmup(), Optional.empty()));
        Duration warmupTpcc = warmup.duration();
        Duration warmupIb = w.get("warmup").isPresent() ? warmup.duration() : i.warmup();
        TpccSpec tpcc = new TpccSpec(
                w.get("warehouses").map(v -> Values.positiveInt(v, "workload.warehouses", 1)).orElse(t.warehouses()),
                w.get("terminals").map(v -> Values.positiveInt(v, "workload.terminals", 1)).orElse(t.terminals()),
                w.get("rate").map(ExperimentBinder::rate).orElse(t.rate()),
                warmupTpcc,
                w.get("duration").map(v -> Values.duration(v, "workload.duration", Durations.Zero.REJECTED)).orElse(t.duration()),
                w.get("weights").map(ExperimentBinder::weights).orElse(t.weights()),
                w.get("isolation").map(ExperimentBinder::isolation).orElse(t.isolation()),
                w.get("loader_threads").map(v -> OptionalInt.of(Values.positiveInt(v, "workload.loader_threads", 1)))
                        .orElse(t.loaderThreads()),
                warmup.auto());
        InsertBenchSpec insertbench = new InsertBenchSpec(
                w.get("clients").map(v -> Values.positiveInt(v, "workload.clients", 1)).orElse(i.clients()),
                w.get("initial_rows").map(v -> Values.positiveLong(v, "workload.initial_rows", 1)).orElse(i.initialRows()),
                w.get("i1_rows").map(v -> Values.positiveLong(v, "workload.i1_rows", 0)).orElse(i.i1Rows()),
                w.get("i2_rows").map(v -> Values.positiveLong(v, "workload.i2_rows", 0)).orElse(i.i2Rows()),
                w.get("query_seconds").map(v -> Values.duration(v, "workload.query_seconds", Durations.Zero.ALLOWED)).orElse(i.querySeconds()),
                w.get("query_rates").map(ExperimentBinder::queryRates).orElse(i.queryRates()),
                warmupIb,
                w.get("variant").map(v -> Values.choice(v, "workload.variant", InsertBenchSpec.Variant.class)).orElse(i.variant()),
                w.get("cleanup_wait").map(v -> Values.duration(v, "workload.cleanup_wait", Durations.Zero.ALLOWED)).orElse(i.cleanupWait()));
        return new WorkloadSpec(kind, driver, tpcc, insertbench);
    }

    private static TargetRate rate(YamlTree tree) {
        YamlTree.Scalar s = Values.scalar(tree, "workload.rate", "a number of transactions/s or unlimited");
        if (s.value() instanceof Number n && n.doubleValue() > 0) {
            return TargetRate.of(n.doubleValue());
        }
        if (s.raw().equalsIgnoreCase("unlimited")) {
            return TargetRate.unlimited();
        }
        throw Problems.at(s.origin(), "workload.rate", "expected a positive number (transactions/s for all terminals) "
                + "or unlimited, got " + s.describe(), "e.g. `rate: 10000` or `rate: unlimited`");
    }

    private static List<Integer> weights(YamlTree tree) {
        YamlTree.Sequence seq = Values.list(tree, "workload.weights", "5 whole numbers");
        List<Integer> out = new ArrayList<>();
        for (int k = 0; k < seq.items().size(); k++) {
            out.add(Values.positiveInt(seq.items().get(k), "workload.weights[" + (k + 1) + "]", 0));
        }
        if (out.size() != 5 || out.stream().mapToInt(Integer::intValue).sum() != 100) {
            throw Problems.at(tree.origin(), "workload.weights", "expected 5 percentages (NewOrder, Payment, "
                    + "OrderStatus, Delivery, StockLevel) summing to 100, got " + out, "e.g. `weights: [45, 43, 4, 4, 4]`");
        }
        return out;
    }

    private static Isolation isolation(YamlTree tree) {
        YamlTree.Scalar s = Values.scalar(tree, "workload.isolation", "an isolation level");
        return Isolation.parse(s.raw()).orElseThrow(() -> Problems.at(s.origin(), "workload.isolation",
                "expected serializable | repeatable_read | read_committed, got " + s.describe(),
                "e.g. `isolation: serializable` (TRANSACTION_SERIALIZABLE works too)"));
    }

    private static List<Integer> queryRates(YamlTree tree) {
        YamlTree.Sequence seq = Values.list(tree, "workload.query_rates", "rows/s per client");
        List<Integer> out = new ArrayList<>();
        for (int k = 0; k < seq.items().size(); k++) {
            out.add(Values.positiveInt(seq.items().get(k), "workload.query_rates[" + (k + 1) + "]", 1));
        }
        if (out.isEmpty()) {
            throw Problems.at(tree.origin(), "workload.query_rates", "empty", "e.g. `query_rates: [100, 500, 1000]`");
        }
        return out;
    }

    private List<StepSpec> steps(YamlTree tree, Mode mode) {
        YamlTree.Sequence seq = Values.list(tree, "steps", "steps");
        if (seq.items().isEmpty()) {
            throw Problems.at(tree.origin(), "steps", "no steps", "add at least one step, e.g. `- name: baseline`");
        }
        Map<String, Origin> seen = new LinkedHashMap<>();
        List<StepSpec> out = new ArrayList<>();
        for (int k = 0; k < seq.items().size(); k++) {
            String path = "steps[" + (k + 1) + "]";
            MapReader s = new MapReader(seq.items().get(k), path, ExperimentFormat.STEP);
            String name = name(s.required("name", "the step's name"), path + ".name");
            path = "steps[" + name + "]";
            if (seen.containsKey(name)) {
                throw Problems.at(s.originOf("name"), path + ".name", "duplicate step name (first at " + seen.get(name) + ")",
                        "give each step its own name");
            }
            seen.put(name, s.originOf("name"));
            String desc = s.get("description").map(t -> Values.text(t, "description")).orElse("");
            Map<String, Object> settings = s.get("settings").map(t -> settings(t, "steps[" + name + "].settings")).orElse(Map.of());
            List<String> initdb = s.get("initdb").map(t -> initdb(t, "steps[" + name + "].initdb")).orElse(List.of());
            Optional<String> expect = s.get("expect").map(t -> expectFail(t, "steps[" + name + "].expect"));
            boolean optional = s.get("optional").map(t -> Values.bool(t, "steps[" + name + "].optional")).orElse(false);
            if (settings.isEmpty() && initdb.isEmpty() && !BASELINE_NAMES.contains(name.toLowerCase(Locale.ROOT))) {
                throw Problems.at(s.origin(), path, "the step changes nothing (no settings, no initdb options)",
                        "add `settings:`, or name it base/baseline if it is the " + mode.name().toLowerCase(Locale.ROOT)
                                + " run of the base settings");
            }
            out.add(new StepSpec(name, desc, settings, initdb, expect, optional));
        }
        return out;
    }

    private static String expectFail(YamlTree tree, String path) {
        if (tree instanceof YamlTree.Scalar s && "fail".equals(s.raw())) {
            return "expected to fail";
        }
        if (tree instanceof YamlTree.Mapping) {
            MapReader m = new MapReader(tree, path, ExperimentFormat.EXPECT);
            return Values.text(m.required("fail", "the reason the step should fail"), path + ".fail");
        }
        throw Problems.at(tree.origin(), path, "expected `fail` or `{fail: reason}`, got " + tree.describe(),
                "e.g. `expect: {fail: \"no unpinned buffers available\"}`");
    }

    private static Set<Observe> observe(YamlTree tree) {
        YamlTree.Sequence seq = Values.list(tree, "observe", "captures (" + Observe.choices() + ")");
        Set<Observe> out = EnumSet.noneOf(Observe.class);
        for (int k = 0; k < seq.items().size(); k++) {
            YamlTree item = seq.items().get(k);
            String path = "observe[" + (k + 1) + "]";
            String text = Values.text(item, path);
            Observe capture = Observe.named(text).orElseThrow(() -> Problems.at(item.origin(), path,
                    "unknown capture '" + text + "'", "choose from " + Observe.choices() + ", e.g. `observe: [statements]`"));
            if (!out.add(capture)) {
                throw Problems.at(item.origin(), path, "listed twice", "list each capture once");
            }
        }
        return out;
    }

    private static Set<String> includeOptional(Optional<YamlTree> tree, List<StepSpec> steps) {
        Set<String> out = new LinkedHashSet<>();
        if (tree.isEmpty()) {
            return out;
        }
        YamlTree.Sequence seq = Values.list(tree.get(), "include_optional", "optional step names");
        List<String> optional = steps.stream().filter(StepSpec::optional).map(StepSpec::name).toList();
        for (int k = 0; k < seq.items().size(); k++) {
            String n = Values.text(seq.items().get(k), "include_optional[" + (k + 1) + "]");
            if (!optional.contains(n)) {
                throw Problems.at(seq.items().get(k).origin(), "include_optional[" + (k + 1) + "]",
                        "'" + n + "' is not an optional step", optional.isEmpty() ? "this file has no optional steps"
                                : "optional steps: " + String.join(", ", optional));
            }
            out.add(n);
        }
        return out;
    }


    @SuppressWarnings("unchecked")
    private static Map<String, Object> profiles(Optional<YamlTree> tree) {
        if (tree.isEmpty()) {
            return Map.of();
        }
        if (!(tree.get() instanceof YamlTree.Mapping m)) {
            throw Problems.at(tree.get().origin(), "profiles", "expected profile names with their overrides, got "
                    + tree.get().describe(), "e.g. `profiles: {quick: {workload: {warehouses: 4}}}`");
        }
        return (Map<String, Object>) m.toPlain();
    }
}
