package org.pgknobs.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseXml;

/** What the agent reads from BenchBase's config (through the one model) and where it finds the run's files. */
@Tag("unit")
class AgentConfigTest {

    @TempDir
    Path dir;

    @Test
    void readsConnectionAndFirstWorksWarmupFromBenchBaseXml() throws Exception {
        Path f = dir.resolve("tpcc.xml");
        Files.writeString(f, """
                <?xml version="1.0"?>
                <parameters>
                    <type>POSTGRES</type>
                    <driver>org.postgresql.Driver</driver>
                    <url>jdbc:postgresql://localhost:5432/benchbase?sslmode=disable&amp;ApplicationName=tpcc&amp;reWriteBatchedInserts=true</url>
                    <username>admin</username>
                    <password>pa&lt;ss</password>
                    <isolation>TRANSACTION_SERIALIZABLE</isolation>
                    <batchsize>128</batchsize>
                    <scalefactor>1</scalefactor>
                    <terminals>1</terminals>
                    <works>
                        <work>
                            <warmup>30</warmup>
                            <time>60</time>
                            <rate>10000</rate>
                            <weights>45,43,4,4,4</weights>
                        </work>
                        <work>
                            <warmup>5</warmup>
                            <time>20</time>
                            <rate>unlimited</rate>
                            <weights>45,43,4,4,4</weights>
                        </work>
                    </works>
                </parameters>
                """);
        BenchBaseConfig c = BenchBaseXml.read(f);
        assertThat(c.url()).isEqualTo("jdbc:postgresql://localhost:5432/benchbase?sslmode=disable&ApplicationName=tpcc&reWriteBatchedInserts=true");
        assertThat(c.username()).isEqualTo("admin");
        assertThat(c.password()).isEqualTo("pa<ss");
        assertThat(c.warmupSeconds()).isEqualTo(30);
        assertThat(c.measuredSeconds()).isEqualTo(60 + 5 + 20);
        assertThat(c.toString()).doesNotContain("pa<ss");
    }

    @Test
    void aWorkWithoutWarmupMeasuresFromTheStart() throws Exception {
        Path f = dir.resolve("c.xml");
        Files.writeString(f, "<parameters><url>jdbc:postgresql://h/db</url><works><work><time>10</time><rate>unlimited</rate>"
                + "<weights>45,43,4,4,4</weights></work></works></parameters>");
        BenchBaseConfig c = BenchBaseXml.read(f);
        assertThat(c.warmupSeconds()).isZero();
        assertThat(c.measuredSeconds()).isEqualTo(10);
        assertThat(c.username()).isNull();
    }

    @Test
    void rejectsFilesThatAreNotBenchBaseConfigs() throws Exception {
        Path noUrl = dir.resolve("n.xml");
        Files.writeString(noUrl, "<parameters><works/></parameters>");
        assertThatThrownBy(() -> BenchBaseXml.read(noUrl)).hasMessageContaining("n.xml").hasMessageContaining("<work>");
        Path broken = dir.resolve("b.xml");
        Files.writeString(broken, "<parameters><url>x</url>");
        assertThatThrownBy(() -> BenchBaseXml.read(broken)).hasMessageContaining("b.xml");
        Path badWarmup = dir.resolve("w.xml");
        Files.writeString(badWarmup, "<parameters><url>jdbc:postgresql://h/db</url><works><work><warmup>ten</warmup>"
                + "<rate>1</rate><weights>45,43,4,4,4</weights></work></works></parameters>");
        assertThatThrownBy(() -> BenchBaseXml.read(badWarmup)).hasMessageContaining("<warmup>").hasMessageContaining("ten");
    }
}
