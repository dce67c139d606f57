package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/** XLOG_HEAP2_LOCK_UPDATED: locking an updated version of a row. Block 0 is the heap page, without data. */
public sealed interface LockUpdated extends Heap2Record {
    /** {@code XLHL_XMAX_IS_MULTI} (heapam_xlog.h). */
    int XLHL_XMAX_IS_MULTI = 0x01;
    /** {@code XLHL_XMAX_LOCK_ONLY}. */
    int XLHL_XMAX_LOCK_ONLY = 0x02;
    /** {@code XLHL_XMAX_EXCL_LOCK}. */
    int XLHL_XMAX_EXCL_LOCK = 0x04;
    /** {@code XLHL_XMAX_KEYSHR_LOCK}. */
    int XLHL_XMAX_KEYSHR_LOCK = 0x08;
    /** {@code XLHL_KEYS_UPDATED}. */
    int XLHL_KEYS_UPDATED = 0x10;

    /** {@code xmax}. */
    long xmax();

    /** {@code offnum}. */
    int offnum();

    /** {@code infobits_set} (XLHL_*). */
    int infobitsSet();

    /** {@code flags} (XLH_LOCK_*). */
    int flags();

    /**
     * {@code xl_heap_lock_updated => xmax: uint32, offnum: uint16, infobits_set: uint8, flags: uint8} (8 bytes).
     *
     * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19.
     *
     * <p>Mirrors {@code xl_heap_lock_updated}, src/include/access/heapam_xlog.h (unchanged 13 to master).
     */
    record Pg13(long xmax, int offnum, int infobitsSet, int flags) implements LockUpdated {
        /** Bytes of the fixed main data. */
        public static final int SIZE = 8;

        /** Checks each field fits its PostgreSQL type. */
        public Pg13 {
            Checks.u32(xmax, "xmax");
            Checks.u16(offnum, "offnum");
            Checks.u8(infobitsSet, "infobits_set");
            Checks.u8(flags, "flags");
        }

        static Pg13 decode(PayloadCursor main) {
            Pg13 r = new Pg13(main.u32("xmax"), main.u16("offnum"), main.u8("infobits_set"), main.u8("flags"));
            main.expectEnd("xl_heap_lock_updated");
            return r;
        }

        @Override
        public Heap2Payload encode() {
            return new Heap2Payload(new PayloadWriter(SIZE).u32(xmax).u16(offnum).u8(infobitsSet).u8(flags)
                    .toByteArray(), new byte[0]);
        }

        @Override
        public Heap2Parts parts() {
            return Heap2Parts.headerOnly(SIZE);
        }
    }
}
