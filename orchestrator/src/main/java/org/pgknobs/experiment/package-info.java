/**
 * Experiment files: YAML → validated {@link org.pgknobs.experiment.Experiment} (via
 * {@link org.pgknobs.experiment.ExperimentLoader}, errors with file:line:column) → ordered
 * {@link org.pgknobs.experiment.ExperimentPlan}. {@link org.pgknobs.experiment.MachineScaler} shrinks
 * published sizes to this machine; {@link org.pgknobs.experiment.ExperimentYaml} writes the resolved file.
 * Nothing here touches a server.
 */
package org.pgknobs.experiment;
