package org.pgknobs.run.data;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.host.MemoryLimits;
import org.pgknobs.overlay.InvalidValueException;
import org.pgknobs.overlay.SettingValue;
import org.pgknobs.overlay.SettingsCatalog;

/**
 * Memory a configuration plainly cannot have on this machine, found before any server starts:
 * shared_buffers plus the run's connections at a backend's minimum, against RAM and the cgroup limit.
 * Deliberately a lower bound (no work_mem, no wal_buffers, no page cache), so it only stops what can never fit.
 */
public final class MemoryFit {

    /**
     * A backend's private memory before it does any query work (stack, catalog caches, memory contexts):
     * about 2 MiB on PostgreSQL 16-18; work_mem is not counted, a connection may never sort.
     */
    static final long BYTES_PER_CONNECTION = 2L << 20;

    private MemoryFit() {
    }

    /**
     * Why {@code settings} cannot fit, with the figures; empty when it may.
     *
     * @param connections the client connections the run opens (the workload's and pgknobs' own)
     */
    public static Optional<String> tooMuch(Map<String, Object> settings, SettingsCatalog catalog, int connections,
                                    MemoryLimits limits) {
        var meta = catalog.get("shared_buffers");
        Object requested = settings.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase("shared_buffers"))
                .map(Map.Entry::getValue).findFirst().orElse(meta.setting());
        double sharedBuffers;
        try {
            sharedBuffers = SettingValue.bytes(meta, requested);
        } catch (InvalidValueException e) {
            return Optional.empty(); // preflight has judged the value already
        }
        double need = sharedBuffers + (double) connections * BYTES_PER_CONNECTION;
        String figures = "shared_buffers " + human(sharedBuffers) + " + " + connections + " connections x "
                + human(BYTES_PER_CONNECTION) + " (a backend's minimum) = " + human(need);
        if (limits.cgroupBytes().isPresent() && need > limits.cgroupBytes().getAsLong()
                && (limits.ramBytes().isEmpty() || limits.cgroupBytes().getAsLong() < limits.ramBytes().getAsLong())) {
            return Optional.of(figures + " is more than this process's cgroup memory limit, "
                    + human(limits.cgroupBytes().getAsLong()) + " (" + limits.cgroupFile().map(String::valueOf).orElse("") + ")");
        }
        if (limits.ramBytes().isPresent() && need > limits.ramBytes().getAsLong()) {
            return Optional.of(figures + " is more than this machine's RAM, " + human(limits.ramBytes().getAsLong())
                    + " (MemTotal in /proc/meminfo)");
        }
        return Optional.empty();
    }

    /** What the user may still have: the smaller of RAM and the cgroup limit. */
    public static String available(MemoryLimits limits) {
        long ram = limits.ramBytes().orElse(Long.MAX_VALUE);
        return human(Math.min(ram, limits.cgroupBytes().orElse(ram)));
    }

    static String human(double bytes) {
        String[] units = {"B", "kB", "MB", "GB", "TB"};
        int i = 0;
        while (bytes >= 1024 && i < units.length - 1) {
            bytes /= 1024;
            i++;
        }
        return String.format(Locale.ROOT, bytes == Math.rint(bytes) ? "%.0f %s" : "%.1f %s", bytes, units[i]);
    }
}
