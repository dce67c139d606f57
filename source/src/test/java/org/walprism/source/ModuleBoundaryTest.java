package org.walprism.source;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * walprism-source uses the codec's public API only (no {@code codec.internal}, whose signatures carry Netty
 * buffers), and nothing above it. The modules ship as automatic modules ({@code Automatic-Module-Name}, no
 * {@code module-info.java} yet), so this test, not the compiler, keeps the boundary.
 */
class ModuleBoundaryTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.walprism.source");

    @Test
    void sourceUsesTheCodecsPublicApiOnly() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.walprism.codec.internal..",
                "org.walprism.analyzer..", "org.walprism.cli..", "org.walprism.client..").check(CLASSES);
    }
}
