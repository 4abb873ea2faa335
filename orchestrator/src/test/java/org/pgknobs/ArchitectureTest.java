package org.pgknobs;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTag;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import picocli.CommandLine;

/**
 * The house's layers as a test, so a change that breaks them fails the build (docs/architecture.md
 * draws the same picture). Main classes of both modules; tests may reach anywhere.
 */
@ArchTag("unit")
@AnalyzeClasses(packages = "org.pgknobs", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String[] BUILDING_BLOCKS = {"org.pgknobs.experiment..", "org.pgknobs.overlay..",
            "org.pgknobs.server..", "org.pgknobs.workload..", "org.pgknobs.process..", "org.pgknobs.collector..",
            "org.pgknobs.benchbase..", "org.pgknobs.json..", "org.pgknobs.units..", "org.pgknobs.host..",
            "org.pgknobs.ablation..", "org.pgknobs.bisect..", "org.pgknobs.stats..", "org.pgknobs.profile..",
            "org.pgknobs.calibration.."};

    /**
     * cli → sidebyside → run → building blocks → results; cli → report → results; cli → history → report (the
     * history reads result directories through the report's reader and model only); nothing reaches up. The
     * side-by-side benchmarks ({@code sidebyside}, the `pgknobs bench` commands) use the runner's pieces, never
     * the other way round. The building blocks that produce a file's content (a workload's step.json figures, the
     * overlay's settings.json, the culprit search's ablation.json, the profile's profile.json) build the records
     * of {@code results} directly.
     */
    @ArchTest
    static final ArchRule layersPointOneWay = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("cli").definedBy("org.pgknobs.cli..")
            .layer("sidebyside").definedBy("org.pgknobs.sidebyside..")
            .layer("run").definedBy("org.pgknobs.run..")
            .layer("report").definedBy("org.pgknobs.report..")
            .layer("history").definedBy("org.pgknobs.history..")
            .layer("results").definedBy("org.pgknobs.results..")
            .layer("agent").definedBy("org.pgknobs.agent..")
            .layer("building blocks").definedBy(BUILDING_BLOCKS)
            .whereLayer("cli").mayNotBeAccessedByAnyLayer()
            // runs inside BenchBase; the orchestrator only asks where its jar is (the BenchBase driver)
            .whereLayer("agent").mayOnlyBeAccessedByLayers("building blocks")
            .whereLayer("sidebyside").mayOnlyBeAccessedByLayers("cli")
            .whereLayer("run").mayOnlyBeAccessedByLayers("cli", "sidebyside")
            .whereLayer("report").mayOnlyBeAccessedByLayers("cli", "history")
            .whereLayer("history").mayOnlyBeAccessedByLayers("cli")
            .whereLayer("results").mayOnlyBeAccessedByLayers("run", "sidebyside", "report", "history", "cli",
                    "building blocks");

    /** The basics (module {@code base}) stand on the JDK (with its management extension), Jackson and commons-exec alone: both other modules build on them. */
    private static final String[] BASICS = {"org.pgknobs", "org.pgknobs.json..", "org.pgknobs.units..",
            "org.pgknobs.host..", "org.pgknobs.process.."};

    @ArchTest
    static final ArchRule basicsStandOnTheirOwn = classes().that().resideInAnyPackage(BASICS).should()
            .onlyDependOnClassesThat().resideInAnyPackage(concat(BASICS, "java..", "com.sun.management..", "com.fasterxml.jackson..",
                    "org.apache.commons.exec.."));

    /** The statistics are a leaf: arrays in, records out, from the JDK and Commons Statistics / RNG only. */
    @ArchTest
    static final ArchRule statsIsALeaf = classes().that().resideInAPackage("org.pgknobs.stats..").should()
            .onlyDependOnClassesThat().resideInAnyPackage("java..", "org.apache.commons..", "org.pgknobs.stats..");

    /** The report reads result directories only, so any of them can be re-reported later. */
    @ArchTest
    static final ArchRule reportNeverImportsRun = noClasses().that().resideInAPackage("org.pgknobs.report..")
            .should().dependOnClassesThat().resideInAPackage("org.pgknobs.run..");

    /** The history is recorded from result directories, after a run: it never reaches into the runner. */
    @ArchTest
    static final ArchRule historyNeverImportsRun = noClasses().that().resideInAPackage("org.pgknobs.history..")
            .should().dependOnClassesThat().resideInAPackage("org.pgknobs.run..");

    /** The report's data (and its why-rules) know nothing of how they are rendered: format → data only. */
    @ArchTest
    static final ArchRule reportDataNeverImportsItsFormats = noClasses().that()
            .resideInAnyPackage("org.pgknobs.report", "org.pgknobs.report.why..", "org.pgknobs.report.diff..").should().dependOnClassesThat()
            .resideInAPackage("org.pgknobs.report.format..");

    /**
     * The report reads a result directory once, in {@link org.pgknobs.report.ResultDirReader}, and renders to text
     * ({@code cli.ReportFiles} writes the files): its data, why-rules, formats and {@code pgknobs diff} are functions
     * of what was read, so none of them touches the file system.
     */
    @ArchTest
    static final ArchRule onlyTheReportsReaderTouchesFiles = noClasses().that()
            .resideInAPackage("org.pgknobs.report..")
            .and().doNotBelongToAnyOf(org.pgknobs.report.ResultDirReader.class)
            .should().dependOnClassesThat().resideInAPackage("java.nio.file..");

    /**
     * results is the one home of every persisted record: it reads and writes them with the shared basics only, so
     * nothing that measures, applies or renders can change a file's shape by changing itself. The collector's
     * pgstats.json and statements.json records stay in the plugin, which writes them from inside BenchBase, and
     * results may name them.
     */
    @ArchTest
    static final ArchRule resultsDependOnlyOnTheBasics = classes().that().resideInAPackage("org.pgknobs.results..")
            .should().onlyDependOnClassesThat(resideInAnyPackage("org.pgknobs.results..", "java..",
                    "com.fasterxml.jackson..", "org.pgknobs.json..", "org.pgknobs.units..", "org.pgknobs.host..",
                    "org.pgknobs.collector..").or(equivalentTo(BadInputException.class)));

    /**
     * The experiment (model and YAML) stands on the basics and the statistics alone: what a file says is decided
     * before anything of a run exists. The plan adds the host's facts (the machine scaler) and the insert
     * benchmark's sizes, whose run-time estimate belongs to that workload (its clean-up waits and variants).
     */
    @ArchTest
    static final ArchRule experimentStandsOnTheBasics = classes().that()
            .resideInAnyPackage("org.pgknobs.experiment", "org.pgknobs.experiment.yaml..").should()
            .onlyDependOnClassesThat().resideInAnyPackage(concat(BASICS, "java..", "org.pgknobs.experiment..",
                    "org.pgknobs.stats..", "org.yaml.snakeyaml..", "org.apache.commons.text.."));

    @ArchTest
    static final ArchRule experimentPlanAddsOnlyHostAndInsertBenchSizes = classes().that()
            .resideInAPackage("org.pgknobs.experiment.plan..").should().onlyDependOnClassesThat()
            .resideInAnyPackage(concat(BASICS, "java..", "org.pgknobs.experiment..", "org.pgknobs.stats..",
                    "org.pgknobs.workload.insertbench.."));

    /** The experiment model knows nothing of how it is read from YAML or planned into runs. */
    @ArchTest
    static final ArchRule experimentModelImportsNeitherYamlNorPlan = noClasses().that()
            .resideInAPackage("org.pgknobs.experiment").should().dependOnClassesThat()
            .resideInAnyPackage("org.pgknobs.experiment.yaml..", "org.pgknobs.experiment.plan..");

    /** Reading the file and planning the runs are siblings on the model: neither calls the other. */
    @ArchTest
    static final ArchRule experimentYamlNeverImportsPlan = noClasses().that()
            .resideInAPackage("org.pgknobs.experiment.yaml..").should().dependOnClassesThat()
            .resideInAPackage("org.pgknobs.experiment.plan..");

    @ArchTest
    static final ArchRule experimentPlanNeverImportsYaml = noClasses().that()
            .resideInAPackage("org.pgknobs.experiment.plan..").should().dependOnClassesThat()
            .resideInAPackage("org.pgknobs.experiment.yaml..");

    /**
     * A command shares options through a picocli mixin and behaviour through a helper, never by extending another
     * command (whose fields it would overwrite before calling it).
     */
    @ArchTest
    static final ArchRule noCommandExtendsACommand = classes().that().resideInAPackage("org.pgknobs.cli..")
            .and().areAnnotatedWith(CommandLine.Command.class)
            .should(new ArchCondition<JavaClass>("extend no other class annotated with @Command") {
                @Override
                public void check(JavaClass command, ConditionEvents events) {
                    command.getAllRawSuperclasses().stream()
                            .filter(parent -> parent.isAnnotatedWith(CommandLine.Command.class))
                            .forEach(parent -> events.add(SimpleConditionEvent.violated(command,
                                    command.getName() + " extends the command " + parent.getName())));
                }
            });

    /** Top-level packages (workload with its sub-packages counted as one) form no cycle. */
    @ArchTest
    static final ArchRule noCyclesBetweenPackages = slices().matching("org.pgknobs.(*)..").should().beFreeOfCycles();

    /** Nor do the sub-packages among themselves (workload.tpcc, workload.benchbase, report.why ...). */
    @ArchTest
    static final ArchRule noCyclesBetweenSubPackages = slices().matching("org.pgknobs.(**)").should().beFreeOfCycles();

    /**
     * The classes of org.pgknobs.report (each top-level class with its nested ones) form no cycle either: the
     * package rules above do not see a cycle inside one package, such as builders calling back the report's static
     * helpers (issue 45; those live in Repeats now).
     */
    @ArchTest
    static final ArchRule noCyclesBetweenReportClasses = slices().assignedFrom(new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            return c.getPackageName().equals("org.pgknobs.report")
                    ? SliceIdentifier.of(c.getName().replaceFirst("\\$.*", "")) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "the top-level classes of org.pgknobs.report";
        }
    }).should().beFreeOfCycles();

    private static String[] concat(String[] first, String... more) {
        String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }
}
