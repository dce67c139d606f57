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
        for (String v : List.of("19beta1", "19beta3")) {
            assertWorkloads(v, Set.of("vacuum_indexed", "vacuum_noindex", "hot_updates"));
        }
        // 19 as released: every workload 18 has
        assertWorkloads("19", TestData.captures("18").stream().map(Capture::workload).collect(Collectors.toSet()));
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

    /**
     * Every 13-18 overwrite_contrecord range holds a page flagged XLP_FIRST_IS_OVERWRITE_CONTRECORD whose first record
     * (read by the Kaitai parser, independent of the codec) is XLOG OVERWRITE_CONTRECORD naming, as the record it
     * overwrote, an LSN before that page where no record was read (the aborted record's first part), and whose
     * xl_prev is the record before it.
     */
    @ParameterizedTest(name = "{0}/overwrite_contrecord")
    @ValueSource(strings = {"13", "14", "15", "16", "17", "18"})
    void overwriteContrecordFollowsAnAbortedRecord(String version) throws IOException {
        Capture c = TestData.capture(version + "/overwrite_contrecord");
        List<KaitaiRecord> records = measured(c);
        int found = 0;
        for (int i = 1; i < records.size(); i++) {
            KaitaiRecord r = records.get(i);
            if (r.parsed().rmgrId() != 0 || (r.parsed().info() & 0xF0) != 0xD0) {
                continue;
            }
            found++;
            long page = r.lsn() - r.lsn() % PAGE;
            PostgresqlWal.PageHeader h = pageHeader(c, page);
            assertTrue(h.isFirstOverwriteContrecord() && !h.isFirstContrecord(), c.name() + ": page flags "
                    + h.info());
            assertEquals(page + h.lenHeader(), r.lsn(), c.name() + ": OVERWRITE_CONTRECORD starts its page");
            byte[] b = r.bytes();
            long overwritten = java.nio.ByteBuffer.wrap(b, b.length - 16, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                    .getLong();
            KaitaiRecord before = records.get(i - 1);
            assertEquals(before.lsn(), r.parsed().prevLsn(), c.name() + ": xl_prev");
            assertTrue(overwritten > before.lsn() && overwritten < page, c.name() + ": overwritten LSN " + overwritten);
        }
        assertEquals(1, found, c.name() + ": OVERWRITE_CONTRECORD records");
    }

    /**
     * Every 13-18 promotion_eor range holds XLOG END_OF_RECOVERY, read from timeline 2's segments only, whose copy
     * of the switch's segment keeps pages of timeline 1 before the switch.
     */
    @ParameterizedTest(name = "{0}/promotion_eor")
    @ValueSource(strings = {"13", "14", "15", "16", "17", "18"})
    void promotionEndOfRecoveryOnTimelineTwo(String version) throws IOException {
        Capture c = TestData.capture(version + "/promotion_eor");
        assertTrue(c.segments().stream().allMatch(s -> s.startsWith("00000002")), c.name() + ": " + c.segments());
        List<KaitaiRecord> eor = measured(c).stream()
                .filter(r -> r.parsed().rmgrId() == 0 && (r.parsed().info() & 0xF0) == 0x90).toList();
        assertEquals(1, eor.size(), c.name() + ": END_OF_RECOVERY records");
        long at = eor.get(0).lsn();
        Set<Long> tlis = new TreeSet<>();
        for (long page = c.startLsn() - c.startLsn() % PAGE; page < c.endLsn(); page += PAGE) {
            long tli = pageHeader(c, page).timeline();
            tlis.add(tli);
            if (page + PAGE <= at || page > at) {
                // (the page holding the switch keeps the header it had on timeline 1, or not: not checked)
                assertEquals(page > at ? 2 : 1, tli, c.name() + ": xlp_tli of page " + Long.toHexString(page));
            }
        }
        assertEquals(Set.of(1L, 2L), tlis, c.name() + ": page timelines");
    }

    private static PostgresqlWal.PageHeader pageHeader(Capture c, long page) throws IOException {
        String seg = c.segments().stream()
                .filter(s -> Long.parseLong(s.substring(8, 16), 16) * (0x1_0000_0000L / c.segmentSize())
                        + Long.parseLong(s.substring(16), 16) == page / c.segmentSize())
                .findFirst().orElseThrow();
        byte[] bytes = Files.readAllBytes(c.walDir().resolve(seg));
        int off = (int) (page % c.segmentSize());
        PostgresqlWal wal = new PostgresqlWal(new io.kaitai.struct.ByteBufferKaitaiStream(bytes));
        return wal.pages().get(off / PAGE).header();
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
