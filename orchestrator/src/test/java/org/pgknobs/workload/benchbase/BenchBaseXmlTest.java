package org.pgknobs.workload.benchbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.BadInputException;
import org.pgknobs.benchbase.BenchBaseConfig.WorkRate;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseXml;
import org.pgknobs.workload.tpcc.TpccOptions;

@Tag("unit")
class BenchBaseXmlTest {

    private static final String SAMPLE = """
            <?xml version="1.0"?>
            <parameters>
                <!-- Connection details -->
                <type>POSTGRES</type>
                <driver>org.postgresql.Driver</driver>
                <url>jdbc:postgresql://localhost:5432/benchbase?sslmode=disable&amp;ApplicationName=tpcc&amp;reWriteBatchedInserts=true</url>
                <username>admin</username>
                <password>password</password>
                <reconnectOnConnectionFailure>true</reconnectOnConnectionFailure>
                <isolation>TRANSACTION_SERIALIZABLE</isolation>
                <batchsize>128</batchsize>
                <scalefactor>128</scalefactor>
                <terminals>100</terminals>
                <works>
                    <work>
                        <time>120</time>
                        <warmup>120</warmup>
                        <rate>10000</rate>
                        <weights>45,43,4,4,4</weights>
                    </work>
                </works>
                <transactiontypes>
                    <transactiontype><name>NewOrder</name></transactiontype>
                    <transactiontype><name>Payment</name></transactiontype>
                    <transactiontype><name>OrderStatus</name></transactiontype>
                    <transactiontype><name>Delivery</name></transactiontype>
                    <transactiontype><name>StockLevel</name></transactiontype>
                </transactiontypes>
            </parameters>
            """;

    @Test
    void writtenConfigReadsBackEqual() {
        BenchBaseConfig config = BenchBaseConfig.tpcc("jdbc:postgresql://127.0.0.1:5433/tpcc?reWriteBatchedInserts=true",
                "postgres", "s3cret", 128, 100, WorkRate.perSecond(10000), 120, 120, BenchBaseConfig.TPCC_WEIGHTS,
                "TRANSACTION_SERIALIZABLE");
        assertThat(BenchBaseXml.read(BenchBaseXml.write(config), "test")).isEqualTo(config);

        BenchBaseConfig unlimited = BenchBaseConfig.tpcc("jdbc:postgresql://h/db", "u", null, 4, 8, WorkRate.UNLIMITED, 0, 30,
                List.of(45.5, 42.5, 4.0, 4.0, 4.0), "TRANSACTION_READ_COMMITTED");
        assertThat(BenchBaseXml.read(BenchBaseXml.write(unlimited), "test")).isEqualTo(unlimited);
    }

    @Test
    void readsBenchBasesSampleAndKeepsElementsItDoesNotModel() {
        BenchBaseConfig c = BenchBaseXml.read(SAMPLE, "sample.xml");
        assertThat(c.warehouses()).isEqualTo(128);
        assertThat(c.terminals()).isEqualTo(100);
        assertThat(c.work().rate()).isEqualTo(WorkRate.perSecond(10000));
        assertThat(c.work().warmup()).isEqualTo(120);
        assertThat(c.work().weights()).containsExactly(45.0, 43.0, 4.0, 4.0, 4.0);
        assertThat(c.endpoint()).isEqualTo(new BenchBaseConfig.Endpoint("localhost", 5432, "benchbase"));
        assertThat(c.otherParameters()).isEqualTo(Map.of("reconnectOnConnectionFailure", "true"));
        assertThat(BenchBaseXml.read(BenchBaseXml.write(c), "again")).isEqualTo(c);
        assertThat(BenchBaseXml.write(c)).contains("<rate>10000</rate>", "<weights>45,43,4,4,4</weights>",
                "<type>POSTGRES</type>", "&amp;ApplicationName=tpcc");
    }

    @Test
    void redactedFormHasNoPassword() {
        BenchBaseConfig c = BenchBaseXml.read(SAMPLE, "sample.xml");
        String xml = BenchBaseXml.write(c.redacted());
        assertThat(xml).doesNotContain("<password>").doesNotContain(">password<");
        assertThat(BenchBaseXml.read(xml, "redacted").password()).isNull();
    }

    @Test
    void ratesAreNumbersUnlimitedOrDisabled() {
        assertThat(WorkRate.parse("unlimited")).isEqualTo(WorkRate.UNLIMITED);
        assertThat(WorkRate.parse("DISABLED")).isEqualTo(WorkRate.DISABLED);
        assertThat(WorkRate.parse(" 250.5 ").perSecond()).isEqualTo(250.5);
        assertThatThrownBy(() -> WorkRate.parse("fast")).isInstanceOf(BadInputException.class).hasMessageContaining("unlimited");
        assertThatThrownBy(() -> WorkRate.parse("0")).isInstanceOf(BadInputException.class);
    }

    @Test
    void badInputIsRejectedWithTheFileAndTheElement() {
        String wrongWeights = SAMPLE.replace("45,43,4,4,4", "50,50");
        assertThatThrownBy(() -> BenchBaseXml.read(wrongWeights, "my.xml")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("my.xml").hasMessageContaining("weights").hasMessageContaining("5 transaction types");
        String badIsolation = SAMPLE.replace("TRANSACTION_SERIALIZABLE", "SERIALIZABLE");
        assertThatThrownBy(() -> BenchBaseXml.read(badIsolation, "my.xml")).hasMessageContaining("<isolation>SERIALIZABLE");
        assertThatThrownBy(() -> BenchBaseXml.read("<parameters><works>", "broken.xml"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("broken.xml");
        String badUrl = SAMPLE.replaceAll("<url>.*</url>", "<url>mysql://x</url>");
        assertThatThrownBy(() -> BenchBaseXml.read(badUrl, "my.xml")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("my.xml").hasMessageContaining("jdbc:postgresql://");
        String badTerminals = SAMPLE.replace("<terminals>100", "<terminals>many");
        assertThatThrownBy(() -> BenchBaseXml.read(badTerminals, "my.xml")).hasMessageContaining("<terminals>many");
    }

    @Test
    void tpccOptionsMapWeightsByTransactionNameNotPosition() {
        String reordered = SAMPLE.replace("<transactiontype><name>NewOrder</name></transactiontype>\n", "")
                .replace("<transactiontype><name>StockLevel</name></transactiontype>",
                        "<transactiontype><name>StockLevel</name></transactiontype>\n<transactiontype><name>NewOrder</name></transactiontype>")
                .replace("45,43,4,4,4", "43,4,4,4,45");
        TpccOptions o = TpccOptions.from(BenchBaseXml.read(reordered, "x.xml"), 2, 1);
        assertThat(o.weights()).containsExactly(45.0, 43.0, 4.0, 4.0, 4.0);
        assertThat(o.warehouses()).isEqualTo(128);
        assertThat(o.database()).isEqualTo("benchbase");
    }
}
