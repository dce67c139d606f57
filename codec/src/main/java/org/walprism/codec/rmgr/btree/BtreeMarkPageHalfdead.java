package org.walprism.codec.rmgr.btree;

import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_BTREE_MARK_PAGE_HALFDEAD: the first stage of deleting a leaf page. Block 0 is the leaf, block 1 its
 * parent; neither carries data.
 *
 * <p>{@code xl_btree_mark_page_halfdead => poffset: uint16, pad: 2, leafblk: uint32, leftblk: uint32,
 * rightblk: uint32, topparent: uint32} (SizeOfBtreeMarkPageHalfDead = 20).
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors
 * {@code xl_btree_mark_page_halfdead}, src/include/access/nbtxlog.h.
 *
 * @param pad the 2 struct padding bytes after {@code poffset} (not cleared by the server)
 */
public record BtreeMarkPageHalfdead(int poffset, int pad, long leafblk, long leftblk, long rightblk, long topparent)
        implements BtreeRecord {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 20;

    /** Checks each field against its C type's range and the fields against each other. */
    public BtreeMarkPageHalfdead {
        FieldChecks.u16(poffset, "poffset");
        FieldChecks.u16(pad, "pad");
        FieldChecks.u32(leafblk, "leafblk");
        FieldChecks.u32(leftblk, "leftblk");
        FieldChecks.u32(rightblk, "rightblk");
        FieldChecks.u32(topparent, "topparent");
    }

    static BtreeMarkPageHalfdead decode(PayloadCursor main, BlockInputs blocks) {
        BtreeMarkPageHalfdead r = new BtreeMarkPageHalfdead(main.u16("poffset"), main.u16("pad"), main.u32("leafblk"),
                main.u32("leftblk"), main.u32("rightblk"), main.u32("topparent"));
        main.expectEnd("xl_btree_mark_page_halfdead");
        blocks.expectOnly();
        return r;
    }

    @Override
    public BtreeType type() {
        return BtreeType.MARK_PAGE_HALFDEAD;
    }

    @Override
    public RecordPayload encode() {
        return RecordPayload.mainOnly(Bytes.of(new PayloadWriter(SIZE).u16(poffset).u16(pad).u32(leafblk)
                .u32(leftblk).u32(rightblk).u32(topparent).toByteArray()));
    }
}
