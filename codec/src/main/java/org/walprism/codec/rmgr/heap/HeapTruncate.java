package org.walprism.codec.rmgr.heap;

import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_HEAP_TRUNCATE: TRUNCATE of one or more relations of a database (logged for logical decoding; no block).
 *
 * <p>{@code xl_heap_truncate => dbId: uint32, nrelids: uint32, flags: uint8, pad: 3, relids: uint32[nrelids]}
 * (SizeOfHeapTruncate = 12). The relids list the truncated relations, then the sequences restarted.
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_heap_truncate},
 * src/include/access/heapam_xlog.h.
 *
 * @param pad the 3 struct padding bytes (not cleared by the server), little-endian, kept for exact encoding
 */
public record HeapTruncate(long dbId, int flags, int pad, List<Long> relids) implements HeapRecord {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 12;
    /** {@code XLH_TRUNCATE_CASCADE}. */
    public static final int XLH_TRUNCATE_CASCADE = 1;
    /** {@code XLH_TRUNCATE_RESTART_SEQS}. */
    public static final int XLH_TRUNCATE_RESTART_SEQS = 2;

    /** Checks each field against its C type's range and the fields against each other. */
    public HeapTruncate {
        FieldChecks.u32(dbId, "dbId");
        FieldChecks.u8(flags, "flags");
        FieldChecks.that(pad >= 0 && pad <= 0xFFFFFF, "pad is 3 bytes");
        relids = FieldChecks.u32List(relids, "relids");
    }

    /** {@code nrelids}. */
    public int nrelids() {
        return relids.size();
    }

    static HeapTruncate decode(PayloadCursor main, BlockInputs blocks) {
        long db = main.u32("dbId");
        long n = main.u32("nrelids");
        int flags = main.u8("flags");
        int pad = main.u16("pad") | main.u8("pad") << 16;
        main.require(n * 4, "relids[nrelids]");
        List<Long> relids = new ArrayList<>((int) n);
        for (long i = 0; i < n; i++) {
            relids.add(main.u32("relids"));
        }
        main.expectEnd("relids[nrelids]");
        blocks.expectOnly();
        return new HeapTruncate(db, flags, pad, relids);
    }

    @Override
    public HeapType type() {
        return HeapType.TRUNCATE;
    }

    @Override
    public RecordPayload encode() {
        PayloadWriter w = new PayloadWriter(SIZE + 4 * relids.size());
        w.u32(dbId).u32(relids.size()).u8(flags).u16(pad & 0xFFFF).u8(pad >>> 16);
        for (long r : relids) {
            w.u32(r);
        }
        return RecordPayload.mainOnly(Bytes.of(w.toByteArray()));
    }
}
