package org.walprism.codec.rmgr.typed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.rmgr.btree.BtreeCodec;
import org.walprism.codec.rmgr.heap.HeapCodec;
import org.walprism.codec.rmgr.xact.XactCodec;

/**
 * A catalogue of broken Heap, Transaction and Btree payloads: each is an {@link InvalidPayloadException} whose
 * message names the record type, the part, the field and the offset, and a count the bytes do not back allocates
 * nothing of its size.
 */
class TypedMalformedTest {
    private static final RelFileLocator REL = new RelFileLocator(1663, 5, 16384);

    private static byte[] b(int... v) {
        byte[] out = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (byte) v[i];
        }
        return out;
    }

    private static List<BlockRef> block0(byte[] data) {
        return List.of(new BlockRef(0, BlockRef.HAS_DATA, REL, 0, null, data));
    }

    private static String heap(WalVersion v, int info, byte[] main, List<BlockRef> blocks) {
        return assertThrows(InvalidPayloadException.class, () -> HeapCodec.decode(v, info, main, blocks)).getMessage();
    }

    private static String xact(WalVersion v, int info, byte[] main) {
        return assertThrows(InvalidPayloadException.class, () -> XactCodec.decode(v, info, main, List.of()))
                .getMessage();
    }

    private static String btree(WalVersion v, int info, byte[] main, List<BlockRef> blocks) {
        return assertThrows(InvalidPayloadException.class, () -> BtreeCodec.decode(v, info, main, blocks))
                .getMessage();
    }

    @Test
    void rejectsTruncatedHeapInsert() {
        // offnum = 1, flags missing
        assertEquals("INSERT main data: flags needs 1 bytes at offset 2 but 0 remain (length 2)",
                heap(WalVersion.PG16, 0x00, b(1, 0), List.of()));
    }

    @Test
    void rejectsHeapInsertTupleShorterThanItsHeader() {
        // xl_heap_insert: offnum 1, flags 0; block 0: 4 of the 5 bytes of xl_heap_header
        assertEquals("INSERT block 0 data: xl_heap_header.t_hoff needs 1 bytes at offset 4 but 0 remain (length 4)",
                heap(WalVersion.PG15, 0x00, b(1, 0, 0), block0(b(3, 0, 2, 9))));
    }

    @Test
    void rejectsBytesAfterHeapLock() {
        // xl_heap_lock: xmax 7, offnum 1, infobits 0, flags 0, then one extra byte
        assertEquals("LOCK main data: 1 unexpected bytes after xl_heap_lock at offset 8 (length 9)",
                heap(WalVersion.PG17, 0x60, b(7, 0, 0, 0, 1, 0, 0, 0, 0xAA), List.of()));
    }

    @Test
    void rejectsBlockDataOnARecordThatRegistersNone() {
        // xl_heap_confirm: offnum 1; block 0 carries 2 bytes it never registers
        assertEquals("CONFIRM block 0 data: 2 unexpected bytes (this record registers no data for block 0)",
                heap(WalVersion.PG18, 0x50, b(1, 0), block0(b(1, 2))));
    }

    @Test
    void rejectsTruncateWithMoreRelidsThanBytesWithoutAllocatingThem() {
        // xl_heap_truncate: dbId 5, nrelids 0xFFFFFFFF, flags 0, pad 3; no relids follow
        assertEquals("TRUNCATE main data: relids[nrelids] needs 2147483647 bytes at offset 12 but 0 remain (length 12)",
                heap(WalVersion.PG13, 0x30, b(5, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0), List.of()));
    }

    @Test
    void rejectsInplaceWithNegativeMessageCount() {
        // xl_heap_inplace (18): offnum 1, pad 2, dbId 5, tsId 1663, relcacheInitFileInval 0, pad 3, nmsgs -1
        assertEquals("INPLACE main data: msgs[nmsgs] count is negative: -1",
                heap(WalVersion.PG18, 0x70, b(1, 0, 0, 0, 5, 0, 0, 0, 0x7F, 6, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF),
                        List.of()));
    }

    @Test
    void rejectsCommitWhoseSubxactCountOverrunsTheData() {
        // xact_time 8 bytes, xinfo = HAS_SUBXACTS (0x02), nsubxacts 1000, one subxact only
        assertEquals("COMMIT main data: xl_xact_subxacts.subxacts needs 4000 bytes at offset 16 but 4 remain"
                        + " (length 20)",
                xact(WalVersion.PG16, 0x80, b(1, 2, 3, 4, 5, 6, 7, 8, 2, 0, 0, 0, 0xE8, 3, 0, 0, 9, 0, 0, 0)));
    }

    @Test
    void rejectsCommitGidWithoutTerminator() {
        // xact_time, xinfo = HAS_TWOPHASE | HAS_GID (0x90), twophase xid 9, gid "ab" without NUL
        assertEquals("COMMIT_PREPARED main data: twophase_gid has no NUL terminator before the end",
                xact(WalVersion.PG15, 0xB0, b(1, 2, 3, 4, 5, 6, 7, 8, 0x90, 0, 0, 0, 9, 0, 0, 0, 'a', 'b')));
    }

    @Test
    void rejectsInvalidationsWithHugeCountWithoutAllocatingThem() {
        // nmsgs = 0x7FFFFFFF, no messages
        assertEquals("INVALIDATIONS main data: msgs[nmsgs] needs 2147483647 bytes at offset 4 but 0 remain (length 4)",
                xact(WalVersion.PG17, 0x60, b(0xFF, 0xFF, 0xFF, 0x7F)));
    }

    @Test
    void rejectsInvalidationsIn13WhereTheCodeDoesNotExist() {
        assertEquals("UNKNOWN (60) main data: no Transaction record has info 0x60 in 13",
                xact(WalVersion.PG13, 0x60, b(0, 0, 0, 0)));
    }

    @Test
    void rejectsPrepareWithZeroGidLength() {
        byte[] main = new byte[64]; // xl_xact_prepare of 13: all zero, so gidlen (offset 46) is 0
        assertEquals("PREPARE main data: gidlen is 0 (expected: >= 1, with its NUL)", xact(WalVersion.PG13, 0x10, main));
    }

    @Test
    void rejectsBtreeVacuumItemsThatOverrunBlockData() {
        // xl_btree_vacuum: ndeleted 3, nupdated 0; block 0 holds 2 offsets only
        assertEquals("VACUUM block 0 data: deleted[ndeleted] needs 6 bytes at offset 0 but 4 remain (length 4)",
                btree(WalVersion.PG16, 0xC0, b(3, 0, 0, 0), block0(b(1, 0, 2, 0))));
    }

    @Test
    void rejectsBtreeUpdateWithTooFewPostingIds() {
        // xl_btree_vacuum: ndeleted 0, nupdated 1; block 0: updatedoffsets [5], xl_btree_update ndeletedtids 2, one ptid
        assertEquals("VACUUM block 0 data: xl_btree_update.ptids needs 4 bytes at offset 4 but 2 remain (length 6)",
                btree(WalVersion.PG14, 0xC0, b(0, 0, 1, 0), block0(b(5, 0, 2, 0, 1, 0))));
    }

    @Test
    void rejectsBtreeDeleteOf16WithBadBool() {
        // xl_btree_delete (16+): horizon 1, ndeleted 0, nupdated 0, isCatalogRel 2
        assertEquals("DELETE main data: isCatalogRel is 2 (expected: 0 or 1)",
                btree(WalVersion.PG17, 0x70, b(1, 0, 0, 0, 0, 0, 0, 0, 2), List.of()));
    }

    @Test
    void rejectsBtreeInfo0xF0() {
        assertEquals("UNKNOWN (f0) main data: no Btree record has info 0xF0", btree(WalVersion.PG18, 0xF0, b(), List.of()));
    }

    @Test
    void namesTheLsnWhenDecodingAWholeRecord() {
        DecodedRecord r = new DecodedRecord(WalVersion.PG16, 0x01000028L, 26, 0, 0, 0x00, 10, 0, List.of(), -1, -1,
                b(1, 0), false, new byte[26]);
        assertEquals("INSERT main data: flags needs 1 bytes at offset 2 but 0 remain (length 2) at LSN 0/01000028",
                assertThrows(InvalidPayloadException.class, () -> HeapCodec.decode(r)).getMessage());
    }
}
