/**
 * Change points in a series of runs: E-divisive means (Matteson &amp; James 2014) over sliding windows with a
 * Student's t-test for significance, then a merge that drops the weak points, as Apache Otava (formerly Hunter)
 * does it (Fleming et al., ICPE 2023; Daly et al., ICPE 2020). Pure: arrays in, records out, no database.
 * {@link org.pgknobs.history.changes.ChangePoints#detect} is the entry; docs/statistics.md says what it finds.
 */
package org.pgknobs.history.changes;
