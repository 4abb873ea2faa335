/**
 * Server CPU profiles (issue 23, {@code observe: [profile]}): perf's stack samples of the postgres processes,
 * kept for the measured windows only, folded ({@code profile.folded}) and summed up ({@code profile.json});
 * the shares of two profiles compared. A building block: {@code run} captures, {@code report} reads.
 */
package org.pgknobs.profile;
