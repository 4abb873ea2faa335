/**
 * Facts about this machine read from the operating system (/proc, the file system): MemTotal, the kernel
 * release and the CPUs online (which the collector records from inside BenchBase too), what a run records
 * about its host and what the orchestrator's machine scaler scales by, the CPU ticks of the machine and of
 * process trees, and how fast a WAL-sized write becomes durable. One reader per source file, so that each
 * /proc format is parsed in one place. Nothing here knows about PostgreSQL.
 */
package org.pgknobs.host;
