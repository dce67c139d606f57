package org.walprism.codec.rmgr.heap2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.InvalidPayloadException;

/** A catalogue of broken Heap2 payloads, each with its exception type and exact message. */
class Heap2MalformedTest {

    private static InvalidPayloadException fails(WalVersion v, int info, byte[] main, byte[] block) {
        return assertThrows(InvalidPayloadException.class, () -> Heap2Codec.decode(v, info, main, block));
    }

    private static byte[] b(int... v) {
        byte[] out = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (byte) v[i];
        }
        return out;
    }

    @Test
    void rejectsRedirectCountOverrunningBlockData() {
        InvalidPayloadException e = fails(WalVersion.PG19, 0x20,
                b(0x2C, 0x00),               // flags HAS_REDIRECTIONS | HAS_CONFLICT_HORIZON | CLEANUP_LOCK
                b(0x05, 0x00, 0x01, 0x00));  // ntargets 5, but only one uint16 follows
        assertEquals("PRUNE_VACUUM_SCAN main data: snapshotConflictHorizon needs 4 bytes at offset 2 but 0 remain"
                + " (length 2)", e.getMessage());
        e = fails(WalVersion.PG19, 0x20,
                b(0x24, 0x00),               // flags HAS_REDIRECTIONS | CLEANUP_LOCK, no horizon
                b(0x05, 0x00, 0x01, 0x00));
        assertEquals("PRUNE_VACUUM_SCAN block 0 data: redirected[2 * ntargets] needs 20 bytes at offset 2 but 2"
                + " remain (length 4)", e.getMessage());
        assertEquals(2, e.partOffset());
    }

    @Test
    void rejectsShortPruneMainData() {
        InvalidPayloadException e = fails(WalVersion.PG14, 0x10, b(0xE0, 0x02, 0, 0, 0, 0, 0x16), new byte[0]);
        assertEquals("PRUNE main data: ndead needs 2 bytes at offset 6 but 1 remain (length 7)", e.getMessage());
    }

    @Test
    void rejectsOddPruneBlockData() {
        InvalidPayloadException e = fails(WalVersion.PG13, 0x10, b(1, 0, 0, 0, 0, 0, 1, 0), b(3, 0, 4));
        assertEquals("CLEAN block 0 data: 1 unexpected bytes after nowunused (odd data length) at offset 2"
                + " (length 3)", e.getMessage());
    }

    @Test
    void rejectsFreezePlanOffsetsOverrunningBlockData() {
        byte[] plan = b(0, 0, 0, 0, 0x1F, 0, 0x03, 0x0B, 0, 0, 0x03, 0); // xmax 0, ntuples 3
        byte[] block = new byte[12 + 2];
        System.arraycopy(plan, 0, block, 0, 12);
        block[12] = 1; // only one of three offsets
        InvalidPayloadException e = fails(WalVersion.PG16, 0x30, b(0xB1, 0x02, 0, 0, 0x01, 0x00, 0x00), block);
        assertEquals("FREEZE_PAGE block 0 data: frz_offsets[sum(ntuples) = 3] needs 6 bytes at offset 12 but 2"
                + " remain (length 14)", e.getMessage());
    }

    @Test
    void rejectsFreezePlanCountOverrunningBlockData() {
        InvalidPayloadException e = fails(WalVersion.PG16, 0x30, b(0xB1, 0x02, 0, 0, 0xFF, 0xFF, 0x00), new byte[24]);
        assertEquals("FREEZE_PAGE block 0 data: xlhp_freeze_plan[nplans] needs 786420 bytes at offset 0 but 24"
                + " remain (length 24)", e.getMessage());
    }

    @Test
    void rejectsPartialFreezeTuple() {
        InvalidPayloadException e = fails(WalVersion.PG13, 0x20, b(0xE8, 0x01, 0, 0, 0x01, 0x00), new byte[13]);
        assertEquals("FREEZE_PAGE block 0 data: 1 unexpected bytes after xl_heap_freeze_tuple[ntuples] at offset 12"
                + " (length 13)", e.getMessage());
    }

    @Test
    void rejectsBlockDataWithoutSubRecordFlags() {
        InvalidPayloadException e = fails(WalVersion.PG17, 0x30, b(0x90, 0x04), b(1, 0));
        assertEquals("PRUNE_VACUUM_CLEANUP block 0 data: 2 unexpected bytes after the sub-records named by flags"
                + " 0x4 at offset 0 (length 2)", e.getMessage());
    }

    @Test
    void rejectsTrailingMainData() {
        InvalidPayloadException e = fails(WalVersion.PG18, 0x10, b(0, 0x08, 1, 0, 0, 0, 9), new byte[0]);
        assertEquals("PRUNE_ON_ACCESS main data: 1 unexpected bytes after xl_heap_prune at offset 6 (length 7)",
                e.getMessage());
    }

    @Test
    void rejectsNonBooleanIsCatalogRel() {
        InvalidPayloadException e = fails(WalVersion.PG16, 0x10, b(6, 0, 0, 0, 0, 0, 0, 0, 2), new byte[0]);
        assertEquals("PRUNE main data: isCatalogRel is 2 (expected: 0 or 1)", e.getMessage());
    }

    @Test
    void rejectsVisibleInNineteen() {
        InvalidPayloadException e = fails(WalVersion.PG19, 0x40, b(1, 0, 0, 0, 3), new byte[0]);
        assertEquals("UNKNOWN (40) main data: no Heap2 record has info 0x40 in 19", e.getMessage());
    }

    @Test
    void rejectsBlockDataOnVisible() {
        InvalidPayloadException e = fails(WalVersion.PG15, 0x40, b(1, 0, 0, 0, 3), b(7));
        assertEquals("VISIBLE block 0 data: 1 unexpected bytes after nothing (this record carries no block data)"
                + " at offset 0 (length 1)", e.getMessage());
    }

    @Test
    void rejectsMultiInsertOffsetsShorterThanNtuples() {
        InvalidPayloadException e = fails(WalVersion.PG16, 0x50, b(0x02, 0, 0x03, 0, 1, 0), new byte[0]);
        assertEquals("MULTI_INSERT main data: offsets[ntuples] needs 6 bytes at offset 4 but 2 remain (length 6)",
                e.getMessage());
    }

    @Test
    void rejectsRewriteMappingsShorterThanCount() {
        byte[] main = new byte[40 + 10];
        main[24] = 2; // num_mappings 2 -> 72 bytes needed
        InvalidPayloadException e = fails(WalVersion.PG15, 0x00, main, new byte[0]);
        assertEquals("REWRITE main data: LogicalRewriteMappingData[num_mappings] needs 72 bytes at offset 40 but 10"
                + " remain (length 50)", e.getMessage());
    }
}
