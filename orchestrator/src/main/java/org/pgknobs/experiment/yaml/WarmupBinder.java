package org.pgknobs.experiment.yaml;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.pgknobs.experiment.AutoWarmup;
import org.pgknobs.experiment.Driver;
import org.pgknobs.experiment.WorkloadKind;
import org.pgknobs.units.Durations;

/**
 * {@code workload.warmup}: a duration, or {@code auto} / {@code {auto: {cap: 5m, steady: 30s}}} (the warm-up ends
 * once the trailing {@code steady} seconds test steady, at most after {@code cap}).
 */
final class WarmupBinder {

    static final List<String> WARMUP = List.of("auto");
    static final List<String> AUTO = List.of("cap", "steady");
    /** The steady-state check's shortest series (stats.SteadyStateCheck's minimum samples). */
    static final Duration SHORTEST_STEADY = Duration.ofSeconds(20);
    private static final String PATH = "workload.warmup";
    private static final String EXAMPLE = "e.g. `warmup: 30s`, `warmup: auto` or `warmup: {auto: {cap: 5m, steady: 30s}}`";

    /** The warm-up of a TPC-C run (with auto: its cap) and the auto rule when it is one. */
    record Warmup(Duration duration, Optional<AutoWarmup> auto) {
    }

    private WarmupBinder() {
    }

    static Warmup bind(YamlTree tree, WorkloadKind kind, Driver driver) {
        if (tree instanceof YamlTree.Scalar s && "auto".equals(s.raw())) {
            return auto(tree, kind, driver, AutoWarmup.DEFAULT_CAP, AutoWarmup.DEFAULT_STEADY);
        }
        if (tree instanceof YamlTree.Mapping) {
            MapReader warmup = new MapReader(tree, PATH, WARMUP);
            YamlTree rule = warmup.required("auto", "the auto warm-up's limits, " + EXAMPLE);
            if (rule instanceof YamlTree.Scalar s && "true".equalsIgnoreCase(s.raw())) {
                return auto(tree, kind, driver, AutoWarmup.DEFAULT_CAP, AutoWarmup.DEFAULT_STEADY);
            }
            MapReader limits = new MapReader(rule, PATH + ".auto", AUTO);
            Duration cap = limits.get("cap").map(t -> seconds(t, PATH + ".auto.cap")).orElse(AutoWarmup.DEFAULT_CAP);
            Duration steady = limits.get("steady").map(t -> seconds(t, PATH + ".auto.steady"))
                    .orElse(AutoWarmup.DEFAULT_STEADY);
            if (steady.compareTo(SHORTEST_STEADY) < 0) {
                throw Problems.at(limits.originOf("steady"), PATH + ".auto.steady", "steady " + steady.toSeconds()
                        + " s is too short: the steady-state test needs at least " + SHORTEST_STEADY.toSeconds()
                        + " seconds", "e.g. `steady: 30s`");
            }
            if (cap.compareTo(steady) < 0) {
                throw Problems.at(limits.originOf("cap"), PATH + ".auto.cap", "cap " + cap.toSeconds()
                        + " s is shorter than steady " + steady.toSeconds() + " s: the warm-up would always end at the cap",
                        "give a cap of several times steady, e.g. `cap: 5m`");
            }
            return auto(tree, kind, driver, cap, steady);
        }
        return new Warmup(Values.duration(tree, PATH, Durations.Zero.ALLOWED), Optional.empty());
    }

    private static Warmup auto(YamlTree tree, WorkloadKind kind, Driver driver, Duration cap, Duration steady) {
        if (kind != WorkloadKind.TPCC || driver != Driver.BUILTIN) {
            throw Problems.at(tree.origin(), PATH, "auto needs the built-in TPC-C driver (this workload is "
                    + kind.name().toLowerCase() + (kind == WorkloadKind.TPCC ? ", driver " + driver.name().toLowerCase() : "")
                    + "): BenchBase fixes its warm-up in its XML, the insert benchmark measures every phase",
                    "give a fixed warm-up, e.g. `warmup: 60s`, or use `driver: builtin`");
        }
        return new Warmup(cap, Optional.of(new AutoWarmup(cap, steady)));
    }

    private static Duration seconds(YamlTree tree, String path) {
        Duration d = Values.duration(tree, path, Durations.Zero.REJECTED);
        if (d.toMillis() % 1000 != 0) {
            throw Problems.at(tree.origin(), path, "give whole seconds, got " + tree.describe(), "e.g. `30s` or `5m`");
        }
        return d;
    }
}
