package org.pgknobs.experiment.yaml;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgknobs.experiment.AblationSpec;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.InsertBenchSpec;
import org.pgknobs.experiment.Measurement;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.Observe;
import org.pgknobs.experiment.RepeatsAuto;
import org.pgknobs.experiment.SettingGate;
import org.pgknobs.experiment.StepSpec;
import org.pgknobs.experiment.TpccSpec;
import org.pgknobs.experiment.WorkloadKind;
import org.pgknobs.experiment.WorkloadSpec;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * Writes an experiment back in the file format, with every default spelled out: the runner stores it as
 * {@code experiment.resolved.yaml} so a result directory says exactly what ran, and it loads back to the
 * same experiment (profile and --set already applied, so it has no profile of its own to choose).
 */
public final class ExperimentYaml {

    private ExperimentYaml() {
    }

    public static String write(Experiment e) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setWidth(120);
        StringBuilder header = new StringBuilder("# Resolved from ").append(e.provenance().source());
        e.provenance().profile().ifPresent(p -> header.append(" with profile ").append(p));
        header.append(System.lineSeparator());
        return header + new Yaml(options).dump(toMap(e));
    }

    static Map<String, Object> toMap(Experiment e) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("name", e.name());
        root.put("description", e.description());
        root.put("mode", lower(e.mode()));
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("initdb", e.server().initdb());
        server.put("base", new LinkedHashMap<>(e.server().base()));
        if (!e.server().versions().isEmpty()) {
            // a major stays a number; a release is text, so 17.10 reads back as 17.10 and not 17.1
            server.put("versions", e.server().versions().stream()
                    .map(v -> v.isMajorOnly() ? (Object) v.major() : v.toString()).toList());
        }
        server.put("on_missing_setting", lower(e.server().onMissingSetting()));
        root.put("server", server);
        root.put("workload", workload(e.workload()));
        root.put("data", lower(e.data()));
        List<Object> steps = new ArrayList<>();
        for (StepSpec s : e.steps()) {
            Map<String, Object> step = new LinkedHashMap<>();
            step.put("name", s.name());
            if (!s.description().isEmpty()) {
                step.put("description", s.description());
            }
            step.put("settings", new LinkedHashMap<>(s.settings()));
            if (!s.initdb().isEmpty()) {
                step.put("initdb", s.initdb());
            }
            s.expectFail().ifPresent(reason -> step.put("expect", Map.of("fail", reason)));
            if (s.optional()) {
                step.put("optional", true);
            }
            steps.add(step);
        }
        root.put("steps", steps);
        root.put("repeats", e.measurement().autoRepeats().<Object>map(a -> Map.of("auto", autoRepeats(a))).orElse(e.measurement().repeats()));
        if (e.measurement().bracket() != Measurement.DEFAULT_BRACKET) {
            root.put("bracket", e.measurement().bracketed() ? (Object) e.measurement().bracket() : Boolean.FALSE);
        }
        e.reference().ifPresent(r -> {
            Map<String, Object> ref = new LinkedHashMap<>();
            ref.put("source", r.source());
            ref.put("metric", r.metric());
            ref.put("values", new LinkedHashMap<>(r.values()));
            ref.put("notes", r.notes());
            root.put("reference", ref);
        });
        root.put("include_optional", new ArrayList<>(e.includeOptional()));
        if (e.mode() == Mode.ABLATION || !e.ablation().equals(AblationSpec.defaults())) {
            Map<String, Object> ablation = new LinkedHashMap<>();
            ablation.put("unit", lower(e.ablation().unit()));
            Map<String, Object> groups = new LinkedHashMap<>();
            e.ablation().groups().forEach((k, v) -> groups.put(k, new ArrayList<>(v)));
            ablation.put("groups", groups);
            ablation.put("search", lower(e.ablation().search()));
            ablation.put("threshold", e.ablation().threshold());
            root.put("ablation", ablation);
        }
        if (!e.measurement().observe().isEmpty()) {
            root.put("observe", e.measurement().observe().stream().map(Observe::yamlName).toList());
        }
        if (!e.allow().isEmpty()) {
            root.put("allow", SettingGate.words(e.allow()));
        }
        return root;
    }

    private static Map<String, Object> autoRepeats(RepeatsAuto a) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("min", a.min());
        out.put("max", a.max());
        out.put("target", a.target());
        return out;
    }

    private static Map<String, Object> workload(WorkloadSpec w) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kind", lower(w.kind()));
        out.put("driver", lower(w.driver()));
        TpccSpec t = w.tpcc();
        InsertBenchSpec i = w.insertbench();
        if (t.autoWarmup().isPresent()) {
            Map<String, Object> limits = new LinkedHashMap<>();
            limits.put("cap", duration(t.autoWarmup().get().cap()));
            limits.put("steady", duration(t.autoWarmup().get().steady()));
            out.put("warmup", Map.of("auto", limits));
        } else {
            out.put("warmup", duration(w.kind() == WorkloadKind.TPCC ? t.warmup() : i.warmup()));
        }
        out.put("warehouses", t.warehouses());
        out.put("terminals", t.terminals());
        out.put("rate", t.rate().isUnlimited() ? "unlimited" : number(t.rate().perSecond().getAsDouble()));
        out.put("duration", duration(t.duration()));
        out.put("weights", t.weights());
        out.put("isolation", lower(t.isolation()));
        t.loaderThreads().ifPresent(n -> out.put("loader_threads", n));
        out.put("clients", i.clients());
        out.put("initial_rows", i.initialRows());
        out.put("i1_rows", i.i1Rows());
        out.put("i2_rows", i.i2Rows());
        out.put("query_seconds", duration(i.querySeconds()));
        out.put("query_rates", i.queryRates());
        out.put("variant", lower(i.variant()));
        if (i.cleanupWait() != null) {
            out.put("cleanup_wait", duration(i.cleanupWait()));
        }
        return out;
    }

    private static Object number(double v) {
        return v == Math.rint(v) && Math.abs(v) < Long.MAX_VALUE ? (Object) (long) v : (Object) v;
    }

    private static String duration(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
