package org.pgknobs.collector;

import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

class CollectorPg18Test extends CollectorContract {

    @Override
    ManagedServer startServer() {
        return TestServers.started("collector18");
    }

    @Override
    int expectedMajor() {
        return 18;
    }
}
