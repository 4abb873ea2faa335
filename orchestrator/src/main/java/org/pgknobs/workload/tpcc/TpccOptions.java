package org.pgknobs.workload.tpcc;

import java.sql.Connection;
import java.util.Arrays;
import java.util.List;
import org.pgknobs.BadInputException;
import org.pgknobs.benchbase.BenchBaseConfig.WorkRate;
import org.pgknobs.benchbase.BenchBaseConfig;

/**
 * Everything the built-in TPC-C needs, as read from a BenchBase configuration.
 *
 * @param weights one per {@link TxType}, in TxType order (not the XML's order)
 * @param isolation BenchBase's name, e.g. TRANSACTION_SERIALIZABLE
 * @param waitsMs   per {@link TxType}: BenchBase's preExecutionWait (keying) and postExecutionWait (think)
 *                  in milliseconds, not part of the latency
 */
public record TpccOptions(String database, int warehouses, int terminals, WorkRate rate, int warmupSeconds,
                          int timeSeconds, List<Double> weights, String isolation, int loaderThreads, long seed,
                          List<Waits> waitsMs) {

    public record Waits(long preMs, long postMs) {
        public static final Waits NONE = new Waits(0, 0);
    }

    public TpccOptions(String database, int warehouses, int terminals, WorkRate rate, int warmupSeconds, int timeSeconds,
                       List<Double> weights, String isolation, int loaderThreads, long seed) {
        this(database, warehouses, terminals, rate, warmupSeconds, timeSeconds, weights, isolation, loaderThreads, seed,
                TxType.ALL.stream().map(t -> Waits.NONE).toList());
    }

    public TpccOptions {
        weights = List.copyOf(weights);
        waitsMs = List.copyOf(waitsMs);
        if (warehouses < 1 || terminals < 1) {
            throw new BadInputException("TPC-C needs at least 1 warehouse and 1 terminal (got " + warehouses
                    + " warehouses, " + terminals + " terminals)");
        }
        if (timeSeconds < 1 || warmupSeconds < 0) {
            throw new BadInputException("the measured <time> must be at least 1 s and <warmup> not negative (got time "
                    + timeSeconds + ", warmup " + warmupSeconds + ")");
        }
        if (weights.size() != TxType.ALL.size() || weights.stream().anyMatch(w -> w < 0)
                || weights.stream().mapToDouble(Double::doubleValue).sum() <= 0) {
            throw new BadInputException("TPC-C weights must be 5 non-negative numbers, not all 0 (NewOrder, Payment, "
                    + "OrderStatus, Delivery, StockLevel), e.g. 45,43,4,4,4; got " + weights);
        }
        jdbcIsolation(isolation);
    }

    /** From BenchBase's XML: scalefactor = warehouses, its single work phase, its isolation. */
    public static TpccOptions from(BenchBaseConfig config, int loaderThreads, long seed) {
        BenchBaseConfig.Work work = config.work();
        Double[] byType = new Double[TxType.ALL.size()];
        Waits[] waits = new Waits[TxType.ALL.size()];
        Arrays.fill(waits, Waits.NONE);
        List<BenchBaseConfig.TransactionType> types = config.transactionTypes();
        for (int i = 0; i < types.size(); i++) {
            TxType t = TxType.byName(types.get(i).name());
            if (t == null) {
                throw new BadInputException("unknown TPC-C transaction type \"" + types.get(i).name() + "\" in "
                        + "<transactiontypes>; the types are " + BenchBaseConfig.TPCC_TYPES);
            }
            byType[t.ordinal()] = work.weights().get(i);
            waits[t.ordinal()] = new Waits(types.get(i).preExecutionWaitMs(), types.get(i).postExecutionWaitMs());
        }
        for (int i = 0; i < byType.length; i++) {
            if (byType[i] == null) {
                byType[i] = 0.0;
            }
        }
        return new TpccOptions(config.endpoint().database(), config.warehouses(), config.terminals(), work.rate(),
                work.warmup(), work.time(), List.of(byType), config.isolation(), loaderThreads, seed, List.of(waits));
    }

    public static int jdbcIsolation(String name) {
        return switch (name) {
            case "TRANSACTION_SERIALIZABLE" -> Connection.TRANSACTION_SERIALIZABLE;
            case "TRANSACTION_REPEATABLE_READ" -> Connection.TRANSACTION_REPEATABLE_READ;
            case "TRANSACTION_READ_COMMITTED" -> Connection.TRANSACTION_READ_COMMITTED;
            case "TRANSACTION_READ_UNCOMMITTED" -> Connection.TRANSACTION_READ_UNCOMMITTED;
            default -> throw new BadInputException("isolation \"" + name + "\" is not one of " + BenchBaseConfig.ISOLATIONS);
        };
    }
}
