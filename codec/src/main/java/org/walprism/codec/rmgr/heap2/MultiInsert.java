package org.walprism.codec.rmgr.heap2;

import java.util.Arrays;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * XLOG_HEAP2_MULTI_INSERT(+INIT): several tuples inserted into one page (COPY, catalog bulk inserts).
 * The fixed part and the offsets are typed; block 0's tuple data ({@code xl_multi_insert_tuple} headers,
 * each 2-aligned, plus tuple bytes) is carried opaquely. In 19+ with {@code XLH_INSERT_ALL_FROZEN_SET} the
 * VM page is block 1 (no data).
 */
public sealed interface MultiInsert extends Heap2Record {
    /** {@code XLH_INSERT_ALL_FROZEN_SET} (14+). */
    int XLH_INSERT_ALL_FROZEN_SET = 1 << 5;

    /** Whether {@code XLOG_HEAP_INIT_PAGE} was set: the page is rebuilt and offsets are not stored. */
    boolean init();

    /** {@code flags} (XLH_INSERT_*). */
    int flags();

    /** {@code ntuples}. */
    int ntuples();

    /** {@code offsets[ntuples]}; empty with {@link #init()}. */
    OffsetArray offsets();

    /** Block 0's data: tuple headers and tuple bytes, opaque; empty when block 0 carries an image. */
    byte[] tupleData();

    /**
     * {@code xl_heap_multi_insert => flags: uint8, pad: 1, ntuples: uint16, [offsets: uint16[ntuples] unless
     * INIT_PAGE]} (4 + 2n bytes); block 0 => tuple data (opaque here).
     *
     * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19.
     *
     * <p>Mirrors {@code xl_heap_multi_insert}, src/include/access/heapam_xlog.h (unchanged 13 to master).
     *
     * @param pad the struct padding byte (scratch memory in PostgreSQL), kept for byte-exact encoding
     */
    record Pg13(boolean init, int flags, int pad, int ntuples, OffsetArray offsets, byte[] tupleData)
            implements MultiInsert {
        /** Bytes of the fixed main data. */
        public static final int SIZE = 4;

        /** Checks each field fits its PostgreSQL type. */
        public Pg13 {
            Checks.u8(flags, "flags");
            Checks.u8(pad, "pad");
            Checks.u16(ntuples, "ntuples");
            offsets = Checks.nonNull(offsets);
            Checks.that(init ? offsets.isEmpty() : offsets.size() == ntuples,
                    "offsets hold ntuples entries unless INIT_PAGE");
            tupleData = tupleData == null ? new byte[0] : tupleData.clone();
        }

        static Pg13 decode(boolean init, PayloadCursor main, PayloadCursor block) {
            int flags = main.u8("flags");
            int pad = main.u8("pad");
            int ntuples = main.u16("ntuples");
            OffsetArray offsets = init ? OffsetArray.EMPTY : OffsetArray.wrap(main.u16Array(ntuples, "offsets[ntuples]"));
            main.expectEnd(init ? "xl_heap_multi_insert (INIT_PAGE: no offsets)" : "offsets[ntuples]");
            return new Pg13(init, flags, pad, ntuples, offsets, block.rest());
        }

        @Override
        public byte[] tupleData() {
            return tupleData.clone();
        }

        @Override
        public Heap2Payload encode() {
            return new Heap2Payload(new PayloadWriter(SIZE + offsets.byteSize()).u8(flags).u8(pad).u16(ntuples)
                    .u16Array(offsets.raw()).toByteArray(), tupleData.clone());
        }

        @Override
        public Heap2Parts parts() {
            return new Heap2Parts(SIZE, 0, 0, 0, 0, 0, 0, 0, offsets.byteSize() + tupleData.length);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Pg13 p && init == p.init && flags == p.flags && pad == p.pad && ntuples == p.ntuples
                    && offsets.equals(p.offsets) && Arrays.equals(tupleData, p.tupleData);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * flags + ntuples) + Arrays.hashCode(tupleData) + offsets.hashCode();
        }

        @Override
        public String toString() {
            return "MultiInsert.Pg13[init=" + init + ", flags=" + flags + ", ntuples=" + ntuples + ", offsets="
                    + offsets + ", tupleData=" + tupleData.length + " bytes]";
        }
    }
}
