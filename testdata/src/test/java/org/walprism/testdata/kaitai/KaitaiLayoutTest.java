package org.walprism.testdata.kaitai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.kaitai.struct.KaitaiStream;
import java.io.ByteArrayOutputStream;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.IntStream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.walprism.testdata.kaitai.PostgresqlWal.Heap2Layout;
import org.walprism.testdata.kaitai.PostgresqlWal.XlogLayout;

/**
 * Layouts of postgresql_wal.ksy checked on single records: real bytes taken from 13, 14, 16, 17, 18 and 19beta3 WAL
 * (page headers of access/xlog_internal.h, image headers of access/xlogrecord.h, Heap2 records of
 * access/heapam_xlog.h in each branch), the version dispatch of the page magics and XLOG layouts, and the XLOG
 * record no capture holds (LOGICAL_DECODING_STATUS_CHANGE). The capture-based tests (KaitaiOracleTest and the
 * codec's cross-check) check every record of every capture.
 */
class KaitaiLayoutTest {

    private static final HexFormat HEX = HexFormat.of();

    private static byte[] hex(String s) {
        return HEX.parseHex(s.replaceAll("[\\s|]", ""));
    }

    private static PostgresqlWal.XlogRecord record(int major, byte[] bytes) {
        return new PostgresqlWal.XlogRecord(new ByteBufferKaitaiStream(bytes), major, 0);
    }

    /** Little-endian uint16 array bytes. */
    private static String u16s(int... values) {
        StringBuilder s = new StringBuilder();
        for (int v : values) {
            s.append(String.format("%02x%02x", v & 0xFF, v >>> 8));
        }
        return s.toString();
    }

    /**
     * A record with block 0 (HAS_DATA unless {@code block0Data} is null, then no block at all) on relation
     * 1663/5/16391 block 7, and short main data. Header fields other than lengths and ids are zero.
     */
    private static byte[] heap2Record(int info, String block0Data, String mainData) {
        byte[] data = block0Data == null ? new byte[0] : hex(block0Data);
        byte[] main = hex(mainData);
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int tot = 24 + (block0Data == null ? 0 : 4 + 12 + 4 + data.length) + 2 + main.length;
        writeLe(b, tot, 4);                 // xl_tot_len
        writeLe(b, 0, 4);                   // xl_xid
        writeLe(b, 0, 8);                   // xl_prev
        b.write(info);                      // xl_info
        b.write(9);                         // xl_rmid = Heap2
        writeLe(b, 0, 2);                   // pad
        writeLe(b, 0, 4);                   // xl_crc (not checked by the parser)
        if (block0Data != null) {
            b.write(0);                     // block id 0
            b.write(0x20);                  // fork main, HAS_DATA
            writeLe(b, data.length, 2);     // data_length
            writeLe(b, 1663, 4);            // spcOid
            writeLe(b, 5, 4);               // dbOid
            writeLe(b, 16391, 4);           // relNumber
            writeLe(b, 7, 4);               // block number
        }
        b.write(0xFF);                      // XLR_BLOCK_ID_DATA_SHORT
        b.write(main.length);               // main data length
        b.writeBytes(data);
        b.writeBytes(main);
        return b.toByteArray();
    }

    private static void writeLe(ByteArrayOutputStream b, long v, int n) {
        for (int i = 0; i < n; i++) {
            b.write((int) (v >>> (8 * i)) & 0xFF);
        }
    }

    private static List<Integer> range(int from, int to) {
        return IntStream.rangeClosed(from, to).boxed().toList();
    }

