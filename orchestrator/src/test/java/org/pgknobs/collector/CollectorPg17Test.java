package org.pgknobs.collector;

import org.pgknobs.server.ManagedServer;

class CollectorPg17Test extends CollectorContract {

    @Override
    ManagedServer startServer() {
        return VersionedServers.started(VersionedServers.zonky("17.6.0"), "collector17");
    }

    @Override
    int expectedMajor() {
        return 17;
    }
}
