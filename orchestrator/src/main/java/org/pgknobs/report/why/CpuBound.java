package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.results.MachineFacts;

/**
 * "CPU-bound: 2 cores 97 % busy (client 41 %, server 55 %, steal 2.3 %)": fires when the machine was at least
 * {@value #MIN_BUSY_PERCENT} % busy in the headline window. On a saturated machine a cache miss that the OS
 * page cache serves costs CPU time only, so settings that make a published server wait on its disks move
 * the throughput here far less.
 */
public final class CpuBound implements WhyRule {

    static final double MIN_BUSY_PERCENT = 90;
    /** Below this, steal is within what an idle hypervisor shows (docs/reports.md, the rule's row). */
    static final double MIN_STEAL_PERCENT = 0.5;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        MachineFacts.Cpu cpu = input.evidence().headlineCpu();
        if (cpu == null || cpu.busyPercent() < MIN_BUSY_PERCENT) {
            return Optional.empty();
        }
        List<String> figures = new ArrayList<>(List.of("machine.cpu.busyPercent", "machine.cpu.cores"));
        List<String> parts = new ArrayList<>();
        if (cpu.clientPercent() != null) {
            parts.add("client " + Numbers.percent(cpu.clientPercent() / 100));
            figures.add("machine.cpu.clientPercent");
        }
        if (cpu.serverPercent() != null) {
            parts.add("server " + Numbers.percent(cpu.serverPercent() / 100));
            figures.add("machine.cpu.serverPercent");
        }
        if (cpu.stealPercent() != null && cpu.stealPercent() >= MIN_STEAL_PERCENT) {
            // the hypervisor ran another guest on these CPUs: the same work then takes longer, so repeats spread
            parts.add(String.format(Locale.ROOT, "steal %.1f %%", cpu.stealPercent()));
            figures.add("machine.cpu.stealPercent");
        }
        String text = String.format(Locale.ROOT, "CPU-bound: %d cores %s busy", cpu.cores(),
                Numbers.percent(cpu.busyPercent() / 100))
                + (parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")")
                + " — cache misses cost CPU, not waits";
        return Optional.of(new Reason("cpu-bound", text, figures));
    }
}
