package org.walprism.codec.read;

import io.netty.buffer.Unpooled;
import java.util.Locale;
import org.walprism.codec.Lsn;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalMessage;
import org.walprism.codec.page.PageHeader;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Whether the WAL really ends where {@link PageFrames} found no page or a record length of zero, as PostgreSQL's
 * reader decides it (xlogreader.c: a zero {@code xl_tot_len}, a page never written, a recycled page, a missing
 * segment), then a look past it: valid WAL after the end means the read would silently be partial, an error.
 */
final class EndOfWal {
    private static final int BLCKSZ = PageHeader.XLOG_BLCKSZ;

    private final SegmentSource source;
    private final PageFrames pages;
    private final long segSize;
    private final long endLsn;
    private final byte[] head = new byte[PageHeader.LONG_SIZE];

    EndOfWal(SegmentSource source, PageFrames pages, long endLsn) {
        this.source = source;
        this.pages = pages;
        this.segSize = source.segmentSize();
        this.endLsn = endLsn;
    }

    /**
     * Reading stops at {@code lsn} for {@link PageFrames#endReason}. With an end requested, that is an error.
     * Without one, decides as PostgreSQL's reader does that the WAL ends here, then looks past it: if valid WAL
     * follows (a record that validates later on the same page, a later page or segment of this stream whose header
     * carries its own address), the result would silently be partial, so it is an error; otherwise the end and its
     * reason are kept for {@link WalReader#endNote()}.
     *
     * @param midPage true when {@code lsn} is inside a page whose header is valid (a zero record length)
     * @return the note on the end for {@link WalReader#endNote()}
     */
    WalMessage decide(long lsn, long lookFrom, boolean midPage) {
        WalMessage why = pages.endReason;
        if (endLsn != 0) {
            if (pages.endMissing) {
                long segno = lookFrom / segSize;
                throw new TruncatedWalException(WalMessage.of("missing WAL segment " + source.segmentName(segno)
                        + " (needed to read up to ", Lsn.of(endLsn), ")"), lookFrom,
                        source.segmentName(segno), lookFrom % segSize);
            }
            throw ReadErrors.at(source, WalMessage.of(why, "; WAL ends before the requested end ", Lsn.of(endLsn)),
                    lsn);
        }
        long follows = midPage ? validRecordOnPage(lsn) : -1;
        long pageLsn = lookFrom - lookFrom % BLCKSZ;
        if (follows < 0) {
            follows = validPageAfter(pageLsn);
        }
        if (follows >= 0) {
            WalMessage at = WalMessage.of(Lsn.of(follows), " in " + source.segmentName(follows / segSize)
                    + " offset 0x" + Long.toHexString(follows % segSize).toUpperCase(Locale.ROOT));
            if (pages.endMissing) {
                long segno = lookFrom / segSize;
                throw new TruncatedWalException(WalMessage.of("missing WAL segment " + source.segmentName(segno)
                        + ": WAL read up to ", Lsn.of(lsn), ", but valid WAL follows at ", at), lsn,
                        source.segmentName(segno), lsn % segSize);
            }
            throw ReadErrors.at(source, WalMessage.of("WAL ends here (", why, ") but valid WAL follows at ", at), lsn);
        }
        WalMessage note = WalMessage.of("end of WAL at ", Lsn.of(lsn), ": ", why);
        long later = source.nextSegment(lookFrom / segSize);
        if (later >= 0) {
            note = note.plus("; later segment files from " + source.segmentName(later)
                    + " on hold no WAL that continues it (recycled or never written) and were not read");
        }
        return note;
    }

    /**
     * The LSN of a record after {@code lsn} on the same page whose header and CRC-32C validate, or -1. A real
     * end leaves the rest of its page zero; a zeroed length inside written WAL leaves valid records behind it.
     */
    private long validRecordOnPage(long lsn) {
        int pageOff = (int) (lsn % BLCKSZ);
        int base = pages.curIdx;
        for (int off = pageOff + 8; off + RecordView.HEADER_SIZE <= BLCKSZ; off += 8) {
            long totLen = pages.winBuf.getUnsignedIntLE(base + off);
            if (totLen < RecordView.HEADER_SIZE || totLen > BLCKSZ - off) {
                continue;
            }
            if (!RmgrTable.isValid(pages.version, pages.winBuf.getUnsignedByte(base + off + 17))) {
                continue;
            }
            if (pages.crcOf(pages.winBuf, base + off, (int) totLen) == pages.winBuf.getUnsignedIntLE(base + off + 20)) {
                return lsn - pageOff + off;
            }
        }
        return -1;
    }

    /**
     * The first page after {@code pageLsn} (in this segment, then in later segment files) whose header is a valid
     * page header of this stream carrying its own address, or -1. Pages of a recycled segment carry an older
     * address and pages never written are zero, so neither counts.
     */
    private long validPageAfter(long pageLsn) {
        long segno = pageLsn / segSize;
        long p = pageLsn + BLCKSZ;
        if (p % segSize != 0 && source.nextSegment(segno - 1) == segno) {
            for (; p % segSize != 0; p += BLCKSZ) {
                int idx = pages.page(segno, (int) (p % segSize));
                if (idx < 0) {
                    break;
                }
                if (pages.isValidHeader(pages.winBuf, idx, p)) {
                    return p;
                }
            }
        }
        for (long s = source.nextSegment(segno); s >= 0; s = source.nextSegment(s)) {
            long segStart = s * segSize;
            try {
                if (source.read(s, 0, head, 0, PageHeader.LONG_SIZE)
                        && pages.isValidHeader(Unpooled.wrappedBuffer(head), 0, segStart)) {
                    return segStart;
                }
            } catch (WalFormatException e) {
                // an unreadable later file does not show that WAL continues
            }
        }
        return -1;
    }
}
