package org.pgknobs.server;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.maven.settings.Mirror;
import org.apache.maven.settings.Proxy;
import org.apache.maven.settings.Server;
import org.apache.maven.settings.Settings;
import org.apache.maven.settings.io.xpp3.SettingsXpp3Reader;
import org.codehaus.plexus.util.xml.pull.XmlPullParserException;
import org.eclipse.aether.repository.AuthenticationSelector;
import org.eclipse.aether.repository.MirrorSelector;
import org.eclipse.aether.repository.ProxySelector;
import org.eclipse.aether.util.repository.AuthenticationBuilder;
import org.eclipse.aether.util.repository.DefaultAuthenticationSelector;
import org.eclipse.aether.util.repository.DefaultMirrorSelector;
import org.eclipse.aether.util.repository.DefaultProxySelector;

/**
 * What the user's Maven configuration says about reaching repositories, read as Maven reads it: the user's
 * settings.xml (default {@code ~/.m2/settings.xml}) before the installation's ({@code $MAVEN_HOME/conf/settings.xml}),
 * the local repository ({@code -Dmaven.repo.local}, else settings' {@code localRepository}, else
 * {@code ~/.m2/repository}), {@code offline}, mirrors, proxies and the servers' credentials. Maven's own
 * profiles and settings-security encryption are not read.
 *
 * @param settingsFiles the settings files read, user's first
 */
public record MavenSetup(List<Path> settingsFiles, Path localRepository, boolean offline, List<Mirror> mirrors,
                         List<Proxy> proxies, List<Server> servers) {

    /** The user's settings file when none is given: ~/.m2/settings.xml. */
    public static Path defaultUserSettings() {
        return Path.of(System.getProperty("user.home"), ".m2", "settings.xml");
    }

    /** @param userSettings the user's settings.xml (need not exist) */
    public static MavenSetup read(Path userSettings) {
        List<Path> files = new ArrayList<>();
        List<Settings> read = new ArrayList<>();
        for (Path file : List.of(userSettings, globalSettings())) {
            if (Files.isRegularFile(file) && !files.contains(file)) {
                files.add(file);
                read.add(parse(file));
            }
        }
        Path local = Optional.ofNullable(System.getProperty("maven.repo.local")).filter(s -> !s.isBlank()).map(Path::of)
                .or(() -> read.stream().map(Settings::getLocalRepository).filter(s -> s != null && !s.isBlank())
                        .findFirst().map(MavenSetup::expandHome))
                .orElse(Path.of(System.getProperty("user.home"), ".m2", "repository"));
        List<Mirror> mirrors = new ArrayList<>();
        List<Proxy> proxies = new ArrayList<>();
        List<Server> servers = new ArrayList<>();
        read.forEach(s -> {
            mirrors.addAll(s.getMirrors());
            proxies.addAll(s.getProxies().stream().filter(Proxy::isActive).toList());
            servers.addAll(s.getServers());
        });
        boolean offline = read.stream().anyMatch(Settings::isOffline);
        return new MavenSetup(files, local.toAbsolutePath(), offline, mirrors, proxies, servers);
    }

    private static Path globalSettings() {
        String home = Optional.ofNullable(System.getenv("MAVEN_HOME")).orElse(System.getenv("M2_HOME"));
        return home != null ? Path.of(home, "conf", "settings.xml") : Path.of("/usr/share/maven/conf/settings.xml");
    }

    private static Path expandHome(String path) {
        return Path.of(path.replace("${user.home}", System.getProperty("user.home")).replaceFirst("^~", System.getProperty("user.home")));
    }

    private static Settings parse(Path file) {
        try (Reader in = Files.newBufferedReader(file)) {
            return new SettingsXpp3Reader().read(in, false);
        } catch (IOException | XmlPullParserException e) {
            throw new ServerException("cannot read the Maven settings " + file + ": " + e.getMessage(), List.of());
        }
    }

    /** Mirrors as Maven applies them: the first whose mirrorOf matches a repository wins. */
    MirrorSelector mirrorSelector() {
        DefaultMirrorSelector selector = new DefaultMirrorSelector();
        for (Mirror m : mirrors) {
            selector.add(m.getId(), m.getUrl(), m.getLayout(), false, m.isBlocked(), m.getMirrorOf(), m.getMirrorOfLayouts());
        }
        return selector;
    }

    ProxySelector proxySelector() {
        DefaultProxySelector selector = new DefaultProxySelector();
        for (Proxy p : proxies) {
            AuthenticationBuilder auth = new AuthenticationBuilder().addUsername(p.getUsername()).addPassword(p.getPassword());
            selector.add(new org.eclipse.aether.repository.Proxy(p.getProtocol(), p.getHost(), p.getPort(), auth.build()),
                    p.getNonProxyHosts());
        }
        return selector;
    }

    /** Credentials of a repository or mirror by its id, as settings' servers give them. */
    AuthenticationSelector authenticationSelector() {
        DefaultAuthenticationSelector selector = new DefaultAuthenticationSelector();
        for (Server s : servers) {
            selector.add(s.getId(), new AuthenticationBuilder().addUsername(s.getUsername()).addPassword(s.getPassword())
                    .addPrivateKey(s.getPrivateKey(), s.getPassphrase()).build());
        }
        return selector;
    }
}
