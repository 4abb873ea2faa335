/**
 * The servers and data a suite's steps run on: where the servers come from
 * ({@link org.pgknobs.run.data.ServerSupply}), one cluster per initdb set loaded once and restored before each
 * step ({@link org.pgknobs.run.data.Clusters}, {@link org.pgknobs.run.data.DataSnapshot}), the load cache across
 * runs, and the checks that the data and the settings fit this machine (disk space, memory). Nothing here knows
 * the runner ({@code org.pgknobs.run}), which uses it.
 */
package org.pgknobs.run.data;
