package org.pgknobs.collector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.pgknobs.server.ManagedServer;

/** PG 15 has no pg_stat_io: the collector says so and reports the rest. Skipped without Debian's 15. */
class CollectorPg15Test extends CollectorContract {

    @Override
    ManagedServer startServer() {
        var binaries = VersionedServers.debian(15);
        assumeTrue(binaries.isPresent(), "PostgreSQL 15 not installed at /usr/lib/postgresql/15/bin "
                + "(apt-get install postgresql-15): pg_stat_io-unavailable path not tested");
        return VersionedServers.started(binaries.get(), "collector15");
    }

    @Override
    int expectedMajor() {
        return 15;
    }

    @Override
    void assertVersionSpecifics(WindowStats w, PgStats doc) {
        assertThat(w.deltas()).doesNotContainKey(QueryCatalog.IO);
        assertThat(w.derived().clientHitRatio()).isNull();
        assertThat(doc.unavailable()).containsKey(QueryCatalog.IO);
        assertThat(doc.unavailable().get(QueryCatalog.IO)).contains("not available before PG 16");
    }
}
