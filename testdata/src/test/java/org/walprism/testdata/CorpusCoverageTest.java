package org.walprism.testdata;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The committed corpus holds what issue 6 asks of it: versions x workloads, and the settings variety. */
class CorpusCoverageTest {

    private static final int PAGE = 8192;

    @Test
    void everyVersionHasItsWorkloads() {
        for (String v : List.of("15", "16", "17", "18")) {
            assertWorkloads(v, Set.of("vacuum_indexed", "vacuum_noindex", "hot_updates", "pgbench_oltp"));
        }
        for (String v : List.of("13", "14")) {
            assertWorkloads(v, Set.of("vacuum_indexed", "hot_updates"));
        }
        for (String v : List.of("19", "master")) {
            assertWorkloads(v, Set.of("vacuum_indexed", "vacuum_noindex", "hot_updates"));
        }
    }

    private static void assertWorkloads(String version, Set<String> wanted) {
        Set<String> have = TestData.captures(version).stream().map(Capture::workload).collect(Collectors.toSet());
        assertTrue(have.containsAll(wanted), version + " has workloads " + have + ", wants " + wanted);
    }

    @Test
    void checksumsOffAndOnForTheHeadlineComparisons() {
        for (String name : List.of("16/vacuum_noindex", "17/vacuum_noindex", "16/vacuum_indexed", "17/vacuum_indexed",
                "16/hot_updates", "17/hot_updates", "18/hot_updates")) {
            assertFalse(TestData.capture(name).dataChecksums(), name);
            assertTrue(TestData.capture(name + "_checksums").dataChecksums(), name + "_checksums");
        }
    }

    @Test
    void walCompressionOffPglzLz4Zstd() {
        Set<String> seen = TestData.captures().stream().map(c -> c.settings().getOrDefault("wal_compression", "off"))
                .collect(Collectors.toSet());
        assertTrue(seen.containsAll(Set.of("off", "pglz", "lz4", "zstd")), "wal_compression values: " + seen);
    }

    @Test
    void oneCaptureHasDefaultSixteenMegabyteSegments() {
        assertTrue(TestData.captures().stream().anyMatch(c -> c.segmentSize() == 16 << 20));
    }

    @Test
    void recordsCrossPagesAndSegmentsAndOneRangeHoldsAnXlogSwitch() throws IOException {
        boolean page = false;
        boolean segment = false;
        boolean xlogSwitch = false;
        for (Capture c : TestData.captures()) {
            if (!c.has("records.tsv")) {
                continue;
            }
            for (String line : Files.readAllLines(c.oracle("records.tsv"))) {
                String[] f = line.split("\t", -1);
                long start = TestData.parseLsn(f[0]);
                long last = TestData.parseLsn(f[1]) - 1;
                page |= start / PAGE != last / PAGE;
                segment |= start / c.segmentSize() != last / c.segmentSize();
                xlogSwitch |= f[4].equals("XLOG") && f[5].equals("SWITCH");
            }
        }
        assertTrue(page, "no record crosses a page boundary");
        assertTrue(segment, "no record crosses a segment boundary");
        assertTrue(xlogSwitch, "no XLOG_SWITCH inside a measured range");
    }
}
