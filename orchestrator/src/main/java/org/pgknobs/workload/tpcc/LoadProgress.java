package org.pgknobs.workload.tpcc;

import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.pgknobs.workload.ProgressListener;

/** Rows loaded so far, shown as a bar with ETA on stderr (when asked for) and told to a listener. */
final class LoadProgress implements AutoCloseable {

    private static final long REPORT_EVERY = 20_000;

    private final long total;
    private final ProgressListener listener;
    private final ProgressBar bar;
    private final AtomicLong rows = new AtomicLong();

    LoadProgress(long total, ProgressListener listener, boolean showBar) {
        this.total = total;
        this.listener = listener;
        this.bar = showBar ? new ProgressBarBuilder().setTaskName("TPC-C load").setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII).setUnit(" krows", 1000).setUpdateIntervalMillis(500)
                .setConsumer(new ConsoleProgressBarConsumer(System.err)).build() : null;
    }

    /** Called by the loader threads every few thousand rows. */
    void add(long done) {
        long n = rows.addAndGet(done);
        if (n / REPORT_EVERY != (n - done) / REPORT_EVERY) {
            if (bar != null) {
                bar.stepTo(Math.min(n, total));
            }
            listener.progress("load", n, total, "rows");
        }
    }

    void phase(String name) {
        if (bar != null) {
            bar.stepTo(total);
            bar.setExtraMessage(name);
        }
        listener.progress("load: " + name, rows.get(), total, "rows");
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
