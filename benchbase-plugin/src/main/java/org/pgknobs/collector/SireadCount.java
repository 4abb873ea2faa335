package org.pgknobs.collector;

/**
 * One line of a SIREAD lock sample: how many predicate locks of one granularity ({@code relation}, {@code page}
 * or {@code tuple}, pg_locks' locktype) were held on one relation (a table, or an index's pages) at that moment.
 */
public record SireadCount(String relation, String granularity, long count) {
}
