package org.walprism.codec.rmgr.btree;

import java.util.TreeMap;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_BTREE_UNLINK_PAGE and XLOG_BTREE_UNLINK_PAGE_META: a half-dead page unlinked from its siblings. Blocks 0-3
 * carry no data, registered as _bt_unlink_halfdead_page does: 0 the target, 1 the left sibling (when there is
 * one), 2 the right sibling, 3 the leaf (when it is not the target). UNLINK_PAGE_META logs the metapage as block 4
 * with its {@code xl_btree_metadata}.
 */
public sealed interface BtreeUnlinkPage extends BtreeRecord {

    /** UNLINK_PAGE_META rather than UNLINK_PAGE. */
    boolean withMeta();

    /** {@code leftsib}. */
    long leftsib();

    /** {@code rightsib}. */
    long rightsib();

    /** {@code leafleftsib}. */
    long leafleftsib();

    /** {@code leafrightsib}. */
    long leafrightsib();

    /** {@code topparent} (13) / {@code leaftopparent} (14+). */
    long leaftopparent();

    /** The metapage block (UNLINK_PAGE_META), else {@link MetaBlock#ABSENT}. */
    MetaBlock meta();

    @Override
    default BtreeType type() {
        return withMeta() ? BtreeType.UNLINK_PAGE_META : BtreeType.UNLINK_PAGE;
    }

    private static RecordPayload payload(PayloadWriter main, MetaBlock meta) {
        TreeMap<Integer, Bytes> b = new TreeMap<>();
        b.put(4, meta.bytes());
        return new RecordPayload(Bytes.of(main.toByteArray()), b);
    }

    /**
     * {@code xl_btree_unlink_page => leftsib: uint32, rightsib: uint32, leafleftsib: uint32, leafrightsib: uint32,
     * topparent: uint32, btpo_xact: uint32} (SizeOfBtreeUnlinkPage = 24).
     *
     * <p>Layout used by: PG13. Mirrors {@code xl_btree_unlink_page}, src/include/access/nbtxlog.h of
     * REL_13_STABLE.
     */
    record Pg13(boolean withMeta, long leftsib, long rightsib, long leafleftsib, long leafrightsib, long leaftopparent,
                long btpoXact, MetaBlock meta) implements BtreeUnlinkPage {
        /** Bytes of the fixed-size struct. */
        public static final int SIZE = 24;

        /** Checks each field against its C type's range and the fields against each other. */
        public Pg13 {
            FieldChecks.u32(btpoXact, "btpo_xact");
            FieldChecks.that(meta != null && (withMeta || MetaBlock.ABSENT.equals(meta)), "meta only with UNLINK_PAGE_META");
        }

        static Pg13 decode(boolean withMeta, PayloadCursor main) {
            return new Pg13(withMeta, main.u32("leftsib"), main.u32("rightsib"), main.u32("leafleftsib"),
                    main.u32("leafrightsib"), main.u32("topparent"), main.u32("btpo_xact"), MetaBlock.ABSENT);
        }

        @Override
        public RecordPayload encode() {
            return payload(new PayloadWriter(SIZE).u32(leftsib).u32(rightsib).u32(leafleftsib).u32(leafrightsib)
                    .u32(leaftopparent).u32(btpoXact), meta);
        }
    }

    /**
     * {@code xl_btree_unlink_page => leftsib: uint32, rightsib: uint32, level: uint32, pad: 4, safexid: uint64,
     * leafleftsib: uint32, leafrightsib: uint32, leaftopparent: uint32} (SizeOfBtreeUnlinkPage = 36).
     *
     * <p>Layout used by: PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_btree_unlink_page},
     * src/include/access/nbtxlog.h of REL_14_STABLE to master.
     *
     * @param pad     the 4 padding bytes before {@code safexid} (not cleared by the server)
     * @param safexid {@code safexid}, a FullTransactionId (epoch in the high 32 bits)
     */
    record Pg14(boolean withMeta, long leftsib, long rightsib, long level, long pad, long safexid, long leafleftsib,
                long leafrightsib, long leaftopparent, MetaBlock meta) implements BtreeUnlinkPage {
        /** Bytes of the fixed-size struct. */
        public static final int SIZE = 36;

        /** Checks each field against its C type's range and the fields against each other. */
        public Pg14 {
            FieldChecks.u32(level, "level");
            FieldChecks.u32(pad, "pad");
            FieldChecks.that(meta != null && (withMeta || MetaBlock.ABSENT.equals(meta)), "meta only with UNLINK_PAGE_META");
        }

        static Pg14 decode(boolean withMeta, PayloadCursor main) {
            return new Pg14(withMeta, main.u32("leftsib"), main.u32("rightsib"), main.u32("level"), main.u32("pad"),
                    main.i64("safexid"), main.u32("leafleftsib"), main.u32("leafrightsib"), main.u32("leaftopparent"),
                    MetaBlock.ABSENT);
        }

        Pg14 withMeta(MetaBlock m) {
            return new Pg14(true, leftsib, rightsib, level, pad, safexid, leafleftsib, leafrightsib, leaftopparent, m);
        }

        @Override
        public RecordPayload encode() {
            return payload(new PayloadWriter(SIZE).u32(leftsib).u32(rightsib).u32(level).u32(pad).i64(safexid)
                    .u32(leafleftsib).u32(leafrightsib).u32(leaftopparent), meta);
        }
    }
}
