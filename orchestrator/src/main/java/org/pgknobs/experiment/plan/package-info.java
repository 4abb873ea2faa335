/**
 * What an experiment runs: {@link org.pgknobs.experiment.plan.MachineScaler} shrinks published sizes to this
 * machine, {@link org.pgknobs.experiment.plan.ExperimentPlan} orders the steps (each a full settings map) and
 * their repeats, {@link org.pgknobs.experiment.plan.VersionPlan} adapts them to one PostgreSQL major,
 * {@link org.pgknobs.experiment.plan.ShardSelection} picks one host's share, and
 * {@link org.pgknobs.experiment.plan.AblationPlan} makes an ablation's fixed runs. Pure functions of the model.
 */
package org.pgknobs.experiment.plan;
