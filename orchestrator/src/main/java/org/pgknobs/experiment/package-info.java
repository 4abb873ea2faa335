/**
 * The experiment model: a validated {@link org.pgknobs.experiment.Experiment} and its parts (server, workload,
 * steps, reference, ablation), records and enums only, with {@link org.pgknobs.experiment.AblationUnits} for the
 * facts an ablation's validation and plan both derive. Reading and writing the YAML is
 * {@code experiment.yaml}; what runs in which order is {@code experiment.plan}; both depend on this package,
 * never the other way round. Nothing here touches a server.
 */
package org.pgknobs.experiment;
