package org.walprism.codec.read;

import io.netty.buffer.ByteBuf;
import org.walprism.codec.ChecksumMismatchException;
import org.walprism.codec.internal.bytes.RawBytes;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * The checks a {@link WalReader} makes on each record header before it parses the record, as xlogreader's
 * ValidXLogRecordHeader and ValidXLogRecord do: a valid {@code xl_rmid}, {@code xl_prev} pointing at the record
 * read before (or, for the first record, backwards), and the CRC-32C in {@code xl_crc}.
 */
final class RecordChecks {
    private final SegmentSource source;
    private final PageFrames pages;
    private final long segSize;
    /** A later chunk of {@link ParallelWalScan}: its first header's prev-link is kept, not checked. */
    private final boolean deferFirstPrev;
    // header reads without the ByteBuf getters' checks
    private final RawBytes raw = new RawBytes();

    /** Start LSN of the last record returned, which the next one's {@code xl_prev} must name; -1 before one. */
    long expectedPrev = -1;
    /** The first record header whose prev-link was left unchecked (-1: none), and its {@code xl_prev}. */
    long firstHeaderLsn = -1;
    long firstHeaderPrev;

    RecordChecks(SegmentSource source, PageFrames pages, boolean deferFirstPrev) {
        this.source = source;
        this.pages = pages;
        this.segSize = source.segmentSize();
        this.deferFirstPrev = deferFirstPrev;
    }

    /** Checks the header at {@code base} of {@code buf} of the record at {@code lsn}: resource manager, prev-link. */
    void header(ByteBuf buf, int base, long lsn) {
        int rmid = raw.reset(buf).u8(base + RecordView.XL_RMID_OFFSET);
        if (!RmgrTable.isValid(pages.version, rmid)) {
            throw ReadErrors.at(source, "invalid resource manager ID " + rmid, lsn);
        }
        long prev = raw.u64(base + RecordView.XL_PREV_OFFSET);
        if (expectedPrev >= 0) {
            if (prev != expectedPrev) {
                throw ReadErrors.incorrectPrevLink(prev, expectedPrev, lsn, source);
            }
        } else if (deferFirstPrev && (firstHeaderLsn < 0 || firstHeaderLsn == lsn)) {
            firstHeaderLsn = lsn; // checked by the caller against the previous chunk (read again by nextView)
            firstHeaderPrev = prev;
        } else if (Long.compareUnsigned(prev, lsn) >= 0) {
            throw ReadErrors.incorrectPrevLink(prev, -1, lsn, source);
        }
    }

    /** Checks the CRC-32C of the {@code len} record bytes at {@code base} of {@code buf} against {@code xl_crc}. */
    void crc(ByteBuf buf, int base, int len, long lsn) {
        long actual = pages.crcOf(buf, base, len);
        long stored = raw.reset(buf).u32(base + RecordView.XL_CRC_OFFSET);
        if (actual != stored) {
            throw new ChecksumMismatchException(stored, actual, lsn, source.segmentName(lsn / segSize),
                    lsn % segSize);
        }
    }
}
