package org.pgknobs.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/**
 * The OS identity PostgreSQL processes run under. PostgreSQL refuses to run as root, so when pgknobs
 * itself is root it runs initdb, pg_ctl and postgres as an unprivileged user through {@code setpriv}
 * and hands that user the directories it must write.
 */
public sealed interface RunAs {

    /** The command, prefixed so that it runs as this identity. */
    List<String> command(List<String> command);

    /** Makes {@code dir} (not its contents) owned by this identity. */
    void own(Path dir);

    String userName();

    /** Whether this identity can traverse into {@code dir} (checked on every ancestor). */
    boolean canReach(Path dir);

    static RunAs currentUser() {
        return new Self();
    }

    static RunAs user(String name) {
        CommandResult uid = CommandRunner.run(List.of("id", "-u", name), Duration.ofSeconds(10));
        CommandResult gid = CommandRunner.run(List.of("id", "-g", name), Duration.ofSeconds(10));
        if (!uid.succeeded() || !gid.succeeded()) {
            throw new ServerException("OS user '" + name + "' does not exist. PostgreSQL refuses to run as root, so "
                    + "pgknobs runs it as an unprivileged user: create one (useradd --system --no-create-home "
                    + name + ") or name an existing one with --os-user.", List.of());
        }
        return new Other(name, Integer.parseInt(uid.output().strip()), Integer.parseInt(gid.output().strip()));
    }

    /** The identity to use: the current user, or {@code osUser} (default "postgres") when running as root. */
    static RunAs forCurrentProcess(String osUser) {
        if (!isRoot()) {
            return currentUser();
        }
        return user(osUser == null ? "postgres" : osUser);
    }

    static boolean isRoot() {
        return new com.sun.security.auth.module.UnixSystem().getUid() == 0;
    }

    record Self() implements RunAs {
        @Override
        public List<String> command(List<String> command) {
            return command;
        }

        @Override
        public void own(Path dir) {
            // already ours
        }

        @Override
        public String userName() {
            return System.getProperty("user.name");
        }

        @Override
        public boolean canReach(Path dir) {
            return Files.isDirectory(dir) && Files.isExecutable(dir);
        }
    }

    record Other(String userName, int uid, int gid) implements RunAs {
        @Override
        public List<String> command(List<String> command) {
            List<String> wrapped = new ArrayList<>(List.of("setpriv", "--reuid=" + uid, "--regid=" + gid, "--init-groups"));
            wrapped.addAll(command);
            return wrapped;
        }

        @Override
        public void own(Path dir) {
            try {
                UserPrincipalLookupService lookup = dir.getFileSystem().getUserPrincipalLookupService();
                PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class);
                view.setOwner(lookup.lookupPrincipalByName(userName));
                view.setGroup(lookup.lookupPrincipalByGroupName(userName));
            } catch (IOException e) {
                // The group may be named differently from the user; ownership by uid is what matters.
                try {
                    Files.setAttribute(dir, "unix:uid", uid);
                    Files.setAttribute(dir, "unix:gid", gid);
                } catch (IOException e2) {
                    throw new UncheckedIOException("cannot give " + dir + " to " + userName, e2);
                }
            }
        }

        @Override
        public boolean canReach(Path dir) {
            // Root may read anything, so ask the file modes rather than Files.isExecutable.
            try {
                for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
                    if (!Files.exists(p)) {
                        continue;
                    }
                    Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
                    int owner = (Integer) Files.getAttribute(p, "unix:uid");
                    int group = (Integer) Files.getAttribute(p, "unix:gid");
                    boolean ok = owner == uid ? perms.contains(PosixFilePermission.OWNER_EXECUTE)
                            : group == gid ? perms.contains(PosixFilePermission.GROUP_EXECUTE)
                            : perms.contains(PosixFilePermission.OTHERS_EXECUTE);
                    if (!ok) {
                        return false;
                    }
                }
                return true;
            } catch (IOException e) {
                return false;
            }
        }
    }

    /** Makes a tree readable (and directories/executables traversable) by every user. */
    static void openForReading(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                if (Files.isSymbolicLink(p)) {
                    continue;
                }
                Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
                perms.add(PosixFilePermission.OWNER_READ);
                perms.add(PosixFilePermission.GROUP_READ);
                perms.add(PosixFilePermission.OTHERS_READ);
                if (Files.isDirectory(p) || perms.contains(PosixFilePermission.OWNER_EXECUTE)) {
                    perms.add(PosixFilePermission.GROUP_EXECUTE);
                    perms.add(PosixFilePermission.OTHERS_EXECUTE);
                }
                Files.setPosixFilePermissions(p, perms);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + root + " for reading", e);
        }
    }
}
