package org.walprism.codec;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The codec's packages use each other in one direction only, and the codec knows nothing above it. */
class LayeringTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.walprism.codec");
    }

    /** Each package of the codec is one slice, the root package (org.walprism.codec) included. */
    static final SliceAssignment BY_PACKAGE = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            return c.getPackageName().startsWith("org.walprism.codec") ? SliceIdentifier.of(c.getPackageName())
                    : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "the packages of org.walprism.codec";
        }
    };

    @Test
    void packagesAreFreeOfCycles() {
        // no dependency is exempt: internal.RecordViewAccess reaches RecordView through a private lookup instead of
        // RecordView registering itself with it (which made record and internal depend on each other)
        slices().assignedFrom(BY_PACKAGE).should().beFreeOfCycles().check(classes);
    }

    @Test
    void codecKnowsNothingOfAnalyzerOrCli() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.walprism.analyzer..", "org.walprism.cli..",
                "org.walprism.source..", "org.walprism.client..").check(classes);
    }

    @Test
    void readerOpensNoFileAndDecompressesNoInput() {
        // as xlogreader.c: the reader asks the caller's SegmentSource for bytes; files, archives and compressed
        // input are walprism-source's
        noClasses().that().resideInAnyPackage("..codec.read..").should().dependOnClassesThat()
                .resideInAnyPackage("java.nio.file..", "java.nio.channels..").orShould().dependOnClassesThat()
                .resideInAnyPackage("org.apache.commons.compress..", "org.tukaani..", "org.brotli..").check(classes);
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("org.apache.commons.compress..", "org.tukaani..", "org.brotli..").check(classes);
    }

    @Test
    void recordAndPageDoNotUseReaderOrWriter() {
        noClasses().that().resideInAnyPackage("..codec.record..", "..codec.page..", "..codec.rmgr..", "..codec.image..")
                .should().dependOnClassesThat().resideInAnyPackage("..codec.read..", "..codec.write..")
                .check(classes);
    }
}
