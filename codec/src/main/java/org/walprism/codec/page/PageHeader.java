package org.walprism.codec.page;

/**
 * A WAL page header: {@code XLogPageHeaderData}, or {@code XLogLongPageHeaderData} on a segment's first page.
 *
 * <p>{@code XLogPageHeaderData => xlp_magic: uint16, xlp_info: uint16, xlp_tli: uint32, xlp_pageaddr: uint64,
 * xlp_rem_len: uint32, pad: 4}; the long form adds {@code xlp_sysid: uint64, xlp_seg_size: uint32,
 * xlp_xlog_blcksz: uint32}. Layout used by: PG13 to master. Mirrors src/include/access/xlog_internal.h.
 *
 * @param magic     {@code xlp_magic}
 * @param info      {@code xlp_info}
 * @param timeline  {@code xlp_tli}, unsigned
 * @param pageAddr  {@code xlp_pageaddr}
 * @param remLen    {@code xlp_rem_len}, unsigned
 * @param sysid     {@code xlp_sysid} (long header only, else 0)
 * @param segSize   {@code xlp_seg_size} (long header only, else 0)
 * @param blockSize {@code xlp_xlog_blcksz} (long header only, else 0)
 */
public record PageHeader(int magic, int info, long timeline, long pageAddr, long remLen, long sysid, long segSize,
                         long blockSize) {

    /** {@code XLOG_BLCKSZ}: the WAL page size (pg_config.h). */
    public static final int XLOG_BLCKSZ = 8192;
    /** {@code SizeOfXLogShortPHD}: bytes of a short page header. */
    public static final int SHORT_SIZE = 24;
    /** {@code SizeOfXLogLongPHD}: bytes of a long page header (first page of a segment). */
    public static final int LONG_SIZE = 40;

    /** {@code XLP_FIRST_IS_CONTRECORD}: the page starts with the rest of a record. */
    public static final int FIRST_IS_CONTRECORD = 0x0001;
    /** {@code XLP_LONG_HEADER}: the page has a long header. */
    public static final int LONG_HEADER = 0x0002;

    /** True when {@code XLP_LONG_HEADER} is set. */
    public boolean isLong() {
        return (info & LONG_HEADER) != 0;
    }

    /** True when {@code XLP_FIRST_IS_CONTRECORD} is set. */
    public boolean isContRecord() {
        return (info & FIRST_IS_CONTRECORD) != 0;
    }

    /** Header size: 40 for a long header, 24 otherwise ({@code XLogPageHeaderSize}). */
    public int size() {
        return isLong() ? LONG_SIZE : SHORT_SIZE;
    }
}
