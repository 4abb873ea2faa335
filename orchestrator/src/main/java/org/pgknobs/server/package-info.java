/**
 * Server lifecycle: embedded zonky binaries ({@link org.pgknobs.server.EmbeddedBinaries}), a local
 * install ({@code --pg-bin}), or an external server reached by URL; privilege drop when run as root
 * ({@link org.pgknobs.server.RunAs}).
 */
package org.pgknobs.server;
