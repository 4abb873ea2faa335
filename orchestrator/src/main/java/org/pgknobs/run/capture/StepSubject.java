package org.pgknobs.run.capture;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.pgknobs.server.Server;
import org.pgknobs.workload.Workload;

/**
 * The step a capture records.
 *
 * @param server   started, the step's settings applied and verified
 * @param workload the workload that runs (or ran) in it
 * @param dir      the step directory the capture's files go into
 * @param say      where a capture says what takes a while (the suite's progress display)
 */
public record StepSubject(Server server, Workload workload, Path dir, Consumer<String> say) {
}
