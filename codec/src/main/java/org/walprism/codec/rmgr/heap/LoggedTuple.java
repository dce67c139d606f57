package org.walprism.codec.rmgr.heap;

import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * A tuple as WAL logs it: {@code xl_heap_header}, then the tuple bytes from {@code t_bits} on (the null
 * bitmap, padding up to {@code t_hoff}, and the column data), carried opaquely. For an UPDATE with a prefix or
 * suffix taken from the old tuple, {@code data} holds only the bytes in between.
 */
public record LoggedTuple(TupleHeader header, Bytes data) {
    /** Checks each field against its C type's range and the fields against each other. */
    public LoggedTuple {
        if (header == null) {
            throw new IllegalArgumentException("xl_heap_header is required");
        }
        data = FieldChecks.nonNull(data);
    }

    /** Reads a header and all remaining bytes of {@code c}. */
    static LoggedTuple readRest(PayloadCursor c) {
        TupleHeader h = TupleHeader.read(c);
        return new LoggedTuple(h, Bytes.of(c.rest()));
    }

    /** Bytes this tuple occupies in the record. */
    public int size() {
        return TupleHeader.SIZE + data.length();
    }

    void write(PayloadWriter w) {
        header.write(w);
        w.bytes(data);
    }
}
