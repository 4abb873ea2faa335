package org.pgknobs.collector;

/** pg_stat_io operations of one backend type in a window, over all objects and contexts. */
public record IoFigures(Rate reads, Rate writes, Rate extendOps, Rate hits, Rate fsyncs) {
}
