package org.pgknobs.experiment;

/** The PostgreSQL majors an experiment may name: those the collector has statistics queries for. */
public final class PgMajors {

    public static final int OLDEST = 13;
    public static final int NEWEST = 19;

    private PgMajors() {
    }
}