    @Test
    void pg18PruneVacuumScanRecordFromRealWal() {
        // 18.1 record 0/014BF010 (xl_heap_prune + xlhp_*, heapam_xlog.h REL_18), 106 bytes; its stored CRC proves the bytes are complete
        byte[] rec = hex("6a000000 00000000 68ef4b0100000000 20 09 0000 a55b9323"
                + "00 20 3600 7f060000 01000000 3b0a0000 00000000"
                + "ff 06"
                + "0100 0000 | 00000000 1f00 030b 00 56 1300" + u16s(range(1, 19).stream().mapToInt(i -> i).toArray())
                + "00 1c c5020000");
        CRC32C crc = new CRC32C();
        crc.update(rec, 24, rec.length - 24);
        crc.update(rec, 0, 20);
        PostgresqlWal.XlogRecord r = record(18, rec);
        assertEquals(crc.getValue(), r.crc());
        assertEquals(106, r.lenTotal());
        assertEquals(0x014BEF68L, r.prevLsn());
        assertEquals(2, r.headers().size());
        PostgresqlWal.BlockHeader b = r.headers().get(0).block();
        assertEquals(54, b.lenData());
        assertEquals(2619, b.rel().relNumber());
        assertEquals(6, r.lenMainData().longValue());
        assertEquals(Heap2Layout.PRUNE_PG17, r.heap2Main().layout());
        PostgresqlWal.HeapPrunePg17 m = (PostgresqlWal.HeapPrunePg17) r.heap2Main().body();
        assertEquals(0x1C, m.flags());
        assertTrue(m.isCleanupLock() && m.hasConflictHorizon() && m.hasFreezePlans());
        assertFalse(m.hasRedirections() || m.hasDeadItems() || m.hasNowUnusedItems() || m.isCatalogRel());
        assertEquals(709L, m.snapshotConflictHorizon());
        PostgresqlWal.HeapPruneBlockPg17 d = (PostgresqlWal.HeapPruneBlockPg17) r.heap2Block0().body();
        assertEquals(1, d.freezePlans().numPlans());
        PostgresqlWal.HeapFreezePlan plan = d.freezePlans().plans().get(0);
        assertEquals(0, plan.xmax());
        assertEquals(31, plan.tInfomask2());
        assertEquals(2819, plan.tInfomask());
        assertEquals(0, plan.frzFlags());
        assertEquals(19, plan.numTuples());
        assertEquals(range(1, 19), d.frozenOffsets().get(0).offsets());
        assertNull(d.redirections());
        assertTrue(d._io().isEof());
    }

    @Test
    void pg17PruneVacuumCleanupWithoutHorizon() {
        // xl_heap_prune (REL_18): main data 90 80 = reason garbage 0x90, flags 0x80 (now-unused items only)
        PostgresqlWal.XlogRecord r = record(17, heap2Record(0x30, "0200" + u16s(13, 14), "9080"));
        PostgresqlWal.HeapPrunePg17 m = (PostgresqlWal.HeapPrunePg17) r.heap2Main().body();
        assertEquals(0x90, m.reason());
        assertEquals(0x80, m.flags());
        assertNull(m.snapshotConflictHorizon());
        PostgresqlWal.HeapPruneBlockPg17 d = (PostgresqlWal.HeapPruneBlockPg17) r.heap2Block0().body();
        assertEquals(List.of(13, 14), d.nowUnused().offsets());
        assertEquals(0, d.frozenOffsets().size());
    }

    @Test
    void pg19PruneFlagsWithVmBits() {
        // xl_heap_prune (19beta3 WAL, VM bits in flags): main 1c 03 | b8020000 = flags 0x031C, horizon 696; and ac 01 | ba020000 = 0x01AC, 698
        PostgresqlWal.XlogRecord r = new PostgresqlWal.XlogRecord(
                new ByteBufferKaitaiStream(heap2Record(0x20, null, "1c03b8020000")), 19, 3);
        PostgresqlWal.HeapPrunePg19 m = (PostgresqlWal.HeapPrunePg19) r.heap2Main().body();
        assertEquals(0x031C, m.flags());
        assertEquals(696L, m.snapshotConflictHorizon());
        assertEquals(0x03, (int) m.vmFlags());
        assertNull(r.heap2Block0(), "no block data without block 0");
        PostgresqlWal.HeapPrunePg19 m2 = (PostgresqlWal.HeapPrunePg19)
                record(19, heap2Record(0x10, null, "ac01ba020000")).heap2Main().body();
        assertEquals(0x01, (int) m2.vmFlags());
        assertTrue(m2.hasRedirections() && m2.hasNowUnusedItems() && !m2.hasDeadItems());
    }

