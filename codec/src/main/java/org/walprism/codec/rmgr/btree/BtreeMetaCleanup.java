package org.walprism.codec.rmgr.btree;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_BTREE_META_CLEANUP: the metapage's cleanup fields updated by VACUUM. No main data; block 0 is the
 * metapage, its data the whole {@code xl_btree_metadata} ({@link BtreeMetadata}).
 *
 * <p>Layout used by: PG13 ({@link BtreeMetadata.Pg13}), PG14 to MASTER ({@link BtreeMetadata.Pg14}). Mirrors
 * btree_xlog_meta_cleanup / _bt_set_cleanup_info, src/backend/access/nbtree.
 */
public record BtreeMetaCleanup(MetaBlock meta) implements BtreeRecord {
    /** Checks each field against its C type's range and the fields against each other. */
    public BtreeMetaCleanup {
        FieldChecks.that(meta != null, "meta is required");
    }

    static BtreeMetaCleanup decode(WalVersion version, PayloadCursor main, BlockInputs blocks) {
        main.expectEnd("nothing (META_CLEANUP has no main data)");
        blocks.expectOnly(0);
        return new BtreeMetaCleanup(MetaBlock.decode(version, blocks, 0));
    }

    @Override
    public BtreeType type() {
        return BtreeType.META_CLEANUP;
    }

    @Override
    public RecordPayload encode() {
        return RecordPayload.of(Bytes.EMPTY, 0, meta.bytes());
    }
}
