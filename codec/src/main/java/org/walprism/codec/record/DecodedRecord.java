package org.walprism.codec.record;

import java.util.List;
import org.walprism.codec.WalVersion;

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
 */
public record DecodedRecord(WalVersion version, long lsn, int totalLength, long xid, long prev, int info,
                            int rmid, long crc, List<BlockRef> blocks, int origin, long toplevelXid,
                            byte[] mainData, boolean longMainDataHeader, byte[] bytes) {

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
