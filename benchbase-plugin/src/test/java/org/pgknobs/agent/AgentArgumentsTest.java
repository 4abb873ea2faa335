package org.pgknobs.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class AgentArgumentsTest {

    @Test
    void optionsDefaultToOneSecondAndThreadBenchAsStartSignal() {
        AgentOptions o = AgentOptions.parse(null);
        assertThat(o.interval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(o.startClass()).isEqualTo("com.oltpbenchmark.ThreadBench");
        assertThat(o.statements()).as("statements.json whenever the server has pg_stat_statements").isTrue();
        assertThat(AgentOptions.parse("statements=off").statements()).isFalse();
    }

    @Test
    void optionsParseIntervalsWithUnits() {
        assertThat(AgentOptions.parse("interval=500ms").interval()).isEqualTo(Duration.ofMillis(500));
        assertThat(AgentOptions.parse("interval=2s").interval()).isEqualTo(Duration.ofSeconds(2));
        assertThat(AgentOptions.parse("interval=0.25s").interval()).isEqualTo(Duration.ofMillis(250));
        assertThat(AgentOptions.parse("interval=1h").interval()).isEqualTo(Duration.ofHours(1));
        assertThat(AgentOptions.parse("interval=1.5m").interval()).isEqualTo(Duration.ofSeconds(90));
        assertThat(AgentOptions.parse("interval=1m, start-class=a.B").interval()).isEqualTo(Duration.ofMinutes(1));
        assertThat(AgentOptions.parse("interval=1m,start-class=a.B").startClass()).isEqualTo("a.B");
    }

    @Test
    void optionsRejectUnknownKeysAndBadDurations() {
        assertThatThrownBy(() -> AgentOptions.parse("intervall=1s")).hasMessageContaining("intervall");
        assertThatThrownBy(() -> AgentOptions.parse("interval=fast")).hasMessageContaining("fast");
        assertThatThrownBy(() -> AgentOptions.parse("interval=0s")).hasMessageContaining("positive");
        assertThatThrownBy(() -> AgentOptions.parse("verbose")).hasMessageContaining("key=value");
        assertThatThrownBy(() -> AgentOptions.parse("statements=yes")).hasMessageContaining("use on or off");
    }

    @Test
    void findsConfigDirectoryAndExecuteInAJavaCommandLine() {
        BenchBaseCommandLine c = BenchBaseCommandLine.parse(List.of("/usr/bin/java",
                "-javaagent:/x/pgknobs.jar=interval=1s", "-cp", "a.jar", "-jar", "benchbase.jar", "-b", "tpcc",
                "-c", "config/postgres/sample_tpcc_config.xml", "--create=true", "--load=true", "--execute=true",
                "-d", "out/run1"));
        assertThat(c.config()).isEqualTo(Path.of("config/postgres/sample_tpcc_config.xml"));
        assertThat(c.resultsDir()).isEqualTo(Path.of("out/run1"));
        assertThat(c.execute()).isTrue();
    }

    @Test
    void acceptsLongOptionsWithSpaceOrEqualsAndDefaultsTheDirectoryLikeBenchBase() {
        BenchBaseCommandLine c = BenchBaseCommandLine.parse(List.of("--config=cfg.xml", "--execute", "true"));
        assertThat(c.config()).isEqualTo(Path.of("cfg.xml"));
        assertThat(c.resultsDir()).isEqualTo(Path.of("results"));
        assertThat(c.execute()).isTrue();
        BenchBaseCommandLine d = BenchBaseCommandLine.parse(List.of("--config", "cfg.xml", "--directory=r"));
        assertThat(d.resultsDir()).isEqualTo(Path.of("r"));
        assertThat(d.execute()).isFalse();
    }

    @Test
    void executeFalseOrAbsentMeansNoCollection() {
        assertThat(BenchBaseCommandLine.parse(List.of("-c", "x.xml", "--execute=false")).execute()).isFalse();
        assertThat(BenchBaseCommandLine.parse(List.of("-c", "x.xml", "--load=true")).execute()).isFalse();
    }

    @Test
    void currentArgumentsOfThisJvmAreNotEmpty() {
        assertThat(BenchBaseCommandLine.currentArguments()).isNotEmpty();
    }
}
