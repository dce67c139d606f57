package org.walprism.codec.rmgr.heap2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalVersion;

/**
 * Real record payloads, byte for byte, of PostgreSQL 14, 16, 17/18 and master WAL, for versions without captures
 * in the corpus; their layouts are {@code xl_heap_prune}, {@code xl_heap_vacuum}, {@code xl_heap_freeze_page} and
 * the {@code xlhp_*} sub-records of access/heapam_xlog.h in each branch.
 */
class Heap2SpecBytesTest {
    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    @Test
    void decodesRealPg18PruneVacuumScanWithOneFreezePlan() {
        // 18.1 PRUNE_VACUUM_SCAN at 0/014BF010: block 0 has 54 bytes, main data 6 bytes
        StringBuilder offsets = new StringBuilder();
        for (int i = 1; i <= 19; i++) {
            offsets.append(String.format("%02x00", i));
        }
        byte[] block = hex("0100 0000 00000000 1f00 030b 00 56 1300" + offsets);
        byte[] main = hex("00 1c c5020000");
        assertEquals(54, block.length);
        PruneFreeze p = assertInstanceOf(PruneFreeze.Pg17.class, Heap2Codec.decode(WalVersion.PG18, 0x20, main, block));
        assertEquals(PruneFreeze.Reason.VACUUM_SCAN, p.reason());
        assertEquals(0x1C, p.flags());
        assertEquals(709, p.snapshotConflictHorizon());
        assertTrue(p.cleanupLock());
        assertFalse(p.isCatalogRel());
        assertEquals(1, p.plans().size());
        FreezePlan plan = p.plans().get(0);
        assertEquals(new FreezePlan(0, 31, 2819, 0, 0x56, OffsetArray.of(
                1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19)), plan);
        assertEquals(new Heap2Parts(6, 0, 0, 0, 16, 38, 0, 0, 0), p.parts());
        assertArrayEquals(block, p.encode().block0Data());
        assertArrayEquals(main, p.encode().mainData());
    }

    @Test
    void decodesRealMasterPruneFlagsWithVmBits() {
        // master PRUNE_VACUUM_SCAN main data 1c 03 b8020000 (block 0 carried an image in this test)
        PruneFreeze p = (PruneFreeze) Heap2Codec.decode(WalVersion.PG19_BETA3, 0x20, hex("1c03 b8020000"), new byte[0]);
        assertEquals(0x031C, p.flags());
        assertEquals(0x03, p.vmFlags());
        assertEquals(696, p.snapshotConflictHorizon());
        assertFalse(p.blockData());
        PruneFreeze q = (PruneFreeze) Heap2Codec.decode(WalVersion.PG19_BETA3, 0x20, hex("ac01 ba020000"), new byte[0]);
        assertEquals(0x01, q.vmFlags());
    }

    @Test
    void decodesRealPg14PruneMainData() {
        HeapPrune p = (HeapPrune) Heap2Codec.decode(WalVersion.PG14, 0x10, hex("e0020000 0000 1600"), new byte[44]);
        assertEquals(736, p.snapshotConflictHorizon());
        assertEquals(0, p.nredirected());
        assertEquals(22, p.ndead());
        assertEquals(22, p.dead().size());
        assertEquals(0, p.unused().size());
    }

    @Test
    void decodesRealPg16FreezePageMainData() {
        FreezePage f = (FreezePage) Heap2Codec.decode(WalVersion.PG16, 0x30, hex("b1020000 0200 00"), new byte[0]);
        assertEquals(689, f.snapshotConflictHorizon());
        assertEquals(2, ((FreezePage.Pg16) f).nplans());
        assertFalse(f.isCatalogRel());
    }
}
