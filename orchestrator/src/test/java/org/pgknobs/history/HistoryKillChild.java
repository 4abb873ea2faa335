package org.pgknobs.history;

/**
 * A writer killed mid-transaction (HistoryKillTest): records a run into the SQLite store named by its argument, says
 * "in transaction" with every row written but not committed, and waits there to be killed.
 */
public final class HistoryKillChild {

    private HistoryKillChild() {
    }

    public static void main(String[] args) {
        try (HistoryStore store = HistoryStore.open(new HistoryLocation(args[0]))) {
            store.record(HistoryStoreContract.run("killed", "2026-12-02T00:00:00Z", 1), () -> {
                System.out.println("in transaction");
                System.out.flush();
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
    }
}