    @Test
    void pg16FreezePageWithDeduplicatedPlans() {
        // 16.11 FREEZE_PAGE (xl_heap_freeze_page, heapam_xlog.h REL_16; heap2_desc): main b1 02 00 00 02 00 00; 2 plans then 21 offsets (66 bytes);
        // plan pad bytes are uninitialised on disk (0xD5 seen), the parser must ignore them
        String plans = "00000000 1f00 010b 00 d5 0300" + "00000000 1f00 030b 00 00 1200";
        String offsets = u16s(19, 20, 21) + u16s(range(1, 18).stream().mapToInt(i -> i).toArray());
        PostgresqlWal.XlogRecord r = record(16, heap2Record(0x30, plans + offsets, "b102000002" + "0000"));
        assertEquals(66, r.headers().get(0).block().lenData());
        assertEquals(Heap2Layout.FREEZE_PAGE_PG16, r.heap2Main().layout());
        PostgresqlWal.HeapFreezePagePg16 m = (PostgresqlWal.HeapFreezePagePg16) r.heap2Main().body();
        assertEquals(689, m.snapshotConflictHorizon());
        assertEquals(2, m.numPlans());
        assertEquals(0, m.isCatalogRel());
        PostgresqlWal.HeapFreezePageBlockPg16 d = (PostgresqlWal.HeapFreezePageBlockPg16) r.heap2Block0().body();
        assertEquals(2817, d.plans().get(0).tInfomask());
        assertEquals(List.of(19, 20, 21), d.offsets().get(0).offsets());
        assertEquals(range(1, 18), d.offsets().get(1).offsets());
        assertTrue(d._io().isEof());
    }

    @Test
    void pg16PruneAndVacuum() {
        // heap2_desc (heapdesc.c): "PRUNE snapshotConflictHorizon: 6, nredirected: 1, ndead: 0, ... redirected: [39->46]"
        PostgresqlWal.XlogRecord r = record(16, heap2Record(0x10, u16s(39, 46), "06000000" + "0100" + "0000" + "00"));
        PostgresqlWal.HeapPrunePg16 m = (PostgresqlWal.HeapPrunePg16) r.heap2Main().body();
        assertEquals(6, m.snapshotConflictHorizon());
        PostgresqlWal.HeapCleanBlockPg13 d = (PostgresqlWal.HeapCleanBlockPg13) r.heap2Block0().body();
        assertEquals(39, d.redirected().get(0).from());
        assertEquals(46, d.redirected().get(0).to());
        assertEquals(0, d.numUnused());
        // "VACUUM nunused: 1, unused: [13]"
        PostgresqlWal.XlogRecord v = record(16, heap2Record(0x20, u16s(13), "0100"));
        assertEquals(Heap2Layout.VACUUM_PG14, v.heap2Main().layout());
        assertEquals(List.of(13), ((PostgresqlWal.HeapVacuumBlockPg14) v.heap2Block0().body()).unused());
    }

    @Test
    void pg14PruneWithImpliedUnusedCount() {
        // xl_heap_prune (REL_14): main e0 02 00 00 00 00 16 00 (latestRemovedXid 736, nredirected 0, ndead 22), 44 data bytes;
        // here 20 dead + 2 unused offsets show that nunused is implied by the data length
        int[] offsets = IntStream.rangeClosed(1, 22).toArray();
        PostgresqlWal.XlogRecord r = record(14, heap2Record(0x10, u16s(offsets), "e0020000" + "0000" + "1400"));
        assertEquals(98, r.lenTotal());
        assertEquals(Heap2Layout.CLEAN_PG13, r.heap2Main().layout());
        PostgresqlWal.HeapCleanPg13 m = (PostgresqlWal.HeapCleanPg13) r.heap2Main().body();
        assertEquals(736, m.latestRemovedXid());
        PostgresqlWal.HeapCleanBlockPg13 d = (PostgresqlWal.HeapCleanBlockPg13) r.heap2Block0().body();
        assertEquals(range(1, 20), d.dead());
        assertEquals(List.of(21, 22), d.unused());
        assertEquals(2, d.numUnused());
    }

