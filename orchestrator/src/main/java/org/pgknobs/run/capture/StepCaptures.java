package org.pgknobs.run.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Observe;
import org.pgknobs.results.MachineFacts;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Server;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.results.WorkloadResult;

/**
 * The captures of one step, told in one order: plans first (their EXPLAIN session is gone before perf attaches to
 * the server's processes), the CPU watch next (its ticks closest to the window's edge), the autovacuum log's
 * window, and the profile when the experiment observes it. They end in the reverse order, as nested ones do (the
 * profile is folded before the autovacuum log is copied).
 */
public final class StepCaptures {

    private final List<StepCapture> all;
    private final CpuWatch cpu;
    private final MachineProbe machine;

    private StepCaptures(List<StepCapture> all, CpuWatch cpu, MachineProbe machine) {
        this.all = List.copyOf(all);
        this.cpu = cpu;
        this.machine = machine;
    }

    /** @param machine the suite's machine probe (it keeps the fsync figures of one suite) */
    public static StepCaptures forStep(Experiment experiment, Server server, MachineProbe machine) {
        Long postmaster = server instanceof ManagedServer m ? m.postmasterPid().orElse(null) : null;
        CpuWatch cpu = new CpuWatch(postmaster);
        List<StepCapture> all = new ArrayList<>(List.of(new PlanCapture(), cpu, new AutovacuumLogCopy()));
        if (experiment.measurement().observe().contains(Observe.PROFILE)) {
            all.add(ProfileCapture.forStep(postmaster));
        }
        return new StepCaptures(all, cpu, machine);
    }

    public void beforeRun(StepSubject step) {
        all.forEach(c -> c.beforeRun(step));
    }

    /** Every capture's window hooks, in order. */
    public MeasurementListener listener() {
        MeasurementListener chain = all.get(all.size() - 1);
        for (int i = all.size() - 2; i >= 0; i--) {
            chain = new BothListeners(all.get(i), chain);
        }
        return chain;
    }

    public void afterRun(StepSubject step, WorkloadResult result) {
        for (int i = all.size() - 1; i >= 0; i--) {
            all.get(i).afterRun(step, result);
        }
    }

    public void abandon() {
        for (int i = all.size() - 1; i >= 0; i--) {
            all.get(i).abandon();
        }
    }

    /** The machine facts after a run; failing to read them is never a reason to lose its measurement. */
    public MachineFacts machineFacts(StepSubject step, WorkloadResult result) {
        try {
            return machine.facts(step.server(), step.workload().database(), step.dir(), result, cpu.byPhase());
        } catch (RuntimeException e) {
            return new MachineFacts(cpu.byPhase(), null, null, null, Map.of("machine", "not read: " + e));
        }
    }
}
