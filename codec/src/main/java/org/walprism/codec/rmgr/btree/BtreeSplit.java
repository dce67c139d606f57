package org.walprism.codec.rmgr.btree;

import java.util.TreeMap;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_BTREE_SPLIT_L and XLOG_BTREE_SPLIT_R: a page split, the new item going to the left or right half.
 * Block 0 is the original (left) page; its data is the new item, the original posting tuple and the left high
 * key as needed; block 1 the new right page, its data the right page's items; block 2 the old right sibling and
 * block 3 the child whose split this finishes (no data). Block data is carried opaquely.
 *
 * <p>{@code xl_btree_split => level: uint32, firstrightoff: uint16, newitemoff: uint16, postingoff: uint16}
 * (SizeOfBtreeSplit = 10).
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_btree_split},
 * src/include/access/nbtxlog.h (named {@code firstright} in 13, same bytes).
 */
public record BtreeSplit(boolean newItemOnLeft, long level, int firstrightoff, int newitemoff, int postingoff,
                         BlockBytes left, BlockBytes right) implements BtreeRecord {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 10;

    /** Checks each field against its C type's range and the fields against each other. */
    public BtreeSplit {
        FieldChecks.u32(level, "level");
        FieldChecks.u16(firstrightoff, "firstrightoff");
        FieldChecks.u16(newitemoff, "newitemoff");
        FieldChecks.u16(postingoff, "postingoff");
        FieldChecks.that(left != null && right != null, "left and right are required");
    }

    static BtreeSplit decode(BtreeType type, PayloadCursor main, BlockInputs blocks) {
        long level = main.u32("level");
        int firstright = main.u16("firstrightoff");
        int newitem = main.u16("newitemoff");
        int posting = main.u16("postingoff");
        main.expectEnd("xl_btree_split");
        blocks.expectOnly(0, 1);
        return new BtreeSplit(type == BtreeType.SPLIT_L, level, firstright, newitem, posting, BlockBytes.of(blocks, 0),
                BlockBytes.of(blocks, 1));
    }

    @Override
    public BtreeType type() {
        return newItemOnLeft ? BtreeType.SPLIT_L : BtreeType.SPLIT_R;
    }

    @Override
    public RecordPayload encode() {
        TreeMap<Integer, Bytes> b = new TreeMap<>();
        b.put(0, left.data());
        b.put(1, right.data());
        return new RecordPayload(Bytes.of(new PayloadWriter(SIZE).u32(level).u16(firstrightoff).u16(newitemoff)
                .u16(postingoff).toByteArray()), b);
    }
}
