/**
 * The one grammar for durations and sizes, shared by the command line, experiment YAML and the collector
 * agent's options (documented in docs/experiments.md, "Durations and sizes"). It lives in the plugin
 * because the agent, which carries no orchestrator classes, parses durations too.
 */
package org.pgknobs.units;
