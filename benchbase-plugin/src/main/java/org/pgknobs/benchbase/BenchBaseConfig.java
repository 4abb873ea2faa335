package org.pgknobs.benchbase;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.pgknobs.BadInputException;

/**
 * BenchBase's configuration XML as a value: what {@code benchbase -c config.xml} reads. The one model of
 * that file: both TPC-C drivers write and read it, and the collector agent reads the connection and the
 * timing of {@code <works>} from it. Elements pgknobs does not model (e.g.
 * {@code reconnectOnConnectionFailure}, {@code loaderThreads}) are kept in {@code otherParameters} so a
 * read → write round trip loses nothing.
 *
 * @param isolation BenchBase's names: TRANSACTION_SERIALIZABLE, TRANSACTION_REPEATABLE_READ, ...
 * @param scaleFactor warehouses for TPC-C (BenchBase truncates to an integer, at least 1)
 */
public record BenchBaseConfig(String type, String driver, String url, String username, String password,
                              String isolation, int batchSize, double scaleFactor, int terminals,
                              List<Work> works, List<TransactionType> transactionTypes,
                              Map<String, String> otherParameters) {

    public static final String POSTGRES = "POSTGRES";
    public static final String PG_DRIVER = "org.postgresql.Driver";
    public static final List<String> TPCC_TYPES = List.of("NewOrder", "Payment", "OrderStatus", "Delivery", "StockLevel");
    public static final List<Double> TPCC_WEIGHTS = List.of(45.0, 43.0, 4.0, 4.0, 4.0);
    public static final List<String> ISOLATIONS = List.of("TRANSACTION_SERIALIZABLE", "TRANSACTION_REPEATABLE_READ",
            "TRANSACTION_READ_COMMITTED", "TRANSACTION_READ_UNCOMMITTED");

    public BenchBaseConfig {
        works = List.copyOf(works);
        transactionTypes = List.copyOf(transactionTypes);
        otherParameters = Map.copyOf(new LinkedHashMap<>(otherParameters));
    }

    /** One {@code <work>} phase: seconds measured, seconds of warm-up before it, target rate, mix. */
    public record Work(int time, int warmup, WorkRate rate, List<Double> weights, Map<String, String> otherParameters) {
        public Work {
            weights = List.copyOf(weights);
            otherParameters = Map.copyOf(otherParameters);
        }

        public Work(int time, int warmup, WorkRate rate, List<Double> weights) {
            this(time, warmup, rate, weights, Map.of());
        }
    }

    /** A {@code <transactiontype>}; the waits are BenchBase's keying/think times in milliseconds (0 = none). */
    public record TransactionType(String name, long preExecutionWaitMs, long postExecutionWaitMs) {
        public TransactionType(String name) {
            this(name, 0, 0);
        }
    }

    /** BenchBase's {@code <rate>}: a number (transactions/s over all terminals), "unlimited" or "disabled". */
    public record WorkRate(Kind kind, double perSecond) {
        public enum Kind { LIMITED, UNLIMITED, DISABLED }

        public static final WorkRate UNLIMITED = new WorkRate(Kind.UNLIMITED, 0);
        public static final WorkRate DISABLED = new WorkRate(Kind.DISABLED, 0);

        public static WorkRate perSecond(double tps) {
            if (!(tps > 0)) {
                throw new BadInputException("rate must be a positive number of transactions per second, \"unlimited\" "
                        + "or \"disabled\"; got " + tps);
            }
            return new WorkRate(Kind.LIMITED, tps);
        }

        public static WorkRate parse(String text) {
            String t = text.strip();
            if (t.equalsIgnoreCase("unlimited")) {
                return UNLIMITED;
            }
            if (t.equalsIgnoreCase("disabled")) {
                return DISABLED;
            }
            try {
                return perSecond(Double.parseDouble(t));
            } catch (NumberFormatException e) {
                throw new BadInputException("rate \"" + text + "\" is neither a number of transactions per second "
                        + "nor \"unlimited\" nor \"disabled\"");
            }
        }

        public String text() {
            return switch (kind) {
                case UNLIMITED -> "unlimited";
                case DISABLED -> "disabled";
                case LIMITED -> BenchBaseXml.number(perSecond);
            };
        }
    }

    /** A TPC-C configuration for PostgreSQL as BenchBase's sample has it, with the given sizes. */
    public static BenchBaseConfig tpcc(String url, String username, String password, int warehouses, int terminals,
                                       WorkRate rate, int warmupSeconds, int timeSeconds, List<Double> weights,
                                       String isolation) {
        return new BenchBaseConfig(POSTGRES, PG_DRIVER, url, username, password, isolation, 128, warehouses, terminals,
                List.of(new Work(timeSeconds, warmupSeconds, rate, weights)),
                TPCC_TYPES.stream().map(TransactionType::new).toList(), Map.of());
    }

    /** The same configuration without the password: the form pgknobs copies into result directories. */
    public BenchBaseConfig redacted() {
        return new BenchBaseConfig(type, driver, url, username, null, isolation, batchSize, scaleFactor, terminals,
                works, transactionTypes, otherParameters);
    }

    public BenchBaseConfig withUrl(String newUrl) {
        return new BenchBaseConfig(type, driver, newUrl, username, password, isolation, batchSize, scaleFactor,
                terminals, works, transactionTypes, otherParameters);
    }

    /** TPC-C warehouses: BenchBase's {@code (int) scalefactor}, at least 1. */
    public int warehouses() {
        return Math.max(1, (int) scaleFactor);
    }

    /** The single work phase the built-in driver runs. */
    public Work work() {
        if (works.size() != 1) {
            throw new BadInputException("the built-in TPC-C runs exactly one <work> phase; this configuration has "
                    + works.size() + ". Keep one <work> in <works> (or use --driver benchbase).");
        }
        return works.get(0);
    }

    /** Seconds before the measured window: the first work's warm-up (later warm-ups fall inside the window). */
    public int warmupSeconds() {
        return works.isEmpty() ? 0 : works.get(0).warmup();
    }

    /** Seconds of the measured window: every work's {@code <time>} plus the warm-ups of works after the first. */
    public int measuredSeconds() {
        int measured = 0;
        for (int i = 0; i < works.size(); i++) {
            measured += works.get(i).time() + (i == 0 ? 0 : works.get(i).warmup());
        }
        return measured;
    }

    /** Without the password, which must never reach a log. */
    @Override
    public String toString() {
        return "BenchBaseConfig[url=" + url + ", username=" + username + ", terminals=" + terminals + ", warmup="
                + warmupSeconds() + "s, measured=" + measuredSeconds() + "s]";
    }

    public String parameter(String name, String fallback) {
        return otherParameters.getOrDefault(name, fallback);
    }

    /** Host, port and database of the JDBC URL ({@code jdbc:postgresql://host:port/db?...}). */
    public Endpoint endpoint() {
        String prefix = "jdbc:postgresql://";
        if (url == null || !url.startsWith(prefix)) {
            throw new BadInputException("<url> must be a PostgreSQL JDBC URL like jdbc:postgresql://localhost:5432/benchbase; got "
                    + url);
        }
        URI uri = URI.create("postgresql://" + url.substring(prefix.length()));
        String path = Objects.requireNonNullElse(uri.getPath(), "");
        String db = path.startsWith("/") ? path.substring(1) : path;
        return new Endpoint(uri.getHost() == null ? "localhost" : uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(),
                db.isEmpty() ? username : db);
    }

    public record Endpoint(String host, int port, String database) {
    }
}
