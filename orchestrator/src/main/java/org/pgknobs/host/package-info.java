/**
 * Facts about this machine read from the operating system (/proc, the file system): what a run records
 * about its host and what {@link org.pgknobs.experiment.MachineScaler} scales by. One reader per source
 * file, so that each /proc format is parsed in one place.
 */
package org.pgknobs.host;