    @Test
    void pg13FreezePageCleanupInfoAndVisible() {
        // "FREEZE_PAGE cutoff xid 488 ntuples 2": two 12-byte xl_heap_freeze_tuple (xmax, offset, im2, im, frz, pad)
        String tuples = "00000000 0100 1f00 000b 00 00" + "e8010000 0200 1f00 010b 04 00";
        PostgresqlWal.XlogRecord f = record(13, heap2Record(0x20, tuples, "e8010000" + "0200"));
        assertEquals(Heap2Layout.FREEZE_PAGE_PG13, f.heap2Main().layout());
        PostgresqlWal.HeapFreezePageBlockPg13 fd = (PostgresqlWal.HeapFreezePageBlockPg13) f.heap2Block0().body();
        assertEquals(2, fd.tuples().get(1).offset());
        assertEquals(488, fd.tuples().get(1).xmax());
        assertEquals(0x04, fd.tuples().get(1).frzFlags());
        // the same info code is FREEZE_PAGE at 0x30 in 14 and 15
        assertEquals(Heap2Layout.FREEZE_PAGE_PG13, record(15, heap2Record(0x30, tuples, "e80100000200")).heap2Main().layout());
        // CLEANUP_INFO (13 only): RelFileNode + latestRemovedXid, no block references
        PostgresqlWal.XlogRecord c = record(13, heap2Record(0x30, null, "7f060000 05000000 07400000 e8010000"));
        PostgresqlWal.HeapCleanupInfoPg13 ci = (PostgresqlWal.HeapCleanupInfoPg13) c.heap2Main().body();
        assertEquals(16391, ci.rel().relNumber());
        assertEquals(488, ci.latestRemovedXid());
        // "VISIBLE cutoff xid 487 flags 0x03"
        PostgresqlWal.HeapVisiblePg13 vis = (PostgresqlWal.HeapVisiblePg13)
                record(13, heap2Record(0x40, null, "e7010000 03")).heap2Main().body();
        assertEquals(487, vis.snapshotConflictHorizon());
        assertEquals(3, vis.flags());
    }

    @Test
    void heap2LayoutPerVersionAndCode() {
        // XLOG_HEAP2_* (heapam_xlog.h): the same info code means different layouts per version
        int[] majors = {13, 14, 15, 16, 17, 18, 19};
        Heap2Layout[][] expected = {
            // 0x10, 0x20, 0x30, 0x40
            {Heap2Layout.CLEAN_PG13, Heap2Layout.FREEZE_PAGE_PG13, Heap2Layout.CLEANUP_INFO_PG13, Heap2Layout.VISIBLE_PG13},
            {Heap2Layout.CLEAN_PG13, Heap2Layout.VACUUM_PG14, Heap2Layout.FREEZE_PAGE_PG13, Heap2Layout.VISIBLE_PG13},
            {Heap2Layout.CLEAN_PG13, Heap2Layout.VACUUM_PG14, Heap2Layout.FREEZE_PAGE_PG13, Heap2Layout.VISIBLE_PG13},
            {Heap2Layout.PRUNE_PG16, Heap2Layout.VACUUM_PG14, Heap2Layout.FREEZE_PAGE_PG16, Heap2Layout.VISIBLE_PG13},
            {Heap2Layout.PRUNE_PG17, Heap2Layout.PRUNE_PG17, Heap2Layout.PRUNE_PG17, Heap2Layout.VISIBLE_PG13},
            {Heap2Layout.PRUNE_PG17, Heap2Layout.PRUNE_PG17, Heap2Layout.PRUNE_PG17, Heap2Layout.VISIBLE_PG13},
            {Heap2Layout.PRUNE_PG19, Heap2Layout.PRUNE_PG19, Heap2Layout.PRUNE_PG19, Heap2Layout.UNKNOWN},
        };
        for (int v = 0; v < majors.length; v++) {
            for (int c = 0; c < 4; c++) {
                int info = 0x10 * (c + 1);
                PostgresqlWal.Heap2MainData m = new PostgresqlWal.Heap2MainData(
                        new ByteBufferKaitaiStream(new byte[16]), majors[v], info);
                assertEquals(expected[v][c], m.layout(), "major " + majors[v] + " info " + Integer.toHexString(info));
            }
            for (int[] other : new int[][] {{0x00, 13}, {0x50, 10}, {0xD0, 10}, {0x60, 11}, {0x70, 12}}) {
                PostgresqlWal.Heap2MainData m = new PostgresqlWal.Heap2MainData(
                        new ByteBufferKaitaiStream(new byte[64]), majors[v], other[0]);
                assertEquals(Heap2Layout.byId(other[1]), m.layout());
            }
        }
    }

