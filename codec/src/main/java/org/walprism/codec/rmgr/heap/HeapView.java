package org.walprism.codec.rmgr.heap;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.bytes.RawBytes;
import org.walprism.codec.internal.RecordViewAccess;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.InvalidationMessage;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * The one reader of Heap ({@code RM_HEAP_ID}) main data for pg_waldump's desc text and validation: a reusable,
 * allocation-free view that checks the main data holds every field heap_desc reads ({@link #load}) and then hands
 * the fields out in place. {@link HeapCodec} decodes the whole record (tuples in block data too) into typed values.
 *
 * <p>Byte maps (src/include/access/heapam_xlog.h, unchanged 13..master except INPLACE):
 * <ul>
 * <li>{@code xl_heap_insert => offnum: uint16, flags: uint8}</li>
 * <li>{@code xl_heap_delete => xmax: uint32, offnum: uint16, infobits_set: uint8, flags: uint8}</li>
 * <li>{@code xl_heap_update => old_xmax: uint32, old_offnum: uint16, old_infobits_set: uint8, flags: uint8,
 *     new_xmax: uint32, new_offnum: uint16}</li>
 * <li>{@code xl_heap_truncate => dbId: uint32, nrelids: uint32, flags: uint8, pad: 3, relids: uint32[nrelids]}</li>
 * <li>{@code xl_heap_confirm => offnum: uint16}</li>
 * <li>{@code xl_heap_lock => xmax: uint32, offnum: uint16, infobits_set: uint8, flags: uint8}</li>
 * <li>{@code xl_heap_inplace => offnum: uint16} (13-17, {@link HeapInplace.Pg13}); 18+ ({@link HeapInplace.Pg18})
 *     adds {@code pad: 2, dbId: uint32, tsId: uint32, relcacheInitFileInval: bool, pad: 3, nmsgs: int32,
 *     msgs: SharedInvalidationMessage[nmsgs]}</li>
 * </ul>
 * The rule is what heap_desc reads: trailing bytes are allowed (pg_waldump does not look at them).
 *
 * <p>Not thread-safe; valid until the buffer it was loaded from moves on.
 */
public final class HeapView {
    private ByteBuf m = Unpooled.EMPTY_BUFFER;
    private final RawBytes mr = new RawBytes().reset(m);
    private int mi;
    private WalVersion version;
    private HeapType type;
    private boolean accepted;

    /**
     * Points the view at the main data of the Heap record {@code v} and checks it.
     *
     * @return whether the main data holds every field of its layout
     */
    public boolean load(RecordView v) {
        if (v.rmid() != RmgrTable.HEAP) {
            throw new IllegalArgumentException("not a Heap record: rmid " + v.rmid());
        }
        return load(v.version(), v.info(), RecordViewAccess.buffer(v), v.mainDataIndex(), v.mainDataLength());
    }

    /** As {@link #load(RecordView)} over a copy of the main data (wraps the array). */
    public boolean load(WalVersion version, int info, byte[] mainData) {
        return load(version, info, Unpooled.wrappedBuffer(mainData), 0, mainData.length);
    }

    /** Whether the Heap record {@code v}'s main data holds every field of its layout (the length rule alone). */
    public static boolean accepts(RecordView v) {
        return accepts(v.version(), HeapType.of(v.info()), RecordViewAccess.buffer(v), v.mainDataIndex(),
                v.mainDataLength());
    }

    private boolean load(WalVersion v, int info, ByteBuf main, int index, int length) {
        version = v;
        m = main;
        mr.reset(main);
        mi = index;
        type = HeapType.of(info);
        accepted = accepts(v, type, main, index, length);
        return accepted;
    }

    private static boolean accepts(WalVersion v, HeapType type, ByteBuf b, int i, int m) {
        return switch (type) {
            case INSERT -> m >= HeapInsert.SIZE;
            case DELETE -> m >= HeapDelete.SIZE;
            case LOCK -> m >= HeapLock.SIZE;
            case UPDATE, HOT_UPDATE -> m >= HeapUpdate.SIZE;
            case TRUNCATE -> m >= HeapTruncate.SIZE && fits(b.getUnsignedIntLE(i + 4), HeapTruncate.SIZE, 4, m);
            case CONFIRM -> m >= HeapConfirm.SIZE;
            case INPLACE -> invalidationsLogged(v) ? m >= HeapInplace.Pg18.SIZE
                    && (b.getIntLE(i + 16) <= 0 || fits(b.getIntLE(i + 16), HeapInplace.Pg18.SIZE,
                    InvalidationMessage.SIZE, m)) : m >= HeapInplace.Pg13.SIZE;
        };
    }

    /** Whether INPLACE logs invalidation messages ({@link HeapInplace.Pg18}): the one dispatch of this family. */
    public static boolean invalidationsLogged(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16, PG17 -> false;
            case PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /** Whether {@code count} elements of {@code size} bytes fit in {@code length} bytes from {@code from}. */
    private static boolean fits(long count, long from, int size, int length) {
        return count >= 0 && from <= length && count <= (length - from) / size;
    }

    /** The record kind. */
    public HeapType type() {
        return type;
    }

    /** The WAL version of the record. */
    public WalVersion version() {
        return version;
    }

    /** Whether the last {@link #load} accepted the main data; the accessors below are valid only then. */
    public boolean accepted() {
        return accepted;
    }

    /** {@code offnum} (INSERT, CONFIRM, INPLACE, DELETE, LOCK) or {@code old_offnum} (UPDATE). */
    public int offnum() {
        return switch (type) {
            case INSERT, CONFIRM, INPLACE -> mr.u16(mi);
            case DELETE, LOCK, UPDATE, HOT_UPDATE -> mr.u16(mi + 4);
            case TRUNCATE -> 0;
        };
    }

    /** {@code flags} (XLH_INSERT_*, XLH_DELETE_*, XLH_UPDATE_*, XLH_LOCK_*, XLH_TRUNCATE_*). */
    public int flags() {
        return switch (type) {
            case INSERT -> mr.u8(mi + 2);
            case DELETE, LOCK, UPDATE, HOT_UPDATE -> mr.u8(mi + 7);
            case TRUNCATE -> mr.u8(mi + 8);
            case CONFIRM, INPLACE -> 0;
        };
    }

    /** {@code xmax} (DELETE, LOCK) or {@code old_xmax} (UPDATE). */
    public long xmax() {
        return mr.u32(mi);
    }

    /** {@code infobits_set} (DELETE, LOCK) or {@code old_infobits_set} (UPDATE). */
    public int infobitsSet() {
        return mr.u8(mi + 6);
    }

    /** UPDATE's {@code new_xmax}. */
    public long newXmax() {
        return mr.u32(mi + 8);
    }

    /** UPDATE's {@code new_offnum}. */
    public int newOffnum() {
        return mr.u16(mi + 12);
    }

    /** TRUNCATE's {@code nrelids}. */
    public long nrelids() {
        return mr.u32(mi + 4);
    }

    /** TRUNCATE's {@code relids[i]}. */
    public long relid(int i) {
        return mr.u32(mi + HeapTruncate.SIZE + 4 * i);
    }

    /** INPLACE 18+: {@code dbId}. */
    public long dbId() {
        return mr.u32(mi + 4);
    }

    /** INPLACE 18+: {@code tsId}. */
    public long tsId() {
        return mr.u32(mi + 8);
    }

    /** INPLACE 18+: {@code relcacheInitFileInval}. */
    public boolean relcacheInitFileInval() {
        return mr.u8(mi + 12) != 0;
    }

    /** INPLACE 18+: {@code nmsgs}. */
    public int nmsgs() {
        return mr.i32(mi + 16);
    }

    /** INPLACE 18+: offset in the main data of {@code msgs[0]}. */
    public static int msgsOffset() {
        return HeapInplace.Pg18.SIZE;
    }
}
