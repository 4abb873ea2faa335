/**
 * The machine's own speed, measured before a run's first step ({@code calibration.json}) and by
 * {@code pgknobs calibrate}: a fixed single-core query on the run's server, fsync latency and copy throughput of the
 * data directory's filesystem ({@link org.pgknobs.calibration.CalibrationProbe}), and the rule that says when two
 * calibrations differ beyond the probes' own noise ({@link org.pgknobs.calibration.CalibrationComparison}).
 * docs/statistics.md says what each probe measures, its noise, and what it cannot see.
 */
package org.pgknobs.calibration;
