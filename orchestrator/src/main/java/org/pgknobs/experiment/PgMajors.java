package org.pgknobs.experiment;

/** The PostgreSQL majors an experiment may name: those the collector has statistics queries for. */
final class PgMajors {

    static final int OLDEST = 13;
    static final int NEWEST = 19;

    private PgMajors() {
    }
}
