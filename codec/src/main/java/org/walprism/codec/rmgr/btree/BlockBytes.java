package org.walprism.codec.rmgr.btree;

import org.walprism.codec.rmgr.BlockDataPresence;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;

/**
 * One block's data carried opaquely (index tuples, page contents), with whether it is present or replaced by
 * a full-page image of the block.
 */
public record BlockBytes(BlockDataPresence presence, Bytes data) {
    /** No block, no data. */
    public static final BlockBytes ABSENT = new BlockBytes(BlockDataPresence.ABSENT, Bytes.EMPTY);

    /** Checks each field against its C type's range and the fields against each other. */
    public BlockBytes {
        FieldChecks.that(presence != null, "presence is required");
        data = FieldChecks.nonNull(data);
        FieldChecks.that((presence == BlockDataPresence.PRESENT) == !data.isEmpty(),
                "data is non-empty exactly when PRESENT");
    }

    static BlockBytes of(BlockInputs blocks, int id) {
        return new BlockBytes(blocks.presence(id), blocks.data(id));
    }
}
