package org.walprism.codec.rmgr.heap;

import java.util.List;
import org.walprism.codec.rmgr.BlockDataPresence;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.rmgr.InvalidationMessage;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_HEAP_INPLACE: a tuple overwritten in place (pg_class / pg_database statistics by VACUUM and ANALYZE).
 * Block 0 is the heap page; its data is the new tuple bytes from {@code t_hoff} on (no {@code xl_heap_header}).
 */
public sealed interface HeapInplace extends HeapRecord {

    /** {@code offnum}. */
    int offnum();

    /** Whether block 0 carries the tuple bytes, or an image instead. */
    BlockDataPresence block0();

    /** The new tuple bytes (block 0 data); empty unless {@link #block0()} is PRESENT. */
    Bytes tupleData();

    /** The invalidation messages sent with the update (18+; empty before). */
    List<InvalidationMessage> msgs();

    @Override
    default HeapType type() {
        return HeapType.INPLACE;
    }

    /**
     * {@code xl_heap_inplace => offnum: uint16} (SizeOfHeapInplace = 2); block 0 => tuple bytes.
     *
     * <p>Layout used by: PG13, PG14, PG15, PG16, PG17. Mirrors {@code xl_heap_inplace},
     * src/include/access/heapam_xlog.h of REL_13_STABLE to REL_17_STABLE.
     */
    record Pg13(int offnum, BlockDataPresence block0, Bytes tupleData) implements HeapInplace {
        /** Bytes of the fixed-size struct. */
        public static final int SIZE = 2;

        /** Checks each field against its C type's range and the fields against each other. */
        public Pg13 {
            FieldChecks.u16(offnum, "offnum");
            FieldChecks.that(block0 != null, "block0 is required");
            tupleData = FieldChecks.nonNull(tupleData);
            FieldChecks.that(block0 == BlockDataPresence.PRESENT || tupleData.isEmpty(),
                    "tuple data only when block 0 data is PRESENT");
        }

        static Pg13 decode(PayloadCursor main, BlockInputs blocks) {
            int off = main.u16("offnum");
            main.expectEnd("xl_heap_inplace");
            return new Pg13(off, blocks.presence(0), blocks.data(0));
        }

        @Override
        public List<InvalidationMessage> msgs() {
            return List.of();
        }

        @Override
        public RecordPayload encode() {
            return RecordPayload.of(Bytes.of(new PayloadWriter(SIZE).u16(offnum).toByteArray()), 0, tupleData);
        }
    }

    /**
     * {@code xl_heap_inplace => offnum: uint16, pad: 2, dbId: uint32, tsId: uint32, relcacheInitFileInval: bool,
     * pad: 3, nmsgs: int32, msgs: SharedInvalidationMessage[nmsgs]} (MinSizeOfHeapInplace = 20); block 0 =>
     * tuple bytes.
     *
     * <p>Layout used by: PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_heap_inplace}, src/include/access/heapam_xlog.h of
     * REL_18_STABLE and master.
     *
     * @param pad1 the 2 padding bytes after {@code offnum} (not cleared by the server), kept for exact encoding
     * @param pad2 the 3 padding bytes after {@code relcacheInitFileInval}, little-endian
     */
    record Pg18(int offnum, int pad1, long dbId, long tsId, boolean relcacheInitFileInval, int pad2,
                List<InvalidationMessage> msgs, BlockDataPresence block0, Bytes tupleData) implements HeapInplace {
        /** Bytes of the fixed-size struct. */
        public static final int SIZE = 20;

        /** Checks each field against its C type's range and the fields against each other. */
        public Pg18 {
            FieldChecks.u16(offnum, "offnum");
            FieldChecks.u16(pad1, "pad1");
            FieldChecks.u32(dbId, "dbId");
            FieldChecks.u32(tsId, "tsId");
            FieldChecks.that(pad2 >= 0 && pad2 <= 0xFFFFFF, "pad2 is 3 bytes");
            msgs = List.copyOf(msgs);
            FieldChecks.that(block0 != null, "block0 is required");
            tupleData = FieldChecks.nonNull(tupleData);
            FieldChecks.that(block0 == BlockDataPresence.PRESENT || tupleData.isEmpty(),
                    "tuple data only when block 0 data is PRESENT");
        }

        static Pg18 decode(PayloadCursor main, BlockInputs blocks) {
            int off = main.u16("offnum");
            int pad1 = main.u16("pad");
            long db = main.u32("dbId");
            long ts = main.u32("tsId");
            boolean inval = main.bool("relcacheInitFileInval");
            int pad2 = main.u16("pad") | main.u8("pad") << 16;
            int nmsgs = main.i32("nmsgs");
            List<InvalidationMessage> msgs = main.invalidationMessages(nmsgs, "msgs[nmsgs]");
            main.expectEnd("msgs[nmsgs]");
            return new Pg18(off, pad1, db, ts, inval, pad2, msgs, blocks.presence(0), blocks.data(0));
        }

        @Override
        public RecordPayload encode() {
            PayloadWriter w = new PayloadWriter(SIZE + InvalidationMessage.SIZE * msgs.size());
            w.u16(offnum).u16(pad1).u32(dbId).u32(tsId).bool(relcacheInitFileInval).u16(pad2 & 0xFFFF)
                    .u8(pad2 >>> 16).u32(msgs.size());
            w.invalidationMessages(msgs);
            return RecordPayload.of(Bytes.of(w.toByteArray()), 0, tupleData);
        }
    }
}
