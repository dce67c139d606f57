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
 * XLOG_BTREE_NEWROOT: a new root page. Block 0 is the root (data: its items, carried opaquely), block 1 the left
 * child when the root is not a leaf (no data), block 2 the metapage (data: {@code xl_btree_metadata}).
 *
 * <p>{@code xl_btree_newroot => rootblk: uint32, level: uint32} (SizeOfBtreeNewroot = 8).
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_btree_newroot},
 * src/include/access/nbtxlog.h.
 */
public record BtreeNewroot(long rootblk, long level, BlockBytes root, MetaBlock meta) implements BtreeRecord {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 8;

    /** Checks each field against its C type's range and the fields against each other. */
    public BtreeNewroot {
        FieldChecks.u32(rootblk, "rootblk");
        FieldChecks.u32(level, "level");
        FieldChecks.that(root != null && meta != null, "root and meta are required");
    }

    static BtreeNewroot decode(WalVersion version, PayloadCursor main, BlockInputs blocks) {
        long rootblk = main.u32("rootblk");
        long level = main.u32("level");
        main.expectEnd("xl_btree_newroot");
        blocks.expectOnly(0, 2);
        return new BtreeNewroot(rootblk, level, BlockBytes.of(blocks, 0), MetaBlock.decode(version, blocks, 2));
    }

    @Override
    public BtreeType type() {
        return BtreeType.NEWROOT;
    }

    @Override
    public RecordPayload encode() {
        TreeMap<Integer, Bytes> b = new TreeMap<>();
        b.put(0, root.data());
        b.put(2, meta.bytes());
        return new RecordPayload(Bytes.of(new PayloadWriter(SIZE).u32(rootblk).u32(level).toByteArray()), b);
    }
}
