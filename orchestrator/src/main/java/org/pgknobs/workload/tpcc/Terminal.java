package org.pgknobs.workload.tpcc;

import java.util.ArrayList;
import java.util.List;

/**
 * What a terminal is bound to: its home warehouse and a range of districts, as BenchBase's
 * TPCCBenchmark distributes terminals over warehouses and districts.
 */
record Terminal(int id, int warehouse, int districtLow, int districtHigh, int warehouses) {

    int district(TpccRandom r) {
        return r.uniform(districtLow, districtHigh);
    }

    /** A warehouse other than the home one, or the home one when there is no other. */
    int remoteWarehouse(TpccRandom r) {
        if (warehouses == 1) {
            return warehouse;
        }
        int w;
        do {
            w = r.uniform(1, warehouses);
        } while (w == warehouse);
        return w;
    }

    /** BenchBase's assignment: terminals spread evenly over warehouses, each warehouse's districts split among its terminals. */
    static List<Terminal> assign(int terminals, int warehouses) {
        List<Terminal> out = new ArrayList<>();
        double perWarehouse = (double) terminals / warehouses;
        int id = 0;
        for (int w = 0; w < warehouses; w++) {
            int lower = (int) (w * perWarehouse);
            int upper = w + 1 == warehouses ? terminals : (int) ((w + 1) * perWarehouse);
            int here = upper - lower;
            double districtsPerTerminal = (double) TpccLoader.DISTRICTS / here;
            for (int t = 0; t < here; t++) {
                int low = (int) (t * districtsPerTerminal) + 1;
                int high = t + 1 == here ? TpccLoader.DISTRICTS : (int) ((t + 1) * districtsPerTerminal);
                out.add(new Terminal(id++, w + 1, low, Math.max(low, high), warehouses));
            }
        }
        return out;
    }
}
