package org.walprism.analyzer.desc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.RecordPayload;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.btree.BtreeCodec;
import org.walprism.codec.rmgr.btree.BtreeRecord;

/**
 * Btree records in versions or types the corpus has no capture of (INSERT_META anywhere; page deletion, REUSE_PAGE,
 * META_CLEANUP and DELETE on 14, 19 and master; the btree_pagedel captures cover them on 13 and 15-18), built byte by
 * byte from the nbtxlog.h layouts: each decodes, encodes back to the same bytes, and dump's describer prints it
 * (reading it in place through {@code BtreeView}). Not an oracle check: it ties the typed layouts and the view
 * together.
 */
class TypedDescSyntheticTest {
    private static final RelFileLocator REL = new RelFileLocator(1663, 5, 16384);

    /** Little-endian bytes: ints as uint32 unless given as {@code (short)}, {@code (byte)} or long. */
    private static byte[] le(Object... fields) {
        ByteBuffer b = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
        for (Object f : fields) {
            if (f instanceof Byte v) {
                b.put(v);
            } else if (f instanceof Short v) {
                b.putShort(v);
            } else if (f instanceof Integer v) {
                b.putInt(v);
            } else if (f instanceof Long v) {
                b.putLong(v);
            } else if (f instanceof Double v) {
                b.putDouble(v);
            }
        }
        byte[] out = new byte[b.position()];
        b.flip().get(out);
        return out;
    }

    private static void check(WalVersion v, int info, byte[] main, int blockId, byte[] blockData) {
        List<BlockRef> blocks = new ArrayList<>();
        if (blockData != null) {
            blocks.add(new BlockRef(blockId, BlockRef.HAS_DATA, REL, 0, null, blockData));
        }
        DecodedRecord r = new DecodedRecord(v, 0x01000028L, 24 + main.length, 0, 0, info, RmgrTable.BTREE, 0, blocks,
                -1, -1, main, false, new byte[0]);
        BtreeRecord t = BtreeCodec.decode(r);
        RecordPayload p = t.encode();
        assertArrayEquals(main, p.mainData().toByteArray(), "main data of " + t);
        if (blockData != null) {
            assertArrayEquals(blockData, p.block(blockId).toByteArray(), "block data of " + t);
        }
        assertFalse(Describers.describe(r).isEmpty(), v + " " + t.type());
    }

    private static byte[] metadata13() {
        // version 4, root 3, level 1, fastroot 3, fastlevel 1, oldest_btpo_xact 700,
        // last_cleanup_num_heap_tuples 1234.5, allequalimage true, 7 padding bytes
        return le(4, 3, 1, 3, 1, 700, 1234.5, (byte) 1, (byte) 0, (short) 0, 0);
    }

    private static byte[] metadata14() {
        // version 4, root 3, level 1, fastroot 3, fastlevel 1, last_cleanup_num_delpages 2, allequalimage true, pad 3
        return le(4, 3, 1, 3, 1, 2, (byte) 1, (byte) 0, (short) 0x0102);
    }

    @Test
    void metaCleanupInEveryLayout() {
        check(WalVersion.PG13, 0xE0, new byte[0], 0, metadata13());
        for (WalVersion v : List.of(WalVersion.PG14, WalVersion.PG16, WalVersion.PG17, WalVersion.PG19_BETA3)) {
            check(v, 0xE0, new byte[0], 0, metadata14());
        }
    }

    @Test
    void insertMetaCarriesTheMetapageAsBlock2() {
        check(WalVersion.PG13, 0x20, le((short) 7), 2, metadata13()); // offnum 7
        check(WalVersion.PG18, 0x20, le((short) 7), 2, metadata14());
    }

    @Test
    void markPageHalfdead() {
        // poffset 4, pad 2, leafblk 10, leftblk 9, rightblk 11, topparent 12
        for (WalVersion v : List.of(WalVersion.PG13, WalVersion.PG15, WalVersion.PG16, WalVersion.PG19)) {
            check(v, 0xB0, le((short) 4, (short) 0x7F7F, 10, 9, 11, 12), 0, null);
        }
    }

    @Test
    void unlinkPageInBothLayouts() {
        // 13: leftsib 9, rightsib 11, leafleftsib 8, leafrightsib 12, topparent 10, btpo_xact 900
        check(WalVersion.PG13, 0x80, le(9, 11, 8, 12, 10, 900), 0, null);
        check(WalVersion.PG13, 0x90, le(9, 11, 8, 12, 10, 900), 4, metadata13());
        // 14+: leftsib 9, rightsib 11, level 0, pad 4, safexid 1:900, leafleftsib 8, leafrightsib 12, leaftopparent 0
        byte[] pg14 = le(9, 11, 0, 0x55555555, (1L << 32) | 900, 8, 12, 0);
        for (WalVersion v : List.of(WalVersion.PG14, WalVersion.PG16, WalVersion.PG17)) {
            check(v, 0x80, pg14, 0, null);
            check(v, 0x90, pg14, 4, metadata14());
        }
    }

    @Test
    void reusePageInEveryLayout() {
        // locator 1663/5/16384, block 42, then the horizon in the version's width (and isCatalogRel from 16)
        check(WalVersion.PG13, 0xD0, le(1663, 5, 16384, 42, 901), 0, null);
        check(WalVersion.PG14, 0xD0, le(1663, 5, 16384, 42, (2L << 32) | 901), 0, null);
        check(WalVersion.PG15, 0xD0, le(1663, 5, 16384, 42, (2L << 32) | 901), 0, null);
        check(WalVersion.PG16, 0xD0, le(1663, 5, 16384, 42, (2L << 32) | 901, (byte) 1), 0, null);
        check(WalVersion.PG18, 0xD0, le(1663, 5, 16384, 42, (2L << 32) | 901, (byte) 0), 0, null);
    }

    @Test
    void deleteInEveryLayout() {
        // 13: latestRemovedXid 800, ndeleted 2; block 0: offsets 3, 5
        check(WalVersion.PG13, 0x70, le(800, 2), 0, le((short) 3, (short) 5));
        // 14-15: latestRemovedXid 800, ndeleted 1, nupdated 1; block 0: deleted [3], updated [6], update {2: 0, 4}
        byte[] items = le((short) 3, (short) 6, (short) 2, (short) 0, (short) 4);
        check(WalVersion.PG14, 0x70, le(800, (short) 1, (short) 1), 0, items);
        check(WalVersion.PG15, 0x70, le(800, (short) 1, (short) 1), 0, items);
        // 16+: snapshotConflictHorizon 800, ndeleted 1, nupdated 1, isCatalogRel true
        for (WalVersion v : List.of(WalVersion.PG16, WalVersion.PG18, WalVersion.PG19, WalVersion.PG19_BETA3)) {
            check(v, 0x70, le(800, (short) 1, (short) 1, (byte) 1), 0, items);
        }
    }
}
