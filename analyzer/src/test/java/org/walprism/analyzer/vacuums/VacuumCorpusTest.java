package org.walprism.analyzer.vacuums;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Every capture of the corpus, whatever its workload: the runs found add up (their records are records of the
 * range, each counted once), and a workload without VACUUM has no run that writes a heap pass.
 */
class VacuumCorpusTest {

    static Stream<Arguments> captures() {
        return TestData.captures().stream().map(Arguments::of);
    }

    /** Whether the measured workload runs VACUUM or turns autovacuum on. */
    static boolean vacuums(Capture c) {
        boolean found = false;
        try (Stream<java.nio.file.Path> files = java.nio.file.Files.list(TestData.root().resolve("workloads"))) {
            for (java.nio.file.Path f : files.toList()) {
                String n = f.getFileName().toString();
                if (n.equals(c.workload() + ".sql") || n.equals(c.workload() + ".pgbench")) {
                    found = true;
                    String text = java.nio.file.Files.readString(f);
                    // a workload may have both files (busy_tables: pgbench beside the SQL): either may vacuum
                    if (java.util.regex.Pattern.compile("(?im)^\\s*VACUUM\\b").matcher(text).find()
                            || text.contains("autovacuum_enabled = on")) {
                        return true;
                    }
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        if (found) {
            return false;
        }
        throw new AssertionError("no workload file for " + c.workload());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void runsAreDisjointPartsOfTheRange(Capture c) {
        VacuumAnalyzer.Result res = VacuumAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0,
                RelationMap.empty());
        CategoryStats all = CategoryAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0);
        assertEquals(all.records(), res.records(), c.name());
        long inRuns = 0;
        long bytesInRuns = 0;
        for (VacuumRun r : res.runs()) {
            assertTrue(r.stats().records() > 0, c.name() + " run " + r.id());
            long phases = 0;
            for (Phase p : Phase.values()) {
                phases += r.phaseRecords(p);
            }
            assertEquals(r.stats().records(), phases, c.name() + " run " + r.id() + ": phases add up");
            assertTrue(r.walUsage().records() <= phases);
            assertTrue(Long.compareUnsigned(r.startLsn(), r.endLsn()) <= 0);
            inRuns += r.stats().records();
            bytesInRuns += r.stats().bytes();
        }
        assertTrue(inRuns <= all.records() && bytesInRuns <= all.bytes(), c.name() + ": a record in two runs");
        if (!vacuums(c)) {
            for (VacuumRun r : res.runs()) {
                assertEquals(0, r.phaseRecords(Phase.HEAP_SCAN) + r.phaseRecords(Phase.HEAP_VACUUM), c.name()
                        + ": a heap pass in a workload without VACUUM: " + r.name());
            }
        }
    }
}
