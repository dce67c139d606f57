package org.walprism.codec.rmgr.btree;

import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * The metapage contents a Btree record logs as block data ({@code xl_btree_metadata}): block 0 of META_CLEANUP,
 * block 2 of INSERT_META and NEWROOT, block 4 of UNLINK_PAGE_META. The struct is logged whole, with its
 * trailing padding (not cleared by the server), which is kept for exact encoding.
 */
public sealed interface BtreeMetadata {
    /** {@code version}. */
    long version();

    /** {@code root}. */
    long root();

    /** {@code level}. */
    long level();

    /** {@code fastroot}. */
    long fastroot();

    /** {@code fastlevel}. */
    long fastlevel();

    /** {@code allequalimage}. */
    boolean allequalimage();

    /**
     * {@code xl_btree_metadata => version: uint32, root: uint32, level: uint32, fastroot: uint32, fastlevel: uint32,
     * oldest_btpo_xact: uint32, last_cleanup_num_heap_tuples: float8, allequalimage: bool, pad: 7} (40 bytes).
     *
     * <p>Layout used by: PG13. Mirrors {@code xl_btree_metadata}, src/include/access/nbtxlog.h of REL_13_STABLE.
     *
     * @param lastCleanupNumHeapTuples the float8's bits ({@code Double.longBitsToDouble} gives the value)
     * @param pad                      the 7 padding bytes, little-endian
     */
    record Pg13(long version, long root, long level, long fastroot, long fastlevel, long oldestBtpoXact,
                long lastCleanupNumHeapTuples, boolean allequalimage, long pad) implements BtreeMetadata {
        /** Bytes of the fixed-size struct. */
        public static final int SIZE = 40;

        /** Checks each field against its C type's range and the fields against each other. */
        public Pg13 {
            FieldChecks.u32(oldestBtpoXact, "oldest_btpo_xact");
            FieldChecks.that(pad >= 0 && pad < 1L << 56, "pad is 7 bytes");
        }

        static Pg13 read(PayloadCursor c) {
            return new Pg13(c.u32("version"), c.u32("root"), c.u32("level"), c.u32("fastroot"), c.u32("fastlevel"),
                    c.u32("oldest_btpo_xact"), c.i64("last_cleanup_num_heap_tuples"), c.bool("allequalimage"),
                    c.u32("pad") | (long) c.u16("pad") << 32 | (long) c.u8("pad") << 48);
        }

        void write(PayloadWriter w) {
            w.u32(version).u32(root).u32(level).u32(fastroot).u32(fastlevel).u32(oldestBtpoXact)
                    .i64(lastCleanupNumHeapTuples).bool(allequalimage).u32(pad & 0xFFFFFFFFL)
                    .u16((int) (pad >>> 32) & 0xFFFF).u8((int) (pad >>> 48));
        }
    }

    /**
     * {@code xl_btree_metadata => version: uint32, root: uint32, level: uint32, fastroot: uint32, fastlevel: uint32,
     * last_cleanup_num_delpages: uint32, allequalimage: bool, pad: 3} (28 bytes).
     *
     * <p>Layout used by: PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_btree_metadata},
     * src/include/access/nbtxlog.h of REL_14_STABLE to master.
     *
     * @param pad the 3 padding bytes, little-endian
     */
    record Pg14(long version, long root, long level, long fastroot, long fastlevel, long lastCleanupNumDelpages,
                boolean allequalimage, int pad) implements BtreeMetadata {
        /** Bytes of the fixed-size struct. */
        public static final int SIZE = 28;

        /** Checks each field against its C type's range and the fields against each other. */
        public Pg14 {
            FieldChecks.u32(lastCleanupNumDelpages, "last_cleanup_num_delpages");
            FieldChecks.that(pad >= 0 && pad <= 0xFFFFFF, "pad is 3 bytes");
        }

        static Pg14 read(PayloadCursor c) {
            return new Pg14(c.u32("version"), c.u32("root"), c.u32("level"), c.u32("fastroot"), c.u32("fastlevel"),
                    c.u32("last_cleanup_num_delpages"), c.bool("allequalimage"), c.u16("pad") | c.u8("pad") << 16);
        }

        void write(PayloadWriter w) {
            w.u32(version).u32(root).u32(level).u32(fastroot).u32(fastlevel).u32(lastCleanupNumDelpages)
                    .bool(allequalimage).u16(pad & 0xFFFF).u8(pad >>> 16);
        }
    }
}
