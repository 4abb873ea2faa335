package org.pgknobs.workload.tpcc;

import java.util.List;

/** Chooses the next transaction type by weight (BenchBase's weights need not sum to 100). */
final class Mix {

    private final double[] cumulative;
    private final double total;

    Mix(List<Double> weights) {
        cumulative = new double[weights.size()];
        double sum = 0;
        for (int i = 0; i < weights.size(); i++) {
            sum += weights.get(i);
            cumulative[i] = sum;
        }
        total = sum;
    }

    TxType next(TpccRandom r) {
        double x = r.raw().nextDouble() * total;
        for (int i = 0; i < cumulative.length; i++) {
            if (x < cumulative[i]) {
                return TxType.ALL.get(i);
            }
        }
        return TxType.ALL.get(cumulative.length - 1);
    }
}
