/**
 * The one reader of each host fact both modules need: MemTotal ({@link org.pgknobs.hostfacts.MemInfo}), the
 * kernel release ({@link org.pgknobs.hostfacts.Kernel}), the CPUs online ({@link org.pgknobs.hostfacts.OnlineCpus})
 * and the small /proc files they come from ({@link org.pgknobs.hostfacts.ProcFiles}). The collector records them
 * from inside BenchBase; the orchestrator's {@code host} builds on them. Nothing here knows about PostgreSQL.
 */
package org.pgknobs.hostfacts;
