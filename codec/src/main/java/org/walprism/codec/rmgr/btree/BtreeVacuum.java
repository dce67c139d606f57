package org.walprism.codec.rmgr.btree;

import org.walprism.codec.rmgr.BlockDataPresence;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_BTREE_VACUUM: index tuples removed from a leaf page by VACUUM (and posting lists shrunk). Block 0 is the
 * page, its data the {@link DeletedItems}.
 *
 * <p>{@code xl_btree_vacuum => ndeleted: uint16, nupdated: uint16} (SizeOfBtreeVacuum = 4).
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_btree_vacuum},
 * src/include/access/nbtxlog.h.
 */
public record BtreeVacuum(int ndeleted, int nupdated, DeletedItems items) implements BtreeRecord {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 4;

    /** Checks each field against its C type's range and the fields against each other. */
    public BtreeVacuum {
        FieldChecks.u16(ndeleted, "ndeleted");
        FieldChecks.u16(nupdated, "nupdated");
        FieldChecks.that(items != null, "items are required");
        FieldChecks.that(items.presence() != BlockDataPresence.PRESENT
                || (items.deleted().size() == ndeleted && items.updates().size() == nupdated), "counts match the items");
    }

    static BtreeVacuum decode(PayloadCursor main, BlockInputs blocks) {
        int ndeleted = main.u16("ndeleted");
        int nupdated = main.u16("nupdated");
        main.expectEnd("xl_btree_vacuum");
        blocks.expectOnly(0);
        return new BtreeVacuum(ndeleted, nupdated, DeletedItems.decode(blocks, ndeleted, nupdated));
    }

    @Override
    public BtreeType type() {
        return BtreeType.VACUUM;
    }

    @Override
    public RecordPayload encode() {
        return RecordPayload.of(Bytes.of(new PayloadWriter(SIZE).u16(ndeleted).u16(nupdated).toByteArray()), 0,
                items.bytes());
    }
}
