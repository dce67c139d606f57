package org.walprism.codec.rmgr.btree;

import java.util.TreeMap;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_BTREE_INSERT_LEAF, _UPPER, _META and _POST: an index tuple added to a page without a split. Block 0 is
 * the page; its data is the new tuple (INSERT_POST: {@code postingoff: uint16}, then the original posting tuple
 * is rebuilt on replay from the new one), carried opaquely. INSERT_UPPER and INSERT_META also reference the
 * child whose incomplete split this finishes (block 1, no data); INSERT_META logs the metapage (block 2, its
 * {@code xl_btree_metadata}).
 *
 * <p>{@code xl_btree_insert => offnum: uint16} (SizeOfBtreeInsert = 2).
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_btree_insert},
 * src/include/access/nbtxlog.h, and btree_xlog_insert in nbtxlog.c.
 *
 * @param block0 block 0's data: the new index tuple (and the posting offset for INSERT_POST)
 * @param meta   the metapage block (INSERT_META), else {@link MetaBlock#ABSENT}
 */
public record BtreeInsert(BtreeType type, int offnum, BlockBytes block0, MetaBlock meta) implements BtreeRecord {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 2;

    /** Checks each field against its C type's range and the fields against each other. */
    public BtreeInsert {
        FieldChecks.that(type == BtreeType.INSERT_LEAF || type == BtreeType.INSERT_UPPER
                || type == BtreeType.INSERT_META || type == BtreeType.INSERT_POST, "an insert type");
        FieldChecks.u16(offnum, "offnum");
        FieldChecks.that(block0 != null && meta != null, "block0 and meta are required");
    }

    static BtreeInsert decode(WalVersion version, BtreeType type, PayloadCursor main, BlockInputs blocks) {
        int off = main.u16("offnum");
        main.expectEnd("xl_btree_insert");
        if (type == BtreeType.INSERT_META) {
            blocks.expectOnly(0, 2);
            return new BtreeInsert(type, off, BlockBytes.of(blocks, 0), MetaBlock.decode(version, blocks, 2));
        }
        blocks.expectOnly(0);
        return new BtreeInsert(type, off, BlockBytes.of(blocks, 0), MetaBlock.ABSENT);
    }

    @Override
    public RecordPayload encode() {
        TreeMap<Integer, Bytes> b = new TreeMap<>();
        b.put(0, block0.data());
        b.put(2, meta.bytes());
        return new RecordPayload(Bytes.of(new PayloadWriter(SIZE).u16(offnum).toByteArray()), b);
    }
}
