/**
 * What a running suite tells its user: the suite's progress with its ETA
 * ({@link org.pgknobs.run.progress.SuiteProgress}) and the live lines of a step's warm-up and windows
 * ({@link org.pgknobs.run.progress.LiveProgress}, into the console and progress.log). Nothing here knows the
 * runner ({@code org.pgknobs.run}), which uses it.
 */
package org.pgknobs.run.progress;
