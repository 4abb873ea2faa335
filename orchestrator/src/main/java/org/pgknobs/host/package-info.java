/**
 * Facts about the machine read from Linux's /proc and the filesystem: CPU ticks of the host and of
 * process trees, and how fast a WAL-sized write becomes durable. Nothing here knows about PostgreSQL.
 */
package org.pgknobs.host;
