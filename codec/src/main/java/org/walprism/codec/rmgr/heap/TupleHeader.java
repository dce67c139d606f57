package org.walprism.codec.rmgr.heap;

import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * The part of a tuple header WAL stores before the tuple bytes.
 *
 * <p>{@code xl_heap_header => t_infomask2: uint16, t_infomask: uint16, t_hoff: uint8} (SizeOfHeapHeader = 5,
 * stored unaligned). Mirrors {@code xl_heap_header}, src/include/access/heapam_xlog.h (unchanged 13 to master).
 */
public record TupleHeader(int infomask2, int infomask, int hoff) {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 5;

    /** Checks each field against its C type's range and the fields against each other. */
    public TupleHeader {
        FieldChecks.u16(infomask2, "t_infomask2");
        FieldChecks.u16(infomask, "t_infomask");
        FieldChecks.u8(hoff, "t_hoff");
    }

    static TupleHeader read(PayloadCursor c) {
        return new TupleHeader(c.u16("xl_heap_header.t_infomask2"), c.u16("xl_heap_header.t_infomask"),
                c.u8("xl_heap_header.t_hoff"));
    }

    void write(PayloadWriter w) {
        w.u16(infomask2).u16(infomask).u8(hoff);
    }
}
