package org.walprism.codec.rmgr.btree;

import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_BTREE_REUSE_PAGE: a deleted page about to be recycled (a recovery-conflict point for hot standby); no
 * block reference.
 */
public sealed interface BtreeReusePage extends BtreeRecord {

    /** {@code locator} ({@code node} before 16). */
    RelFileLocator locator();

    /** {@code block}. */
    long block();

    /**
     * {@code latestRemovedXid} (13: a 32-bit xid) or {@code snapshotConflictHorizon} / {@code latestRemovedFullXid}
     * (14+: a FullTransactionId, epoch in the high 32 bits).
     */
    long snapshotConflictHorizon();

    /** {@code isCatalogRel} (16+; false before). */
    boolean isCatalogRel();

    @Override
    default BtreeType type() {
        return BtreeType.REUSE_PAGE;
    }

    private static PayloadWriter head(int size, RelFileLocator l, long block) {
        return new PayloadWriter(size).u32(l.spcOid()).u32(l.dbOid()).u32(l.relNumber()).u32(block);
    }

    /**
     * {@code xl_btree_reuse_page => node: RelFileNode, block: uint32, latestRemovedXid: uint32} (20 bytes).
     *
     * <p>Layout used by: PG13. Mirrors {@code xl_btree_reuse_page}, src/include/access/nbtxlog.h of REL_13_STABLE.
     */
    record Pg13(RelFileLocator locator, long block, long snapshotConflictHorizon) implements BtreeReusePage {
        /** Bytes of the fixed-size struct. */
        public static final int SIZE = 20;

        /** Checks each field against its C type's range and the fields against each other. */
        public Pg13 {
            FieldChecks.u32(block, "block");
            FieldChecks.u32(snapshotConflictHorizon, "latestRemovedXid");
        }

        @Override
        public boolean isCatalogRel() {
            return false;
        }

        @Override
        public RecordPayload encode() {
            return RecordPayload.mainOnly(Bytes.of(head(SIZE, locator, block).u32(snapshotConflictHorizon)
                    .toByteArray()));
        }
    }

    /**
     * {@code xl_btree_reuse_page => node: RelFileNode, block: uint32, latestRemovedFullXid: uint64} (24 bytes).
     *
     * <p>Layout used by: PG14, PG15. Mirrors {@code xl_btree_reuse_page}, src/include/access/nbtxlog.h of
     * REL_14_STABLE and REL_15_STABLE.
     */
    record Pg14(RelFileLocator locator, long block, long snapshotConflictHorizon) implements BtreeReusePage {
        /** Bytes of the fixed-size struct. */
        public static final int SIZE = 24;

        /** Checks each field against its C type's range and the fields against each other. */
        public Pg14 {
            FieldChecks.u32(block, "block");
        }

        @Override
        public boolean isCatalogRel() {
            return false;
        }

        @Override
        public RecordPayload encode() {
            return RecordPayload.mainOnly(Bytes.of(head(SIZE, locator, block).i64(snapshotConflictHorizon)
                    .toByteArray()));
        }
    }

    /**
     * {@code xl_btree_reuse_page => locator: RelFileLocator, block: uint32, snapshotConflictHorizon: uint64,
     * isCatalogRel: bool} (SizeOfBtreeReusePage = 25).
     *
     * <p>Layout used by: PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_btree_reuse_page},
     * src/include/access/nbtxlog.h of REL_16_STABLE to master.
     */
    record Pg16(RelFileLocator locator, long block, long snapshotConflictHorizon, boolean isCatalogRel)
            implements BtreeReusePage {
        /** Bytes of the fixed-size struct. */
        public static final int SIZE = 25;

        /** Checks each field against its C type's range and the fields against each other. */
        public Pg16 {
            FieldChecks.u32(block, "block");
        }

        @Override
        public RecordPayload encode() {
            return RecordPayload.mainOnly(Bytes.of(head(SIZE, locator, block).i64(snapshotConflictHorizon)
                    .bool(isCatalogRel).toByteArray()));
        }
    }
}
