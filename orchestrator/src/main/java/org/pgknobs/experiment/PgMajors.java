package org.pgknobs.experiment;

/** The PostgreSQL majors an experiment may name: those the collector has statistics queries for (12 without statement statistics). */
public final class PgMajors {

    public static final int OLDEST = 12;
    public static final int NEWEST = 19;

    private PgMajors() {
    }
}
