package org.walprism.codec.rmgr.btree;

import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.BlockDataPresence;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadWriter;

/**
 * The metapage block of a Btree record: whether its {@code xl_btree_metadata} is present (or replaced by an
 * image of the metapage, or the block is absent), and the metadata when present.
 *
 * @param metadata the metadata; null unless {@code presence} is PRESENT
 */
public record MetaBlock(BlockDataPresence presence, BtreeMetadata metadata) {
    /** No metapage block. */
    public static final MetaBlock ABSENT = new MetaBlock(BlockDataPresence.ABSENT, null);

    /** Checks each field against its C type's range and the fields against each other. */
    public MetaBlock {
        FieldChecks.that(presence != null && (presence == BlockDataPresence.PRESENT) == (metadata != null),
                "metadata is given exactly when PRESENT");
    }

    static MetaBlock decode(WalVersion version, BlockInputs blocks, int id) {
        BlockDataPresence p = blocks.presence(id);
        return new MetaBlock(p, p == BlockDataPresence.PRESENT ? MetadataCodec.decode(version, blocks.cursor(id)) : null);
    }

    Bytes bytes() {
        if (metadata == null) {
            return Bytes.EMPTY;
        }
        PayloadWriter w = new PayloadWriter(BtreeMetadata.Pg13.SIZE);
        MetadataCodec.write(metadata, w);
        return Bytes.of(w.toByteArray());
    }
}
