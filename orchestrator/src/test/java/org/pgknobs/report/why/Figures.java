package org.pgknobs.report.why;

import java.util.List;
import java.util.Map;
import org.pgknobs.collector.AutovacuumActivity;
import org.pgknobs.collector.CheckpointFigures;
import org.pgknobs.collector.Derived;
import org.pgknobs.collector.Rate;
import org.pgknobs.collector.WaitShare;

/** Builds collector figures for rule tests: everything not collected (null) unless set. */
final class Figures {

    Double hitRatio;
    Rate walBytes;
    Double fpiShare;
    CheckpointFigures checkpoints;
    Double autovacuumPerMinute;
    AutovacuumActivity autovacuum;
    long waitSamples;
    List<WaitShare> waits;

    static Figures none() {
        return new Figures();
    }

    Figures hitRatio(double v) {
        hitRatio = v;
        return this;
    }

    Figures walPerTransaction(double bytes) {
        walBytes = new Rate(bytes * 100, bytes * 10, bytes);
        return this;
    }

    Figures fpiShare(double v) {
        fpiShare = v;
        return this;
    }

    Figures checkpoints(long timed, long requested, Double meanSecondsBetween) {
        checkpoints = new CheckpointFigures(timed, requested, timed + requested, 0, meanSecondsBetween, 0, 0, 0);
        return this;
    }

    Figures autovacuumPerMinute(double v) {
        autovacuumPerMinute = v;
        return this;
    }

    Figures autovacuum(AutovacuumActivity v) {
        autovacuum = v;
        return this;
    }

    Figures waits(long samples, WaitShare... top) {
        waitSamples = samples;
        waits = List.of(top);
        return this;
    }

    Derived derived() {
        return new Derived(10, new Derived.Transactions(walBytes == null ? null : 100L, "caller", 10.0), hitRatio,
                new Derived.Wal(walBytes, null, null, fpiShare), checkpoints, null,
                new Derived.Maintenance(null, autovacuumPerMinute, null, null), null, null,
                new Derived.Waits(waitSamples, waits), autovacuum);
    }

    static WaitShare share(String type, String event, double share, long total) {
        return new WaitShare(type, event, Math.round(share * total), share);
    }

    static WhyInput input(Figures step, Figures baseline, Map<String, String> settings) {
        return new WhyInput(step.derived(), baseline == null ? java.util.Optional.empty()
                : java.util.Optional.of(baseline.derived()), settings);
    }

    /** The step against a compared step named {@code name}, both with 100 committed transactions and their settings. */
    static WhyInput against(Figures step, Map<String, String> settings, String name, Figures compared,
                            Map<String, String> comparedSettings, Comparison.Throughput throughput) {
        return new WhyInput(step.derived(), java.util.Optional.empty(), settings,
                new Evidence(null, "tpcc", null, 100L, 100L, null, null),
                java.util.Optional.empty(), java.util.Optional.of(new Comparison(name, compared.derived(), comparedSettings,
                100L, List.of(), List.of(), throughput, List.of())));
    }
}
