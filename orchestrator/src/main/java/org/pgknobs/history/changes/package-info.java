/**
 * Change points in a series of runs: E-divisive means (Matteson &amp; James 2014) over sliding windows with a
 * Student's t-test for significance, then a merge that drops the weak points, as Apache Otava (formerly Hunter)
 * does it (Fleming et al., ICPE 2023; Daly et al., ICPE 2020). The detection is pure (arrays in, records out, no
 * database): {@link org.pgknobs.history.changes.ChangePoints#detect} is its entry; docs/statistics.md says what it
 * finds. Over stored runs: {@code HistoryChanges} (the lines of {@code history changes}) and {@code AfterLastChange}
 * (the gate's segment), both reading a step's runs as {@code SeriesPoints}.
 */
package org.pgknobs.history.changes;
