package org.pgknobs.experiment.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.MachineScale;
import org.pgknobs.experiment.StepSpec;
import org.pgknobs.host.HostFacts;
import org.pgknobs.units.Sizes;
import org.pgknobs.units.UnitException;

/**
 * Shrinks a published configuration to this machine: every memory and WAL-size setting of the base and
 * the steps is multiplied by min(this RAM / published RAM, free disk / published disk, 1), rounded down
 * to whole MB and kept at or above PostgreSQL's minimum. Pure: the caller passes {@link HostFacts}.
 */
public final class MachineScaler {

    private static final long KB = 1024;
    private static final long MB = 1024 * KB;
    private static final Pattern PLAIN = Pattern.compile("\\d+");
    private static final Pattern WAL_SEGSIZE = Pattern.compile("--wal-segsize=(\\d+)");

    /** A setting's unit for a plain number, and its minimum in bytes (-1 marks a WAL size: 2 segments). */
    private record Kind(long plainUnit, long minimum) {
    }

    private static final Map<String, Kind> SCALED = Map.of(
            "shared_buffers", new Kind(8 * KB, 128 * KB),
            "effective_cache_size", new Kind(8 * KB, 8 * KB),
            "wal_buffers", new Kind(8 * KB, 32 * KB),
            "max_wal_size", new Kind(MB, -1),
            "min_wal_size", new Kind(MB, -1),
            "autovacuum_work_mem", new Kind(KB, MB),
            "maintenance_work_mem", new Kind(KB, MB));

    /** The scaled experiment, the factor used, and every change, for the runner to print. */
    public record Result(Experiment experiment, double factor, List<ScaledSetting> changes) {
        public Result {
            changes = List.copyOf(changes);
        }
    }

    private MachineScaler() {
    }

    public static Result scale(Experiment experiment, HostFacts host) {
        Optional<MachineScale> published = experiment.provenance().scale();
        if (published.isEmpty()) {
            return new Result(experiment, 1.0, List.of());
        }
        double factor = Math.min(1.0, Math.min((double) host.ramBytes() / published.get().ramBytes(),
                (double) host.freeDiskBytes() / published.get().diskBytes()));
        List<ScaledSetting> changes = new ArrayList<>();
        List<String> serverInitdb = experiment.server().initdb();
        Map<String, Object> base = scaleAll("base", experiment.server().base(), factor, segmentBytes(serverInitdb), changes);
        List<StepSpec> steps = new ArrayList<>();
        for (StepSpec step : experiment.steps()) {
            List<String> initdb = new ArrayList<>(serverInitdb);
            initdb.addAll(step.initdb());
            Map<String, Object> settings = scaleAll(step.name(), step.settings(), factor, segmentBytes(initdb), changes);
            steps.add(new StepSpec(step.name(), step.description(), settings, step.initdb(), step.expectFail(), step.optional()));
        }
        Experiment scaled = experiment.withServer(experiment.server().withBase(serverInitdb, base)).withSteps(steps);
        return new Result(scaled, factor, changes);
    }

    private static Map<String, Object> scaleAll(String where, Map<String, Object> settings, double factor,
                                                long segmentBytes, List<ScaledSetting> changes) {
        Map<String, Object> out = new LinkedHashMap<>();
        settings.forEach((name, value) -> {
            Kind kind = SCALED.get(name);
            Optional<Long> bytes = kind == null ? Optional.empty() : bytes(value, kind.plainUnit());
            if (bytes.isEmpty()) {
                out.put(name, value);
                return;
            }
            long minimum = kind.minimum() < 0 ? 2 * segmentBytes : kind.minimum();
            long scaled = Math.max(minimum, (long) (bytes.get() * factor) / MB * MB);
            String to = scaled % MB == 0 ? scaled / MB + "MB" : scaled / KB + "kB";
            out.put(name, to);
            changes.add(new ScaledSetting(where, name, String.valueOf(value), to, factor));
        });
        return out;
    }

    /**
     * Bytes of a memory value: a plain number is in the setting's unit, a size is in the one grammar of
     * {@link Sizes}; empty for -1 (automatic) or anything that is not a size.
     */
    static Optional<Long> bytes(Object value, long plainUnit) {
        String text = String.valueOf(value).strip();
        if (PLAIN.matcher(text).matches()) {
            return Optional.of(Long.parseLong(text) * plainUnit);
        }
        try {
            return Optional.of(Sizes.parse(text));
        } catch (UnitException e) {
            return Optional.empty();
        }
    }

    static long segmentBytes(List<String> initdb) {
        long segment = 16 * MB;
        for (int i = 0; i < initdb.size(); i++) {
            Matcher m = WAL_SEGSIZE.matcher(initdb.get(i));
            if (m.matches()) {
                segment = Long.parseLong(m.group(1)) * MB;
            } else if (initdb.get(i).equals("--wal-segsize") && i + 1 < initdb.size() && initdb.get(i + 1).matches("\\d+")) {
                segment = Long.parseLong(initdb.get(i + 1)) * MB;
            }
        }
        return segment;
    }
}
