package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.results.MachineFacts;

/**
 * "CPU-bound: 2 cores 97 % busy (client 41 %, server 55 %, steal 2.3 %)": fires when the machine was at least
 * {@value #MIN_BUSY_PERCENT} % busy in the headline window. Only when the step's figures show it does it add
 * why settings that make a published server wait on its disks move the throughput little here: the client hit
 * ratio fell by {@value HitRatioDrop#MIN_DROP_POINTS} point or more against the compared step and the reads were
 * fast where read_time is the read itself ({@link OsPageCacheReads}): "— hit ratio 92.1 % in wal → 25.5 % while
 * reads took 6 µs each: the misses cost CPU, not waits".
 */
public final class CpuBound implements WhyRule {

    static final double MIN_BUSY_PERCENT = 90;
    /** Below this, steal is within what an idle hypervisor shows (docs/reports.md, the rule's row). */
    static final double MIN_STEAL_PERCENT = 0.5;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        MachineFacts.Cpu cpu = input.cpu();
        if (cpu == null || cpu.busyPercent() < MIN_BUSY_PERCENT) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        if (cpu.clientPercent() != null) {
            parts.add("client " + Numbers.percent(cpu.clientPercent() / 100));
        }
        if (cpu.serverPercent() != null) {
            parts.add("server " + Numbers.percent(cpu.serverPercent() / 100));
        }
        if (cpu.stealPercent() != null && cpu.stealPercent() >= MIN_STEAL_PERCENT) {
            // the hypervisor ran another guest on these CPUs: the same work then takes longer, so repeats spread
            parts.add(String.format(Locale.ROOT, "steal %.1f %%", cpu.stealPercent()));
        }
        String text = String.format(Locale.ROOT, "CPU-bound: %d cores %s busy", cpu.cores(),
                Numbers.percent(cpu.busyPercent() / 100))
                + (parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")") + missesCostCpu(input);
        return Optional.of(new Reason("cpu-bound", text, input.comparedName() == null ? List.of("machine.cpu")
                : List.of("machine.cpu", "clientHitRatio", "compared.clientHitRatio", "machine.reads", "settings.io_method")));
    }

    /** The causal clause, only with the measurements that show it; else empty. */
    private static String missesCostCpu(WhyInput input) {
        if (input.comparedName() == null) {
            return "";
        }
        Double now = input.hitRatio();
        Double before = input.comparedHitRatio();
        MachineFacts.Reads reads = input.reads();
        Optional<String> ioMethod = input.setting("io_method");
        boolean fell = now != null && before != null && (before - now) * 100 >= HitRatioDrop.MIN_DROP_POINTS;
        if (!fell || !OsPageCacheReads.fast(reads) || !OsPageCacheReads.readTimeIsTheRead(ioMethod)) {
            return "";
        }
        return String.format(Locale.ROOT, " — hit ratio %.1f %% in %s → %.1f %% while reads took %s µs each: the misses"
                + " cost CPU, not waits", before * 100, input.comparedName(), now * 100,
                Numbers.brief(reads.microsPerRead()));
    }
}
