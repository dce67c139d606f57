package org.walprism.analyzer.categories;

import org.walprism.codec.page.PageHeader;

/**
 * Where the records of a range sit on WAL pages: the page headers they cross (24 bytes, 40 at a segment start),
 * the zero bytes that align each record's start to 8, and the bytes no record holds (the rest of a segment after
 * XLOG_SWITCH, the abandoned part of an overwritten contrecord), so that records + page headers + padding +
 * skipped = the bytes from the first record's start to the aligned end of the last. The layout of consecutive
 * chunks merges into that of the whole range: only the gap at the seam is new.
 */
public final class PageLayout implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private final long segmentSize;
    private long startLsn = -1;
    private long endLsn;
    private long prevEnd;
    private long lastLsn = -1;
    private long pageHeaderBytes;
    private long paddingBytes;
    private long skippedBytes;

    /** @param segmentSize a power of two */
    public PageLayout(long segmentSize) {
        this.segmentSize = segmentSize;
    }

    private int headerSize(long pageStart) {
        return (pageStart & (segmentSize - 1)) == 0 ? 40 : 24;
    }

    /** Places the record of {@code len} bytes at {@code lsn}: the gap since the previous one, the pages it crosses. */
    public void add(long lsn, int len) {
        if (startLsn < 0) {
            startLsn = lsn;
        } else {
            gap(prevEnd, lsn);
        }
        lastLsn = lsn;
        long pos = lsn;
        long rem = len;
        while (true) {
            long pageEnd = pos - pos % PageHeader.XLOG_BLCKSZ + PageHeader.XLOG_BLCKSZ;
            long avail = pageEnd - pos;
            if (rem <= avail) {
                pos += rem;
                break;
            }
            rem -= avail;
            int hdr = headerSize(pageEnd);
            pageHeaderBytes += hdr;
            pos = pageEnd + hdr;
        }
        prevEnd = pos;
        endLsn = align8(pos);
    }

    /** Accounts the bytes between the end {@code a} of a record and the start {@code lsn} of the next. */
    private void gap(long a, long lsn) {
        long pb = lsn - lsn % PageHeader.XLOG_BLCKSZ;
        if (pb >= a) {
            int hdr = headerSize(pb);
            pageHeaderBytes += hdr;
            long pad = Math.min(align8(a), pb) - a;
            paddingBytes += pad;
            // After XLOG_SWITCH, the rest of the segment; after an overwritten contrecord, the abandoned part.
            skippedBytes += (pb - a - pad) + (lsn - pb - hdr);
        } else {
            paddingBytes += lsn - a;
        }
    }

    private static long align8(long n) {
        return (n + 7) & ~7L;
    }

    /** Adds the layout of {@code o}, the records right after this one's. */
    public void merge(PageLayout o) {
        if (o.startLsn < 0) {
            return;
        }
        if (startLsn < 0) {
            startLsn = o.startLsn;
        } else {
            gap(prevEnd, o.startLsn);
        }
        prevEnd = o.prevEnd;
        endLsn = o.endLsn;
        lastLsn = o.lastLsn;
        pageHeaderBytes += o.pageHeaderBytes;
        paddingBytes += o.paddingBytes;
        skippedBytes += o.skippedBytes;
    }

    /** The segment size the page headers are counted for. */
    public long segmentSize() {
        return segmentSize;
    }

    /** See the class comment. */
    public long startLsn() {
        return startLsn;
    }

    /** See the class comment. */
    public long endLsn() {
        return endLsn;
    }

    /** See the class comment. */
    public long lastLsn() {
        return lastLsn;
    }

    /** See the class comment. */
    public long spanBytes() {
        return startLsn < 0 ? 0 : endLsn - startLsn;
    }

    /** See the class comment. */
    public long pageHeaderBytes() {
        return pageHeaderBytes;
    }

    /** Includes the padding after the last record up to the aligned end. */
    public long paddingBytes() {
        return startLsn < 0 ? 0 : paddingBytes + (endLsn - prevEnd);
    }

    /** See the class comment. */
    public long skippedBytes() {
        return skippedBytes;
    }
}
