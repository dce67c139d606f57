package org.walprism.codec.rmgr.heap;

import org.walprism.codec.rmgr.BlockDataPresence;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;
import org.walprism.codec.rmgr.heap2.Heap2Type;

/**
 * XLOG_HEAP_UPDATE and XLOG_HEAP_HOT_UPDATE (+INIT): a row replaced by a new version. Block 0 is the new
 * tuple's page (its data is the new tuple), block 1 the old page when different (no data).
 *
 * <p>{@code xl_heap_update => old_xmax: uint32, old_offnum: uint16, old_infobits_set: uint8, flags: uint8,
 * new_xmax: uint32, new_offnum: uint16} (SizeOfHeapUpdate = 14), then {@code [xl_heap_header, old tuple bytes]}
 * when {@code XLH_UPDATE_CONTAINS_OLD_TUPLE} or {@code _OLD_KEY}; block 0 => {@code [prefixlen: uint16 if
 * XLH_UPDATE_PREFIX_FROM_OLD], [suffixlen: uint16 if XLH_UPDATE_SUFFIX_FROM_OLD], xl_heap_header, tuple bytes}.
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_heap_update},
 * src/include/access/heapam_xlog.h, and heap_xlog_update in heapam_xlog.c.
 *
 * @param hot       XLOG_HEAP_HOT_UPDATE rather than XLOG_HEAP_UPDATE
 * @param init      {@code XLOG_HEAP_INIT_PAGE}: the new page is initialised first
 * @param oldTuple  the old tuple or key (replica identity); null unless the flags say it is logged
 * @param block0    whether block 0 carries the new tuple, or an image instead
 * @param prefixLen bytes of the new tuple taken from the old one ({@code XLH_UPDATE_PREFIX_FROM_OLD}), else 0
 * @param suffixLen likewise for the suffix ({@code XLH_UPDATE_SUFFIX_FROM_OLD}), else 0
 * @param newTuple  the new tuple (without prefix and suffix); null unless {@code block0} is PRESENT
 */
public record HeapUpdate(boolean hot, boolean init, long oldXmax, int oldOffnum, int oldInfobitsSet, int flags,
                         long newXmax, int newOffnum, LoggedTuple oldTuple, BlockDataPresence block0, int prefixLen,
                         int suffixLen, LoggedTuple newTuple) implements HeapRecord {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 14;
    /** {@code XLH_UPDATE_CONTAINS_OLD_TUPLE | XLH_UPDATE_CONTAINS_OLD_KEY}. */
    public static final int XLH_UPDATE_CONTAINS_OLD = (1 << 2) | (1 << 3);
    /** {@code XLH_UPDATE_PREFIX_FROM_OLD}. */
    public static final int XLH_UPDATE_PREFIX_FROM_OLD = 1 << 5;
    /** {@code XLH_UPDATE_SUFFIX_FROM_OLD}. */
    public static final int XLH_UPDATE_SUFFIX_FROM_OLD = 1 << 6;

    /** Checks each field against its C type's range and the fields against each other. */
    public HeapUpdate {
        FieldChecks.u32(oldXmax, "old_xmax");
        FieldChecks.u16(oldOffnum, "old_offnum");
        FieldChecks.u8(oldInfobitsSet, "old_infobits_set");
        FieldChecks.u8(flags, "flags");
        FieldChecks.u32(newXmax, "new_xmax");
        FieldChecks.u16(newOffnum, "new_offnum");
        FieldChecks.u16(prefixLen, "prefixlen");
        FieldChecks.u16(suffixLen, "suffixlen");
        FieldChecks.that(((flags & XLH_UPDATE_CONTAINS_OLD) != 0) == (oldTuple != null),
                "oldTuple is given exactly when flags have XLH_UPDATE_CONTAINS_OLD");
        FieldChecks.that(block0 != null && (block0 == BlockDataPresence.PRESENT) == (newTuple != null),
                "newTuple is given exactly when block 0 data is PRESENT");
        FieldChecks.that(newTuple != null || (prefixLen == 0 && suffixLen == 0), "prefix/suffix only with a new tuple");
        FieldChecks.that((flags & XLH_UPDATE_PREFIX_FROM_OLD) != 0 || prefixLen == 0, "prefixlen needs XLH_UPDATE_PREFIX_FROM_OLD");
        FieldChecks.that((flags & XLH_UPDATE_SUFFIX_FROM_OLD) != 0 || suffixLen == 0, "suffixlen needs XLH_UPDATE_SUFFIX_FROM_OLD");
    }

    static HeapUpdate decode(int info, PayloadCursor main, BlockInputs blocks) {
        long oldXmax = main.u32("old_xmax");
        int oldOff = main.u16("old_offnum");
        int oldInfobits = main.u8("old_infobits_set");
        int flags = main.u8("flags");
        long newXmax = main.u32("new_xmax");
        int newOff = main.u16("new_offnum");
        LoggedTuple old = null;
        if ((flags & XLH_UPDATE_CONTAINS_OLD) != 0) {
            old = LoggedTuple.readRest(main);
        }
        main.expectEnd("xl_heap_update");
        blocks.expectOnly(0);
        BlockDataPresence p = blocks.presence(0);
        int prefix = 0;
        int suffix = 0;
        LoggedTuple t = null;
        if (p == BlockDataPresence.PRESENT) {
            PayloadCursor b = blocks.cursor(0);
            if ((flags & XLH_UPDATE_PREFIX_FROM_OLD) != 0) {
                prefix = b.u16("prefixlen");
            }
            if ((flags & XLH_UPDATE_SUFFIX_FROM_OLD) != 0) {
                suffix = b.u16("suffixlen");
            }
            t = LoggedTuple.readRest(b);
        }
        boolean hot = HeapType.of(info) == HeapType.HOT_UPDATE;
        return new HeapUpdate(hot, (info & HeapType.XLOG_HEAP_INIT_PAGE) != 0, oldXmax, oldOff, oldInfobits, flags, newXmax,
                newOff, old, p, prefix, suffix, t);
    }

    @Override
    public HeapType type() {
        return hot ? HeapType.HOT_UPDATE : HeapType.UPDATE;
    }

    @Override
    public RecordPayload encode() {
        PayloadWriter w = new PayloadWriter(SIZE + (oldTuple == null ? 0 : oldTuple.size()));
        w.u32(oldXmax).u16(oldOffnum).u8(oldInfobitsSet).u8(flags).u32(newXmax).u16(newOffnum);
        if (oldTuple != null) {
            oldTuple.write(w);
        }
        Bytes main = Bytes.of(w.toByteArray());
        if (newTuple == null) {
            return RecordPayload.mainOnly(main);
        }
        PayloadWriter b = new PayloadWriter(4 + newTuple.size());
        if ((flags & XLH_UPDATE_PREFIX_FROM_OLD) != 0) {
            b.u16(prefixLen);
        }
        if ((flags & XLH_UPDATE_SUFFIX_FROM_OLD) != 0) {
            b.u16(suffixLen);
        }
        newTuple.write(b);
        return RecordPayload.of(main, 0, Bytes.of(b.toByteArray()));
    }
}
