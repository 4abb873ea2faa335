package org.pgknobs.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.format.Reports;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pgknobs report RESULT_DIR… [--out DIR] [--baseline STEP]}. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write report.md, report.html and report.json from result directories (files on disk only; "
                + "finished or partial runs). Several directories are shown side by side, steps matched by name; "
                + "directories of several PostgreSQL versions get a versions table, the shards of one experiment "
                + "(run --shard) are merged into one table with per-host ratios and the planned runs that are missing.")
final class ReportCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RESULT_DIR", description = "results/<experiment>/<timestamp> directories")
    List<Path> dirs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "where to write the report (default: the first RESULT_DIR)")
    Path out;

    @Option(names = "--baseline", paramLabel = "STEP",
            description = "step that slowdowns and relative values divide by (default: baseline, base, or the first step)")
    String baseline;

    @Option(names = "--reference-version", paramLabel = "MAJOR",
            description = "PostgreSQL major the versions table divides by, when the directories hold several (default: the newest)")
    Integer referenceVersion;

    @CommandLine.Mixin
    HistoryStoreOption history;

    @Option(names = "--no-history", description = "merging shards: do not record them in the history (docs/history.md)")
    boolean noHistory;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Path outDir = out != null ? out : dirs.get(0);
        ReportData data = ReportFiles.write(dirs, outDir, Optional.ofNullable(baseline), Optional.ofNullable(referenceVersion));
        PrintWriter w = spec.commandLine().getOut();
        int steps = data.runs().stream().mapToInt(r -> r.steps().size()).sum();
        w.printf("report of %d run(s), %d step(s): %s, %s, %s%n", data.runs().size(), steps,
                outDir.resolve(Reports.HTML), outDir.resolve(Reports.MARKDOWN), outDir.resolve(Reports.JSON));
        // the merge of an array's shards records them: the shards themselves never write a SQLite history
        if (!noHistory && dirs.stream().anyMatch(org.pgknobs.history.HistoryEntries::isShard)) {
            HistoryRecording.record(Optional.of(history.location(resultsRoot(dirs))), dirs, false, System.out);
        }
        return Main.OK;
    }

    /**
     * The results directory the shards ran into, as a run's history lives in its --out: each result directory is
     * ROOT/NAME/START, and shards given different --out directories (shard-1, shard-2) share their nearest ancestor.
     */
    static Path resultsRoot(List<Path> dirs) {
        Path common = null;
        for (Path d : dirs) {
            Path abs = d.toAbsolutePath().normalize();
            Path root = abs.getParent() != null && abs.getParent().getParent() != null ? abs.getParent().getParent() : abs;
            while (common != null && !root.startsWith(common)) {
                common = common.getParent();
            }
            common = common == null ? root : common;
        }
        return common;
    }
}