    @Test
    void multiInsertOmitsOffsetsWithInitPage() {
        PostgresqlWal.Heap2MainData plain = new PostgresqlWal.Heap2MainData(
                new ByteBufferKaitaiStream(hex("02 00 0100 0200")), 17, 0x50);
        assertEquals(List.of(2), ((PostgresqlWal.HeapMultiInsert) plain.body()).offsets());
        PostgresqlWal.Heap2MainData init = new PostgresqlWal.Heap2MainData(
                new ByteBufferKaitaiStream(hex("02 00 0100")), 17, 0xD0);
        assertEquals(0, ((PostgresqlWal.HeapMultiInsert) init.body()).offsets().size());
    }

    @Test
    void compressedImageHeaderPerVersion() {
        // 17.7 pglz heap page (XLogRecordBlockImageHeader + XLogRecordBlockCompressHeader, xlogrecord.h): 7b 00 | 20 00 | 07, compress header 00 1f (hole_length 7936)
        String rec = "00 10 0000 | 7b00 2000 07 | 001f | 7f060000 05000000 070c0000 | 00000000";
        byte[] body = hex(rec);
        byte[] bytes = new byte[24 + body.length + 123];
        writeHeader(bytes, bytes.length, 10);
        System.arraycopy(body, 0, bytes, 24, body.length);
        PostgresqlWal.BlockImageHeader img = record(17, bytes).headers().get(0).block().imageHeader();
        assertEquals(123, img.lenImage());
        assertEquals(32, img.ofsHole());
        assertTrue(img.hasHole() && img.isApply() && img.isCompressed());
        assertEquals(PostgresqlWal.ImageCompression.PGLZ, img.compression());
        assertEquals(7936, img.lenHole());
        assertEquals(133, 8192 - img.lenHole() - img.lenImage(), "pg_waldump's compression saved");
        // 13/14: 0x04 is APPLY and 0x02 IS_COMPRESSED; bimg_info 0x05 there is HAS_HOLE|APPLY, uncompressed
        String rec13 = "00 10 0000 | 001e 2000 05 | 7f060000 05000000 070c0000 | 00000000";
        byte[] body13 = hex(rec13);
        byte[] bytes13 = new byte[24 + body13.length + 0x1e00];
        writeHeader(bytes13, bytes13.length, 10);
        System.arraycopy(body13, 0, bytes13, 24, body13.length);
        PostgresqlWal.BlockImageHeader img13 = record(13, bytes13).headers().get(0).block().imageHeader();
        assertTrue(img13.hasHole() && img13.isApply());
        assertFalse(img13.isCompressed());
        assertEquals(PostgresqlWal.ImageCompression.NONE, img13.compression());
        assertEquals(8192 - 0x1e00, img13.lenHole());
        // the same byte 0x05 in 15+ means HAS_HOLE|PGLZ without APPLY, and then a compress header follows
        PostgresqlWal.BlockImageHeader img15 = new PostgresqlWal.BlockImageHeader(
                new ByteBufferKaitaiStream(hex("7b00 2000 05 001f")), 15);
        assertTrue(img15.isCompressed() && !img15.isApply());
        assertEquals(7936, img15.lenHole());
    }

    private static void writeHeader(byte[] bytes, int tot, int rmid) {
        bytes[0] = (byte) tot;
        bytes[1] = (byte) (tot >>> 8);
        bytes[2] = (byte) (tot >>> 16);
        bytes[17] = (byte) rmid;
    }

