package org.walprism.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.testdata.kaitai.KaitaiWalRecords;
import org.walprism.testdata.kaitai.KaitaiWalRecords.KaitaiRecord;
import org.walprism.testdata.kaitai.PostgresqlWal;

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
        for (String v : List.of("13", "14", "15", "16", "17", "18")) {
            assertWorkloads(v, Set.of("other_rmgrs"));
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

    /** Resource manager names by id (PostgreSQL's rmgrlist.h order). */
    private static final List<String> RMGR_NAMES = List.of("XLOG", "Transaction", "Storage", "CLOG", "Database",
            "Tablespace", "MultiXact", "RelMap", "Standby", "Heap2", "Heap", "Btree", "Hash", "Gin", "Gist",
            "Sequence", "SPGist", "BRIN", "CommitTs", "ReplicationOrigin", "Generic", "LogicalMessage");

    /** The families other_rmgrs is there for, beside the heap/btree/xact/xlog ones every workload writes. */
    private static final Set<String> OTHER_RMGR_FAMILIES = Set.of("XLOG", "Transaction", "Storage", "Database",
            "MultiXact", "RelMap", "Standby", "Heap2", "Heap", "Btree", "Hash", "Gin", "Gist", "Sequence", "SPGist",
            "BRIN", "CommitTs", "ReplicationOrigin", "Generic", "LogicalMessage");

    /** The records of a capture's measured range, as the Kaitai parser (independent of codec) reads them. */
    private static List<KaitaiRecord> measured(Capture c) {
        return KaitaiWalRecords.read(c.walDir()).records().stream()
                .filter(r -> r.lsn() >= c.startLsn() && r.lsn() < c.endLsn())
                .toList();
    }

    /** The header part's entries; none for a record of header only (XLOG SWITCH). */
    private static List<PostgresqlWal.RecordHeaderEntry> headers(KaitaiRecord r) {
        List<PostgresqlWal.RecordHeaderEntry> h = r.parsed().headers();
        return h == null ? List.of() : h;
    }

    private static Set<Integer> headerIds(KaitaiRecord r) {
        return headers(r).stream().map(PostgresqlWal.RecordHeaderEntry::blockId).collect(Collectors.toSet());
    }

    /**
     * Every version's other_rmgrs range holds records of every resource manager family it is written for, a record
     * of a replication origin session (header id 253), a subtransaction's first record carrying its top-level xid
     * (252, 14 and later with wal_level=logical) and a main data part over 255 bytes (long main-data header 254).
     */
    @ParameterizedTest(name = "{0}/other_rmgrs")
    @ValueSource(strings = {"13", "14", "15", "16", "17", "18"})
    void otherRmgrsHasEveryFamilyOriginTopLevelXidAndLongMainData(String version) {
        Capture c = TestData.capture(version + "/other_rmgrs");
        List<KaitaiRecord> records = measured(c);
        assertFalse(records.isEmpty(), c.name() + " has no records in its range");
        Set<String> families = records.stream().map(r -> RMGR_NAMES.get(r.parsed().rmgrId()))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> missing = new TreeSet<>(OTHER_RMGR_FAMILIES);
        missing.removeAll(families);
        assertTrue(missing.isEmpty(), c.name() + " lacks records of " + missing + " (has " + families + ")");

        assertTrue(records.stream().anyMatch(r -> headers(r).stream()
                        .anyMatch(h -> h.blockId() == 253 && h.origin() != null && h.origin() != 0)),
                c.name() + ": no record carries a replication origin (header id 253)");
        boolean topLevelXid = records.stream().anyMatch(r -> headers(r).stream()
                .anyMatch(h -> h.blockId() == 252 && h.toplevelXid() != null && h.toplevelXid() != 0
                        && h.toplevelXid() != r.parsed().xid()));
        assertEquals(!version.equals("13"), topLevelXid,
                c.name() + ": a top-level xid header (252) is written by 14 and later only");
        assertTrue(records.stream().anyMatch(r -> headerIds(r).contains(254)),
                c.name() + ": no main data over 255 bytes (header id 254)");
    }

    /** Debian's lz4 build compresses the full-page images of index resource managers too. */
    @Test
    void lz4CompressedImagesOfIndexResourceManagers() {
        Capture c = TestData.capture("15/other_rmgrs_lz4");
        assertEquals("lz4", c.settings().get("wal_compression"));
        Set<String> rmgrs = new TreeSet<>();
        for (KaitaiRecord r : measured(c)) {
            for (PostgresqlWal.RecordHeaderEntry h : headers(r)) {
                if (h.isBlockRef() && h.block().hasImage()
                        && h.block().imageHeader().compression() == PostgresqlWal.ImageCompression.LZ4) {
                    rmgrs.add(RMGR_NAMES.get(r.parsed().rmgrId()));
                }
            }
        }
        assertTrue(rmgrs.containsAll(Set.of("Heap", "Btree", "Gin", "Hash")), "lz4 images in " + rmgrs);
    }
}
