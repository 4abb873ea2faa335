package org.pgknobs.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** initdb options by allow-list, in every spelling initdb's getopt reads (docs/security.md, "initdb options"). */
@Tag("unit")
class InitdbOptionsTest {

    private static List<InitdbOptions.Finding> check(String... args) {
        return InitdbOptions.check(List.of(args));
    }

    private static InitdbOptions.Refusal refusal(String... args) {
        List<InitdbOptions.Finding> f = check(args);
        assertThat(f).as(String.join(" ", args)).isNotEmpty();
        assertThat(f.get(0)).as(String.join(" ", args)).isInstanceOf(InitdbOptions.Refusal.class);
        return (InitdbOptions.Refusal) f.get(0);
    }

    @Test
    void theShippedOptionsPass() {
        assertThat(check("--data-checksums")).isEmpty();
        assertThat(check("--wal-segsize=256")).isEmpty();
        assertThat(check("--data-checksums", "--wal-segsize=256")).isEmpty();
        assertThat(check()).isEmpty();
    }

    @Test
    void clusterShapingOptionsPassInEverySpelling() {
        assertThat(check("-k")).isEmpty();
        assertThat(check("-E", "UTF8")).isEmpty();
        assertThat(check("-EUTF8")).isEmpty();
        assertThat(check("--encoding", "UTF8")).isEmpty();
        assertThat(check("--encoding=UTF8")).isEmpty();
        assertThat(check("-kg")).isEmpty();
        assertThat(check("-kEUTF8")).isEmpty();
        assertThat(check("--wal-segsize", "64")).isEmpty();
        assertThat(check("--locale=C", "--lc-collate=en_US.UTF-8", "--no-locale", "--locale-provider=icu",
                "--icu-locale=und-u-ks-level2", "-T", "pg_catalog.english", "--no-data-checksums")).isEmpty();
    }

    static Stream<List<String>> settingsAtInitdb() {
        return Stream.of(List.of("-c", "archive_command=touch /tmp/x"), List.of("-carchive_command=touch /tmp/x"),
                List.of("--set", "archive_command=x"), List.of("--set=archive_command=x"), List.of("-kc", "archive_mode=on"),
                List.of("-kcarchive_mode=on"));
    }

    @ParameterizedTest
    @MethodSource("settingsAtInitdb")
    void aSettingAtInitdbIsRefusedWithAFixThatPointsToSettings(List<String> args) {
        InitdbOptions.Refusal r = refusal(args.toArray(String[]::new));
        assertThat(r.index()).isZero();
        assertThat(r.problem()).contains("-c/--set").contains("escapes the overlay's verification");
        assertThat(r.fix()).contains("settings:");
    }

    @Test
    void everyOtherOptionIsRefusedWithItsReason() {
        assertThat(refusal("-L", "/tmp/boot").problem()).contains("bootstrap files");
        assertThat(refusal("-L/tmp/boot").problem()).contains("bootstrap files");
        assertThat(refusal("-D", "/tmp/d").problem()).contains("data directory");
        assertThat(refusal("--pgdata=/tmp/d").problem()).contains("data directory");
        assertThat(refusal("--pwfile=/etc/shadow").problem()).contains("reads a file");
        assertThat(refusal("-U", "mallory").problem()).contains("superuser");
        assertThat(refusal("--auth=trust").problem()).contains("authentication");
        assertThat(refusal("--auth-local=trust").problem()).contains("authentication");
        assertThat(refusal("--no-sync").problem()).contains("pgknobs'");
        assertThat(refusal("-N").problem()).contains("pgknobs'");
        assertThat(refusal("--debug").problem()).contains("shapes nothing");
        assertThat(refusal("-W").problem()).contains("password");
    }

    @Test
    void anythingInitdbWouldTakeThatIsNotListedIsRefused() {
        // getopt_long expands an unambiguous abbreviation: --pwf is --pwfile, --se is --set
        assertThat(refusal("--pwf=/etc/shadow").problem()).contains("written in full");
        assertThat(refusal("--se=archive_command=x").problem()).contains("written in full");
        assertThat(refusal("/tmp/data").problem()).contains("data directory");
        assertThat(refusal("--").problem()).contains("ends initdb's options");
        assertThat(refusal("-q").problem()).contains("'-q'");
        // one element holding two options is one unknown option to getopt, and to us
        assertThat(refusal("--data-checksums --set=archive_command=x")).isNotNull();
    }

    @Test
    void valuesThatWouldNameAPathAreRefused() {
        assertThat(refusal("--locale=/tmp/evil").problem()).contains("no '/'");
        assertThat(refusal("--lc-ctype=../x").problem()).contains("no '/'");
        assertThat(refusal("--wal-segsize=3").problem()).contains("power of two");
        assertThat(refusal("-E").problem()).contains("needs a value");
    }

    @Test
    void theWalDirectoryIsGatedAsAPathInBothSpellings() {
        for (List<String> args : List.of(List.of("--waldir=/tmp/wal"), List.of("--waldir", "/tmp/wal"),
                List.of("-X", "/tmp/wal"), List.of("-X/tmp/wal"))) {
            List<InitdbOptions.Finding> f = InitdbOptions.check(args);
            assertThat(f).as(args.toString()).singleElement().isInstanceOf(InitdbOptions.GatedOption.class);
            SettingGate.Gated g = ((InitdbOptions.GatedOption) f.get(0)).gated();
            assertThat(g.kind()).isEqualTo(SettingGate.Kind.PATHS);
            assertThat(g.value()).isEqualTo("/tmp/wal");
        }
    }

    @Test
    void aValueIsNotReadAsAnOption() {
        // -T's value here is a name, and --encoding's next element is its value, not an option of its own
        assertThat(check("--encoding", "UTF8", "-k")).isEmpty();
        assertThat(check("-E", "-c")).singleElement().isInstanceOf(InitdbOptions.Refusal.class);
    }

    @Test
    void everyOptionPassedOnSaysWhyItIsSafe() {
        assertThat(InitdbOptions.safeWithReasons()).hasSizeGreaterThan(10)
                .allSatisfy(line -> assertThat(line).matches("-.+: .{10,}"));
    }
}
