package org.walprism.analyzer.categories;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.Heap2Type;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The visibility-map page that heap DML registers when it clears VM bits (19, and minors that back-patch it such as
 * 18.6: {@code blkref #1: ... fork vm blk 0}) is visibility-map work: its block reference's bytes go to category vm
 * and its image's cause is vm, the record staying in its own category. The oracle is pg_walinspect of the capture's
 * server: {@code blocks.tsv} (pg_get_wal_block_info) gives each block's fork, data length, stored image length and
 * image flags, {@code records.tsv} (pg_get_wal_records_info) each record's resource manager and type. The bytes of a
 * VM block reference follow from them as XLogRecordAssemble (xloginsert.c) writes it: XLogRecordBlockHeader (4),
 * RelFileLocator (12) unless the previous block of the record has the same relation (BKPBLOCK_SAME_REL),
 * BlockNumber (4); with an image XLogRecordBlockImageHeader (5) plus XLogRecordBlockCompressHeader (2) when the image
 * is compressed and has a hole; the image's stored bytes and the block data.
 */
class VmClearAttributionTest {

    /** Heap2 record types that are heap DML (their VM page is registered by heapam.c). */
    private static final Set<String> HEAP2_DML = Set.of("MULTI_INSERT", "MULTI_INSERT+INIT", "LOCK_UPDATED");

    static Stream<Capture> captures() {
        List<Capture> all = TestData.captures().stream()
                .filter(c -> c.has("blocks.tsv") && c.has("records.tsv")).toList();
        assertTrue(all.stream().anyMatch(c -> c.name().equals("19/vm_clear")), "19/vm_clear with its oracles");
        return all.stream();
    }

    /** What pg_walinspect says of the VM block references of heap DML in the capture's measured range. */
    record Oracle(long records, long bytes, long images, long imageBytes) {
    }

    static Oracle oracle(Capture c) throws IOException {
        Map<String, String> rmgrType = new HashMap<>();
        for (String line : c.oracleText("records.tsv").split("\n")) {
            String[] f = line.split("\t", -1);
            if (f.length > 5) {
                rmgrType.put(f[0], f[4] + "/" + f[5]);
            }
        }
        long records = 0;
        long bytes = 0;
        long images = 0;
        long imageBytes = 0;
        String lastLsn = null;
        String prevRel = null;
        String countedLsn = null;
        for (String line : c.oracleText("blocks.tsv").split("\n")) {
            String[] f = line.split("\t", -1);
            if (f.length < 13) {
                continue;
            }
            // start_lsn, block_id, reltablespace, reldatabase, relfilenode, relforknumber, relblocknumber,
            // record_type, record_length, main_data_length, block_data_length, block_fpi_length, block_fpi_info
            String lsn = f[0];
            String rel = f[2] + "/" + f[3] + "/" + f[4];
            boolean sameRel = lsn.equals(lastLsn) && rel.equals(prevRel);
            lastLsn = lsn;
            prevRel = rel;
            String type = rmgrType.get(lsn);
            if (type == null || !f[5].equals("2") || !isHeapDml(type)) {
                continue;
            }
            if (!lsn.equals(countedLsn)) {
                records++;
                countedLsn = lsn;
            }
            long fpiLength = f[11].isEmpty() ? 0 : Long.parseLong(f[11]);
            bytes += 4 + (sameRel ? 0 : 12) + 4 + Long.parseLong(f[10]);
            if (fpiLength > 0) {
                boolean compressed = f[12].contains("COMPRESS");
                bytes += 5 + (compressed && f[12].contains("HAS_HOLE") ? 2 : 0) + fpiLength;
                images++;
                imageBytes += fpiLength;
            }
        }
        return new Oracle(records, bytes, images, imageBytes);
    }

    private static boolean isHeapDml(String rmgrType) {
        int slash = rmgrType.indexOf('/');
        String rmgr = rmgrType.substring(0, slash);
        return rmgr.equals("Heap") || rmgr.equals("Heap2") && HEAP2_DML.contains(rmgrType.substring(slash + 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void vmPageOfHeapDmlIsVisibilityMapWorkAsPgWalinspectReportsIt(Capture c) throws IOException {
        Oracle o = oracle(c);
        CategoryStats all;
        CategoryStats dmlOnly = null;
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            all = CategoryAnalyzer.analyze(r, 0);
        }
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                Heap2Type t = v.rmid() == RmgrTable.HEAP2 ? Heap2Type.of(v.version(), v.info()) : null;
                if (v.rmid() == RmgrTable.HEAP || t == Heap2Type.MULTI_INSERT || t == Heap2Type.LOCK_UPDATED) {
                    if (dmlOnly == null) {
                        dmlOnly = new CategoryStats(v.version(), r.segmentSize(), 0);
                    }
                    dmlOnly.add(v);
                }
            }
        }
        assertEquals(o.records(), all.vmClearRecords(), c.name() + ": heap DML records with the VM page");
        assertEquals(o.bytes(), all.vmClearBytes(), c.name() + ": bytes of their VM block references");
        assertEquals(o.images(), all.vmClearImages(), c.name() + ": VM page images in heap DML");
        if (c.name().endsWith("/vm_clear")) {
            assertTrue(o.records() > 0 && o.images() > 0, c.name() + " exercises VM clearing with images: " + o);
        }
        if (dmlOnly == null) {
            return;
        }
        // Over heap DML alone no record is vm's: category vm, images of cause vm and part vm.block are exactly the
        // VM block references pg_walinspect reports
        assertEquals(0, dmlOnly.categoryRecords(Category.VM), c.name() + ": no heap DML record is a vm record");
        assertEquals(o.bytes(), dmlOnly.categoryBytes(Category.VM), c.name() + ": category vm bytes of heap DML");
        assertEquals(o.images(), dmlOnly.categoryImages(Category.VM), c.name() + ": category vm images of heap DML");
        assertEquals(o.imageBytes(), dmlOnly.categoryFpiBytes(Category.VM), c.name() + ": vm FPI bytes of heap DML");
        assertEquals(o.images(), dmlOnly.causeImages(FpiCause.VM), c.name() + ": VM images caused by vm");
        assertEquals(o.imageBytes(), dmlOnly.causeStoredBytes(FpiCause.VM), c.name() + ": VM image bytes of vm");
        long vmParts = 0;
        for (int p = 0; p < Parts.COUNT; p++) {
            vmParts += dmlOnly.categoryPartBytes(Category.VM, p);
        }
        assertEquals(o.bytes(), vmParts, c.name() + ": parts of category vm");
        assertEquals(dmlOnly.bytes(), Stream.of(Category.values()).mapToLong(dmlOnly::categoryBytes).sum(),
                c.name() + ": category bytes add up");
        System.out.printf("%s: %d heap DML records carry the VM page, %d bytes, %d images (%d bytes), as"
                + " pg_walinspect%n", c.name(), o.records(), o.bytes(), o.images(), o.imageBytes());
    }
}
