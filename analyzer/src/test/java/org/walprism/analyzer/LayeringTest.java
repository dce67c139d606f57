package org.walprism.analyzer;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The analyzer's packages form a stack, bottom to top; a package may use only packages of its own layer or
 * below, never one above, and no two packages use each other.
 */
class LayeringTest {
    /** Bottom to top. A package of layer i may use packages of layers 0..i only. */
    private static final String[][] LAYERS = {
        {"org.walprism.analyzer", "..analyzer.json..", "..analyzer.desc..", "..analyzer.stats..",
         "..analyzer.relmap.."},
        {"..analyzer.dump..", "..analyzer.categories.."},
        {"..analyzer.vacuums..", "..analyzer.diff..", "..analyzer.generate.."},
        {"..analyzer.replay.."},
        {"..analyzer.report.."},
    };

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.walprism.analyzer");
    }

    @Test
    void packagesAreFreeOfCycles() {
        slices().matching("org.walprism.analyzer.(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void noPackageUsesALayerAboveIt() {
        for (int i = 0; i < LAYERS.length - 1; i++) {
            List<String> above = new ArrayList<>();
            for (int j = i + 1; j < LAYERS.length; j++) {
                above.addAll(List.of(LAYERS[j]));
            }
            noClasses().that().resideInAnyPackage(LAYERS[i])
                    .should().dependOnClassesThat().resideInAnyPackage(above.toArray(String[]::new))
                    .check(classes);
        }
    }

    @Test
    void everyPackageHasALayer() {
        List<String> all = new ArrayList<>();
        for (String[] layer : LAYERS) {
            all.addAll(List.of(layer));
        }
        com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes()
                .should().resideInAnyPackage(all.toArray(String[]::new))
                .because("a new package needs its place in the stack")
                .check(classes);
    }

    @Test
    void analyzerDoesNotUseTheCli() {
        noClasses().should().dependOnClassesThat().resideInAPackage("org.walprism.cli..").check(classes);
    }
}