    @Test
    void pageHeadersFromReal18Wal() {
        // XLogLongPageHeaderData (xlog_internal.h): first 40 bytes of 18.1 segment 000000010000000000000001
        PostgresqlWal.PageHeader h = new PostgresqlWal.PageHeader(new ByteBufferKaitaiStream(hex(
                "18d1 0200 0100 0000 0000 0001 0000 0000 0000 0000 0000 0000 2e91 f482 ce7a 0c6b 0000 0001 0020 0000")));
        assertEquals(18, (int) h.major());
        assertTrue(h.isLongHeader());
        assertFalse(h.isFirstContrecord());
        assertEquals(0x6B0C7ACE82F4912EL, h.systemIdentifier());
        assertEquals(0x01000000L, h.lenSegment());
        assertEquals(8192L, h.lenPage());
        assertEquals(40, (int) h.lenHeader());
        // XLogPageHeaderData of a continuation page (XLP_FIRST_IS_CONTRECORD, xlp_rem_len; xlog_internal.h) at 0x2000, info 0x0005 (CONTRECORD|BKP_REMOVABLE), rem_len 209
        PostgresqlWal.PageHeader c = new PostgresqlWal.PageHeader(new ByteBufferKaitaiStream(hex(
                "18d1 0500 0100 0000 0020 0001 0000 0000 d100 0000 0000 0000")));
        assertTrue(c.isFirstContrecord() && c.isBkpRemovable());
        assertFalse(c.isLongHeader() || c.isFirstOverwriteContrecord());
        assertEquals(209, c.lenRemaining());
        assertEquals(0x01002000L, c.pageAddress());
        assertEquals(24, (int) c.lenHeader());
        // 19+: 0x0004 is OVERWRITE_CONTRECORD, not BKP_REMOVABLE
        PostgresqlWal.PageHeader m = new PostgresqlWal.PageHeader(new ByteBufferKaitaiStream(hex(
                "21d1 0400 0100 0000 0020 0001 0000 0000 0000 0000 0000 0000")));
        assertEquals(19, (int) m.major());
        assertEquals(3, (int) m.preRelease());
        assertTrue(m.isFirstOverwriteContrecord());
        assertFalse(m.isBkpRemovable());
    }

