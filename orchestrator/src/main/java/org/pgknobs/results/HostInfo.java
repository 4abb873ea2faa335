package org.pgknobs.results;

/**
 * Facts about the machine a run used, for suite.json: results are only comparable on like machines
 * ({@code run.EnvironmentCapture} reads them).
 */
public record HostInfo(int cores, long memoryBytes, String cpuModel, String kernel, String os) {
}
