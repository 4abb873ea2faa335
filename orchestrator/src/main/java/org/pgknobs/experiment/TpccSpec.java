package org.pgknobs.experiment;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * TPC-C parameters. {@code weights} are NewOrder, Payment, OrderStatus, Delivery, StockLevel in percent,
 * BenchBase's order. Every field has a default so any experiment can switch to {@code kind: tpcc}.
 *
 * @param warmup     the warm-up; with {@code autoWarmup} its cap
 * @param autoWarmup {@code warmup: auto}: end the warm-up once the trailing seconds are steady (built-in driver only)
 */
public record TpccSpec(int warehouses, int terminals, TargetRate rate, Duration warmup, Duration duration,
                       List<Integer> weights, Isolation isolation, OptionalInt loaderThreads,
                       Optional<AutoWarmup> autoWarmup) {

    public static final List<Integer> STANDARD_WEIGHTS = List.of(45, 43, 4, 4, 4);

    public TpccSpec {
        weights = List.copyOf(weights);
        if (autoWarmup.isPresent() && !autoWarmup.get().cap().equals(warmup)) {
            throw new IllegalArgumentException("the warm-up of an auto warm-up is its cap");
        }
    }

    public TpccSpec(int warehouses, int terminals, TargetRate rate, Duration warmup, Duration duration,
                    List<Integer> weights, Isolation isolation, OptionalInt loaderThreads) {
        this(warehouses, terminals, rate, warmup, duration, weights, isolation, loaderThreads, Optional.empty());
    }

    /** Sized for a 2-core machine: a run takes about a minute and the load a few seconds. */
    public static TpccSpec defaults() {
        return new TpccSpec(1, 2, TargetRate.unlimited(), Duration.ofSeconds(10), Duration.ofSeconds(60),
                STANDARD_WEIGHTS, Isolation.SERIALIZABLE, OptionalInt.empty());
    }
}
