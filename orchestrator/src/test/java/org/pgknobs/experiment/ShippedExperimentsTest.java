package org.pgknobs.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.MachineScaler;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.experiment.plan.ScaledSetting;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.host.HostFacts;
import org.yaml.snakeyaml.Yaml;

/** Every YAML under experiments/ is valid for the JSON Schema and for the model, with every profile. */
@Tag("unit")
public class ShippedExperimentsTest {

    public static final Path ROOT = Path.of(System.getProperty("pgknobs.repo.root", ".."));
    static final Path ARTICLE = ROOT.resolve("experiments/article-42000x.yaml");
    static final Path CX7A = ROOT.resolve("experiments/insert-benchmark-cx7a.yaml");

    /** Every experiment file shipped in experiments/ (the yaml package's tests read them too). */
    public static Stream<Path> shippedFiles() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT.resolve("experiments"))) {
            // experiments/settings/ holds flat settings maps for `pgknobs apply`, not experiments
            Path settings = ROOT.resolve("experiments/settings");
            return files.filter(p -> p.toString().endsWith(".yaml") && !p.startsWith(settings)).sorted().toList().stream();
        }
    }

    static JsonSchema schema() throws IOException {
        try (InputStream in = Files.newInputStream(ROOT.resolve("docs/experiment.schema.json"))) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        }
    }

    static JsonNode asJson(Path yaml) throws IOException {
        try (Reader r = Files.newBufferedReader(yaml)) {
            Object plain = new Yaml().load(r);
            return new ObjectMapper().valueToTree(plain);
        }
    }

    @ParameterizedTest
    @MethodSource("shippedFiles")
    void validatesAgainstTheJsonSchema(Path file) throws IOException {
        Set<ValidationMessage> errors = schema().validate(asJson(file));
        assertThat(errors).as(file.toString()).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("shippedFiles")
    void loadsWithTheModelAloneAndWithEveryProfile(Path file) {
        List<Experiment> loaded = ExperimentLoader.loadEveryProfile(file);
        assertThat(loaded).hasSize(1 + loaded.get(0).provenance().profiles().size());
        loaded.forEach(e -> assertThat(ExperimentPlan.of(e).steps()).isNotEmpty());
    }

    @Test
    void theSchemaRejectsWhatTheModelRejects() throws IOException {
        JsonSchema schema = schema();
        ObjectMapper json = new ObjectMapper();
        assertThat(schema.validate(json.readTree("{\"name\": \"t\", \"steps\": [{\"name\": \"b\"}], \"stepz\": 1}"))).isNotEmpty();
        assertThat(schema.validate(json.readTree("{\"name\": \"t\", \"steps\": [{\"name\": \"b\"}], "
                + "\"workload\": {\"isolation\": \"snapshot\"}}"))).isNotEmpty();
        assertThat(schema.validate(json.readTree("{\"name\": \"t\", \"steps\": [{\"name\": \"b\"}], "
                + "\"workload\": {\"isolation\": \"TRANSACTION_SERIALIZABLE\", \"warmup\": \"2m\", \"rate\": \"unlimited\"}}"))).isEmpty();
        assertThat(schema.validate(json.readTree("{\"steps\": [{\"name\": \"b\"}]}"))).isNotEmpty();
    }

    @Test
    void theArticleHasSevenStepsWith32DistinctSettingsAndItsPublishedNumbers() {
        Experiment e = ExperimentLoader.load(ARTICLE, Optional.empty(), List.of());
        ExperimentPlan plan = ExperimentPlan.of(e);
        assertThat(plan.steps()).extracting(PlannedStep::name)
                .containsExactly("baseline", "cache-8mb", "cache-2mb", "autovacuum", "wal", "index", "io-worker");
        Set<String> stepSettings = new HashSet<>();
        e.steps().stream().filter(s -> !s.optional()).forEach(s -> stepSettings.addAll(s.settings().keySet()));
        assertThat(stepSettings).hasSize(32);
        assertThat(e.steps().stream().filter(s -> s.settings().containsKey("shared_buffers")).count()).isEqualTo(4); // 3 + the optional probe
        assertThat(e.mode()).isEqualTo(Mode.CUMULATIVE);
        TpccSpec t = e.workload().tpcc();
        assertThat(List.of(t.warehouses(), t.terminals())).containsExactly(128, 100);
        assertThat(t.rate()).isEqualTo(TargetRate.of(10000));
        assertThat(t.isolation()).isEqualTo(Isolation.SERIALIZABLE);
        assertThat(t.weights()).containsExactly(45, 43, 4, 4, 4);
        assertThat(e.reference().orElseThrow().values().values()).containsExactly(7082.0, 1052.0, 485.0, 293.0, 98.0, 0.87, 0.016);
        // The last step carries every earlier setting; shared_buffers is the index step's 8MB; + 1: the
        // shared_preload_libraries of observe: [statements]
        PlannedStep last = plan.steps().get(6);
        assertThat(last.settings()).hasSize(32 + 3 + 1).containsEntry("shared_buffers", "8MB")
                .containsEntry("shared_preload_libraries", "pg_stat_statements")
                .containsEntry("wal_log_hints", "on").containsEntry("logging_collector", "on");
    }

    @Test
    void theArticlesOptionalProbeRunsWithItsProfileAndExpectsFailure() {
        ExperimentPlan plan = ExperimentPlan.of(ExperimentLoader.load(ARTICLE, Optional.of("with-128kb"), List.of()));
        PlannedStep probe = plan.step("cache-128kb").orElseThrow();
        assertThat(probe.index()).isEqualTo(3);
        assertThat(probe.expectFail()).hasValueSatisfying(r -> assertThat(r).contains("no unpinned buffers"));
        assertThat(plan.step("cache-2mb").orElseThrow().settings()).containsEntry("shared_buffers", "2MB");
    }

    @Test
    void theArticleProfilesShrinkTheRun() {
        Experiment tiny = ExperimentLoader.load(ARTICLE, Optional.of("tiny"), List.of());
        assertThat(tiny.workload().tpcc().warehouses()).isEqualTo(1);
        assertThat(tiny.workload().tpcc().terminals()).isEqualTo(2);
        Experiment quick = ExperimentLoader.load(ARTICLE, Optional.of("quick"), List.of());
        assertThat(quick.workload().tpcc().warehouses()).isEqualTo(4);
        assertThat(quick.server().base()).containsEntry("shared_buffers", "1GB").containsEntry("max_connections", 120);
    }

    @Test
    void theCx7aSweepHasBaseAndSeventeenVariantsTwoOfThemOnTheirOwnCluster() {
        Experiment e = ExperimentLoader.load(CX7A, Optional.empty(), List.of());
        ExperimentPlan plan = ExperimentPlan.of(e);
        assertThat(e.mode()).isEqualTo(Mode.VARIANTS);
        assertThat(e.workload().kind()).isEqualTo(WorkloadKind.INSERTBENCH);
        assertThat(e.server().base()).hasSize(20).containsEntry("shared_buffers", "70GB").containsEntry("full_page_writes", "on");
        assertThat(plan.steps()).hasSize(18);
        assertThat(plan.distinctInitdbSets().keySet()).containsExactly(
                List.of("--data-checksums"), List.of("--data-checksums", "--wal-segsize=256"));
        assertThat(plan.distinctInitdbSets().get(List.of("--data-checksums", "--wal-segsize=256")))
                .extracting(PlannedStep::name).containsExactly("a6", "a13");
        // + 1: the shared_preload_libraries of observe: [statements]
        assertThat(plan.step("a16").orElseThrow().settings()).hasSize(22 + 1)
                .containsEntry("shared_preload_libraries", "pg_stat_statements");
        assertThat(e.reference().orElseThrow().values()).hasSize(18).containsEntry("a16", 249299.0);
        assertThat(e.reference().orElseThrow().metric()).isEqualTo("l.i1 inserts/s");
    }

    @Test
    void theCx7aSweepAlsoRunsAsTpcc() {
        Experiment e = ExperimentLoader.load(CX7A, Optional.of("small"), List.of("workload.kind=tpcc"));
        assertThat(e.workload().kind()).isEqualTo(WorkloadKind.TPCC);
        assertThat(e.workload().tpcc()).isEqualTo(TpccSpec.defaults());
    }

    @Test
    void theCx7aSmallProfileScalesToThisMachineAndFitsTwentyMinutes() {
        Experiment small = ExperimentLoader.load(CX7A, Optional.of("small"), List.of());
        assertThat(small.workload().insertbench().clients()).isEqualTo(2);
        MachineScaler.Result scaled = MachineScaler.scale(small, new HostFacts(24L << 30, 80L << 30));
        assertThat(scaled.factor()).isLessThan(1.0);
        assertThat(scaled.changes()).extracting(ScaledSetting::setting).contains("shared_buffers", "max_wal_size",
                "min_wal_size", "autovacuum_work_mem", "wal_buffers");
        assertThat(ExperimentPlan.of(scaled.experiment()).estimatedDuration()).isLessThan(java.time.Duration.ofMinutes(20));
    }
}
