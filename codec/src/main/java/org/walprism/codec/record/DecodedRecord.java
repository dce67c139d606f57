package org.walprism.codec.record;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * One WAL record, fully decoded into values (no reference-counted buffers).
 *
 * <p>{@code XLogRecord => xl_tot_len: uint32, xl_xid: uint32, xl_prev: uint64, xl_info: uint8,
 * xl_rmid: uint8, pad: 2, xl_crc: uint32}, then block headers, origin (253), top-level xid (252),
 * main-data header (255/254), then image bytes and block data per block, then main data.
 * Mirrors src/include/access/xlogrecord.h; the layout is the same in 13 to master.
 *
 * @param version     WAL version the record was read as
 * @param lsn         start LSN
 * @param totalLength {@code xl_tot_len}
 * @param xid         {@code xl_xid}, unsigned
 * @param prev        {@code xl_prev}
 * @param info        {@code xl_info}
 * @param rmid        {@code xl_rmid}
 * @param crc         {@code xl_crc}, unsigned
 * @param blocks      block references in record order
 * @param origin      replication origin (block id 253), or -1
 * @param toplevelXid top-level transaction id (block id 252, 14+), or -1
 * @param mainData    main data bytes
 * @param longMainDataHeader true when main data used the 0xFE (uint32 length) header
 * @param bytes       the whole reassembled record, {@code xl_tot_len} bytes
 *
 * <p>The arrays are handed over, not copied; {@link #mainData()} and {@link #bytes()} return copies, and two
 * records are equal when their fields and bytes are.
 */
public record DecodedRecord(WalVersion version, long lsn, int totalLength, long xid, long prev, int info,
                            int rmid, long crc, List<BlockRef> blocks, int origin, long toplevelXid,
                            byte[] mainData, boolean longMainDataHeader, byte[] bytes) {

    /** Copies the block list. */
    public DecodedRecord {
        blocks = List.copyOf(blocks);
    }

    /** A copy of the main data. */
    @Override
    public byte[] mainData() {
        return mainData.clone();
    }

    /** A read-only view of the main data, without copying it. */
    public ByteBuffer mainDataView() {
        return ByteBuffer.wrap(mainData).asReadOnlyBuffer();
    }

    /** Bytes of main data. */
    public int mainDataLength() {
        return mainData.length;
    }

    /** A copy of the whole record, {@code xl_tot_len} bytes. */
    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    /** A read-only view of the whole record, without copying it. */
    public ByteBuffer bytesView() {
        return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }

    /**
     * The record's start LSN as a raw {@code long}.
     *
     * @deprecated the same value as {@link #recordLsn()}, which carries the type; use that
     */
    @Deprecated
    @Override
    public long lsn() {
        return lsn;
    }

    /** The record's start LSN as an {@link Lsn}. */
    public Lsn recordLsn() {
        return Lsn.of(lsn);
    }

    /** {@code xl_prev} as an {@link Lsn}; {@link Lsn#INVALID} (0) only for a record that starts a WAL stream. */
    public Lsn prevLsn() {
        return Lsn.of(prev);
    }

    /**
     * The record-type name pg_waldump prints ({@code heap2_identify} and the like, e.g. {@code PRUNE_VACUUM_SCAN},
     * {@code INSERT+INIT}), or {@code UNKNOWN (%x)} when the version has no such record.
     */
    public String typeName() {
        return RmgrTable.recordTypeName(version, rmid, info);
    }

    /** The resource manager's name ({@code Heap2}, {@code Transaction}, {@code custom%03d} ...). */
    public String rmgrName() {
        return RmgrTable.name(version, rmid);
    }

    /** Equal when every field, block and byte is equal. */
    @Override
    public boolean equals(Object o) {
        return o instanceof DecodedRecord r && version == r.version && lsn == r.lsn && totalLength == r.totalLength
                && xid == r.xid && prev == r.prev && info == r.info && rmid == r.rmid && crc == r.crc
                && origin == r.origin && toplevelXid == r.toplevelXid && longMainDataHeader == r.longMainDataHeader
                && blocks.equals(r.blocks) && Arrays.equals(mainData, r.mainData) && Arrays.equals(bytes, r.bytes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(version, lsn, totalLength, xid, prev, info, rmid, crc, blocks, origin, toplevelXid,
                longMainDataHeader) * 31 + Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "DecodedRecord[" + Lsn.format(lsn, true) + " " + rmgrName() + "/" + typeName() + ", len="
                + totalLength + ", blocks=" + blocks + "]";
    }

    /** Sum of {@code bimg_len} of all images: pg_waldump's FPI length. */
    public int fpiLength() {
        int n = 0;
        for (BlockRef b : blocks) {
            if (b.image() != null) {
                n += b.image().length();
            }
        }
        return n;
    }

    /** {@code xl_tot_len - fpiLength()}: pg_waldump's "record length". */
    public int recordLength() {
        return totalLength - fpiLength();
    }

    /** The block reference with {@code id}, or null. */
    public BlockRef block(int id) {
        for (BlockRef b : blocks) {
            if (b.id() == id) {
                return b;
            }
        }
        return null;
    }

    /** {@code xl_info & 0xF0}: the rmgr-owned bits. */
    public int rmgrInfo() {
        return info & 0xF0;
    }
}
