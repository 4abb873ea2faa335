/**
 * What a step records beside the workload's own figures, each behind {@link org.pgknobs.run.capture.StepCapture}
 * and told in one order by {@link org.pgknobs.run.capture.StepCaptures}: the plans (plans.json), the CPU of each
 * measured window, the autovacuum entries of the server's log, and with {@code observe: [profile]} perf's CPU
 * profile. Beside them the machine facts read after the run ({@link org.pgknobs.run.capture.MachineProbe}) and the
 * stats collector's window hooks ({@link org.pgknobs.run.capture.CollectorWindows}). Nothing here fails a step, and
 * nothing here knows the runner: the runner ({@code org.pgknobs.run}) and the side-by-side benchmarks use it.
 */
package org.pgknobs.run.capture;
