package org.pgknobs.collector;

import org.pgknobs.server.ManagedServer;

class CollectorPg16Test extends CollectorContract {

    @Override
    ManagedServer startServer() {
        return VersionedServers.started(VersionedServers.zonky("16.10.0"), "collector16");
    }

    @Override
    int expectedMajor() {
        return 16;
    }
}
