/**
 * Experiment files: YAML → validated {@link org.pgknobs.experiment.Experiment} via
 * {@link org.pgknobs.experiment.yaml.ExperimentLoader} (profiles, {@code --set}, errors with file:line:column);
 * {@link org.pgknobs.experiment.yaml.ExperimentYaml} writes the resolved file back, and
 * {@link org.pgknobs.experiment.yaml.ExperimentFormat} lists the keys the schema in docs/ must declare.
 */
package org.pgknobs.experiment.yaml;
