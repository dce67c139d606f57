package org.walprism.codec.rmgr.btree;

import org.walprism.codec.rmgr.BlockDataPresence;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_BTREE_DELETE: index tuples removed from a leaf page outside VACUUM (simple and bottom-up deletion).
 * Block 0 is the page, its data the {@link DeletedItems}.
 */
public sealed interface BtreeDelete extends BtreeRecord {

    /** {@code latestRemovedXid} (13-15) / {@code snapshotConflictHorizon} (16+). */
    long snapshotConflictHorizon();

    /** {@code ndeleted}. */
    long ndeleted();

    /** {@code nupdated} (14+; 0 in 13). */
    int nupdated();

    /** The offsets and posting-list updates of block 0. */
    DeletedItems items();

    /** {@code isCatalogRel} (16+; false before). */
    boolean isCatalogRel();

    @Override
    default BtreeType type() {
        return BtreeType.DELETE;
    }

    private static void checkCounts(DeletedItems items, long ndeleted, int nupdated) {
        FieldChecks.that(items != null, "items are required");
        FieldChecks.that(items.presence() != BlockDataPresence.PRESENT
                || (items.deleted().size() == ndeleted && items.updates().size() == nupdated), "counts match the items");
    }

    /**
     * {@code xl_btree_delete => latestRemovedXid: uint32, ndeleted: uint32} (SizeOfBtreeDelete = 8); block 0 =>
     * {@code deleted: uint16[ndeleted]}.
     *
     * <p>Layout used by: PG13. Mirrors {@code xl_btree_delete}, src/include/access/nbtxlog.h of REL_13_STABLE.
     */
    record Pg13(long snapshotConflictHorizon, long ndeleted, DeletedItems items) implements BtreeDelete {
        /** Bytes of the fixed-size struct. */
        public static final int SIZE = 8;

        /** Checks each field against its C type's range and the fields against each other. */
        public Pg13 {
            FieldChecks.u32(snapshotConflictHorizon, "latestRemovedXid");
            FieldChecks.u32(ndeleted, "ndeleted");
            checkCounts(items, ndeleted, 0);
        }

        static Pg13 decode(PayloadCursor main, BlockInputs blocks) {
            long xid = main.u32("latestRemovedXid");
            long ndeleted = main.u32("ndeleted");
            main.expectEnd("xl_btree_delete");
            if (ndeleted > 0xFFFF) {
                throw new org.walprism.codec.rmgr.InvalidPayloadException(main.part(), 4,
                        "ndeleted " + ndeleted + " exceeds the offsets a page can hold");
            }
            return new Pg13(xid, ndeleted, DeletedItems.decode(blocks, (int) ndeleted, 0));
        }

        @Override
        public int nupdated() {
            return 0;
        }

        @Override
        public boolean isCatalogRel() {
            return false;
        }

        @Override
        public RecordPayload encode() {
            return RecordPayload.of(Bytes.of(new PayloadWriter(SIZE).u32(snapshotConflictHorizon).u32(ndeleted)
                    .toByteArray()), 0, items.bytes());
        }
    }

    /**
     * {@code xl_btree_delete => latestRemovedXid: uint32, ndeleted: uint16, nupdated: uint16} (SizeOfBtreeDelete
     * = 8); block 0 => {@link DeletedItems}.
     *
     * <p>Layout used by: PG14, PG15. Mirrors {@code xl_btree_delete}, src/include/access/nbtxlog.h of
     * REL_14_STABLE and REL_15_STABLE.
     */
    record Pg14(long snapshotConflictHorizon, int ndeletedCount, int nupdated, DeletedItems items)
            implements BtreeDelete {
        /** Bytes of the fixed-size struct. */
        public static final int SIZE = 8;

        /** Checks each field against its C type's range and the fields against each other. */
        public Pg14 {
            FieldChecks.u32(snapshotConflictHorizon, "latestRemovedXid");
            FieldChecks.u16(ndeletedCount, "ndeleted");
            FieldChecks.u16(nupdated, "nupdated");
            checkCounts(items, ndeletedCount, nupdated);
        }

        static Pg14 decode(PayloadCursor main, BlockInputs blocks) {
            long xid = main.u32("latestRemovedXid");
            int ndeleted = main.u16("ndeleted");
            int nupdated = main.u16("nupdated");
            main.expectEnd("xl_btree_delete");
            return new Pg14(xid, ndeleted, nupdated, DeletedItems.decode(blocks, ndeleted, nupdated));
        }

        @Override
        public long ndeleted() {
            return ndeletedCount;
        }

        @Override
        public boolean isCatalogRel() {
            return false;
        }

        @Override
        public RecordPayload encode() {
            return RecordPayload.of(Bytes.of(new PayloadWriter(SIZE).u32(snapshotConflictHorizon).u16(ndeletedCount)
                    .u16(nupdated).toByteArray()), 0, items.bytes());
        }
    }

    /**
     * {@code xl_btree_delete => snapshotConflictHorizon: uint32, ndeleted: uint16, nupdated: uint16,
     * isCatalogRel: bool} (SizeOfBtreeDelete = 9); block 0 => {@link DeletedItems}.
     *
     * <p>Layout used by: PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_btree_delete},
     * src/include/access/nbtxlog.h of REL_16_STABLE to master.
     */
    record Pg16(long snapshotConflictHorizon, int ndeletedCount, int nupdated, boolean isCatalogRel,
                DeletedItems items) implements BtreeDelete {
        /** Bytes of the fixed-size struct. */
        public static final int SIZE = 9;

        /** Checks each field against its C type's range and the fields against each other. */
        public Pg16 {
            FieldChecks.u32(snapshotConflictHorizon, "snapshotConflictHorizon");
            FieldChecks.u16(ndeletedCount, "ndeleted");
            FieldChecks.u16(nupdated, "nupdated");
            checkCounts(items, ndeletedCount, nupdated);
        }

        static Pg16 decode(PayloadCursor main, BlockInputs blocks) {
            long xid = main.u32("snapshotConflictHorizon");
            int ndeleted = main.u16("ndeleted");
            int nupdated = main.u16("nupdated");
            boolean cat = main.bool("isCatalogRel");
            main.expectEnd("xl_btree_delete");
            return new Pg16(xid, ndeleted, nupdated, cat, DeletedItems.decode(blocks, ndeleted, nupdated));
        }

        @Override
        public long ndeleted() {
            return ndeletedCount;
        }

        @Override
        public RecordPayload encode() {
            return RecordPayload.of(Bytes.of(new PayloadWriter(SIZE).u32(snapshotConflictHorizon).u16(ndeletedCount)
                    .u16(nupdated).bool(isCatalogRel).toByteArray()), 0, items.bytes());
        }
    }
}
