package org.walprism.analyzer.dump;

import org.walprism.codec.page.PageHeader;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * xlogreader's {@code EndRecPtr} of a record from its start and length, for the formats that print a record's end
 * ({@code end_lsn} of pg_walinspect's {@code pg_get_wal_records_info}) where the reader's own end is not at hand
 * (a parallel dump): the record's bytes laid over pages of {@code XLOG_BLCKSZ}, each continuation page starting
 * after its header (40 bytes at a segment start, else 24), then MAXALIGNed (XLogDecodeNextRecord: {@code
 * NextRecPtr = targetPagePtr + pageHeaderSize + MAXALIGN(xlp_rem_len)} for a record that spans pages). An
 * XLOG_SWITCH extends to the end of its segment.
 */
public final class RecordEnds {

    private static final int XLOG_SWITCH = 0x40;

    private RecordEnds() {
    }

    /**
     * @param lsn         the record's start
     * @param totalLength {@code xl_tot_len}, unsigned
     * @param segmentSize the WAL segment size in bytes
     */
    public static long end(long lsn, long totalLength, long segmentSize, int rmid, int info) {
        long page = PageHeader.XLOG_BLCKSZ;
        long pos = lsn;
        long remaining = totalLength;
        long avail = page - pos % page;
        while (remaining > avail) {
            remaining -= avail;
            pos = pos - pos % page + page;
            long header = pos % segmentSize == 0 ? PageHeader.LONG_SIZE : PageHeader.SHORT_SIZE;
            pos += header;
            avail = page - header;
        }
        long end = pos + remaining;
        end = (end + 7) & ~7L;
        if (rmid == RmgrTable.XLOG && (info & 0xF0) == XLOG_SWITCH && end % segmentSize != 0) {
            end = end - end % segmentSize + segmentSize;
        }
        return end;
    }
}
