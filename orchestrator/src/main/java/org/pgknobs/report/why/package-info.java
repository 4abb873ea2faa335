/**
 * "Why" sentences for a report: each {@link org.pgknobs.report.why.WhyRule} reads named collector figures
 * (and setting values) and either writes one short sentence or stays silent; none fires on a figure that
 * was not collected.
 */
package org.pgknobs.report.why;
