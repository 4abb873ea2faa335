package org.pgknobs;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Records narrow enough to read: no main record of either module has more than {@value #MAX_COMPONENTS} components.
 * A wide record is grouped into small topic records (unwrapped in its JSON file where it is one, so the file keeps its
 * keys), except where it mirrors an external file's columns one to one: there the width is the file's.
 */
@Tag("unit")
class RecordWidthTest {

    static final int MAX_COMPONENTS = 12;

    /** Records that mirror an external file one to one, and which file. */
    static final Map<String, String> MIRRORS = Map.of(
            "org.pgknobs.collector.StatementStats", "a pg_stat_statements row: one component per column read",
            "org.pgknobs.benchbase.BenchBaseSummary", "BenchBase's summary.json: one component per field read");

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.pgknobs");

    @Test
    void noMainRecordIsWiderThanTwelveComponents() {
        classes().that().areAssignableTo(Record.class).should(beNarrow()).check(MAIN);
    }

    @Test
    void everyMirrorIsARecordThatNeedsItsException() {
        for (String name : MIRRORS.keySet()) {
            assertThat(components(MAIN.get(name))).as(name + " is still wider than the limit").isGreaterThan(MAX_COMPONENTS);
        }
    }

    private static ArchCondition<JavaClass> beNarrow() {
        return new ArchCondition<>("have at most " + MAX_COMPONENTS + " components (mirrors of external files aside)") {
            @Override
            public void check(JavaClass record, ConditionEvents events) {
                int width = components(record);
                boolean excepted = MIRRORS.containsKey(record.getName());
                events.add(new SimpleConditionEvent(record, width <= MAX_COMPONENTS || excepted,
                        record.getName() + " has " + width + " components: group some into topic records"));
            }
        };
    }

    private static int components(JavaClass record) {
        return record.reflect().getRecordComponents().length;
    }
}