    @Test
    void recordHeaderEntriesOriginToplevelXidAndLongMainData() {
        // block 0 with data, block 1 SAME_REL vm fork without data, origin 253, top-level xid 252, long main data
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] main = new byte[300];
        int tot = 24 + (4 + 12 + 4) + (4 + 4) + 3 + 5 + 5 + 2 + main.length;
        writeLe(b, tot, 4);
        writeLe(b, 0, 16);
        writeLe(b, 0, 4);
        b.writeBytes(hex("00 20 0200 | 7f060000 05000000 07400000 | 01000000"));   // block 0, 2 bytes data
        b.writeBytes(hex("01 82 0000 | 00000000"));                                   // block 1, vm, SAME_REL
        b.writeBytes(hex("fd 0700"));                                                  // origin 7
        b.writeBytes(hex("fc e8030000"));                                              // top-level xid 1000
        b.writeBytes(hex("fe 2c010000"));                                              // long main data, 300
        b.writeBytes(hex("abcd"));
        b.writeBytes(main);
        PostgresqlWal.XlogRecord r = record(15, b.toByteArray());
        assertEquals(5, r.headers().size());
        assertTrue(r.headers().get(1).block().isSameRel());
        assertNull(r.headers().get(1).block().rel());
        assertEquals(PostgresqlWal.ForkNumber.VM, r.headers().get(1).block().forkNumber());
        assertEquals(7, r.headers().get(2).origin());
        assertEquals(1000L, r.headers().get(3).toplevelXid());
        assertTrue(r.headers().get(4).isLongMainData());
        assertEquals(300L, r.lenMainData());
        assertEquals(2, r.payloads().get(0).data().length);
        assertTrue(r._io().isEof());
        // 252 is not a block id in 13
        assertThrows(KaitaiStream.ValidationExprError.class, () -> record(13, b.toByteArray()));
    }

    @Test
    void switchRecordHasNoHeaders() {
        byte[] rec = new byte[24];
        writeHeader(rec, 24, 0);
        rec[16] = 0x40;
        PostgresqlWal.XlogRecord r = record(18, rec);
        assertNull(r.headers());
        assertEquals(0, r.payloads().size());
        assertEquals(0L, r.lenMainData());
        assertEquals(0, r.mainData().length);
    }

    @Test
    void pg19MagicsMapToMajor19AndTheirPreRelease() {
        // XLOG_PAGE_MAGIC (access/xlog_internal.h): 0xD122 19rc1 on, 0xD121 19beta3, 0xD120 19beta1; 0xD123 unknown
        int[][] cases = {{0xD118, 18, 0}, {0xD120, 19, 1}, {0xD121, 19, 3}, {0xD122, 19, 0}, {0xD123, 0, 0}};
        for (int[] c : cases) {
            byte[] page = new byte[24];
            page[0] = (byte) c[0];          // xlp_magic, little-endian
            page[1] = (byte) (c[0] >>> 8);
            page[4] = 1;                    // xlp_tli = 1; xlp_info, xlp_pageaddr, xlp_rem_len zero
            PostgresqlWal.PageHeader h = new PostgresqlWal.PageHeader(new ByteBufferKaitaiStream(page));
            assertEquals(c[1], (int) h.major(), String.format("major of %04X", c[0]));
            assertEquals(c[2], (int) h.preRelease(), String.format("pre-release of %04X", c[0]));
        }
    }

    @Test
    void xlogLayoutPerVersionAndPreRelease() {
        // {major, pre_release, info, layout}: the checkpoint records and CHECKPOINT_REDO differ between 19 and its
        // pre-releases (pg_control.h, xlog_internal.h of each); LOGICAL_DECODING_STATUS_CHANGE exists from 19 on
        Object[][] cases = {
            {13, 0, 0x10, XlogLayout.CHECKPOINT_PG13}, {16, 0, 0x00, XlogLayout.CHECKPOINT_PG13},
            {17, 0, 0x10, XlogLayout.CHECKPOINT_PG17}, {18, 0, 0x00, XlogLayout.CHECKPOINT_PG17},
            {19, 1, 0x10, XlogLayout.CHECKPOINT_PG19_BETA1}, {19, 3, 0x00, XlogLayout.CHECKPOINT_PG19_BETA1},
            {19, 0, 0x10, XlogLayout.CHECKPOINT_PG19},
            {16, 0, 0xE0, XlogLayout.UNKNOWN}, {17, 0, 0xE0, XlogLayout.CHECKPOINT_REDO_PG17},
            {18, 0, 0xE0, XlogLayout.CHECKPOINT_REDO_PG17}, {19, 1, 0xE0, XlogLayout.CHECKPOINT_REDO_PG19_BETA1},
            {19, 3, 0xE0, XlogLayout.CHECKPOINT_REDO_PG19_BETA1}, {19, 0, 0xE0, XlogLayout.CHECKPOINT_REDO_PG17},
            {18, 0, 0xF0, XlogLayout.UNKNOWN}, {19, 0, 0xF0, XlogLayout.LOGICAL_DECODING_STATUS_CHANGE},
            {19, 1, 0xF0, XlogLayout.LOGICAL_DECODING_STATUS_CHANGE},
            {16, 0, 0x90, XlogLayout.END_OF_RECOVERY_PG13}, {17, 0, 0x90, XlogLayout.END_OF_RECOVERY_PG17},
            {19, 0, 0xC0, XlogLayout.UNKNOWN}, {19, 0, 0x20, XlogLayout.UNKNOWN},
        };
        for (Object[] c : cases) {
            PostgresqlWal.XlogMainData m = new PostgresqlWal.XlogMainData(new ByteBufferKaitaiStream(new byte[96]),
                    (Integer) c[0], (Integer) c[1], (Integer) c[2]);
            assertEquals(c[3], m.layout(), String.format("major %d pre-release %d info %02X", c[0], c[1], c[2]));
        }
    }

    @Test
    void logicalDecodingStatusChangeRecord() {
        // No capture has one: a record as logicalctl.c writes it, XLogRegisterData of one bool, no block
        byte[] rec = new byte[24 + 2 + 1];
        writeHeader(rec, rec.length, 0);    // xl_tot_len 27, xl_rmid 0 (XLOG)
        rec[16] = (byte) 0xF0;              // xl_info XLOG_LOGICAL_DECODING_STATUS_CHANGE
        rec[24] = (byte) 0xFF;              // XLR_BLOCK_ID_DATA_SHORT
        rec[25] = 1;                        // main data length 1
        rec[26] = 1;                        // enabled = true
        PostgresqlWal.XlogRecord r = new PostgresqlWal.XlogRecord(new ByteBufferKaitaiStream(rec), 19, 0);
        assertEquals(XlogLayout.LOGICAL_DECODING_STATUS_CHANGE, r.xlogMain().layout());
        assertEquals(1, ((PostgresqlWal.XlogLogicalDecodingStatusChange) r.xlogMain().body()).enabled());
        assertTrue(r.xlogMain()._io().isEof());
    }
}
