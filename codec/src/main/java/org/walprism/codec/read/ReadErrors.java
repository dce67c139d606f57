package org.walprism.codec.read;

import java.util.Locale;
import org.walprism.codec.Lsn;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalMessage;
import org.walprism.codec.WalVersion;

/**
 * The reader's failures, each naming the LSN and the segment and offset that hold it ({@code source}'s names), in
 * xlogreader.c's words where it has them (report_invalid_record): one home for the messages a sequential reader and
 * the parallel scan's chunk checks give alike.
 */
final class ReadErrors {
    private ReadErrors() {
    }

    /** {@code what} at {@code lsn}: the segment holding it and the offset in that segment. */
    static WalFormatException at(SegmentSource source, String what, long lsn) {
        return at(source, WalMessage.text(what), lsn);
    }

    /** As {@link #at(SegmentSource, String, long)}, {@code what}'s LSNs as values. */
    static WalFormatException at(SegmentSource source, WalMessage what, long lsn) {
        long segSize = source.segmentSize();
        long segno = lsn / segSize;
        return new WalFormatException(what, lsn, source.segmentName(segno), lsn % segSize);
    }

    /**
     * Fails when the segment holding {@code start} is not in {@code source} (recycled by a checkpoint on a live
     * {@code pg_wal}, before the first file, past the last): the search for the first record would otherwise
     * report a file that does not exist (pg_waldump fails there too: "could not find file").
     *
     * @throws TruncatedWalException naming the segment, the LSN and the nearest segment present
     */
    static void checkStartSegment(long start, SegmentSource source) {
        long segSize = source.segmentSize();
        long seg = Long.divideUnsigned(start, segSize);
        long first = source.firstSegment();
        if (first == seg || (first >= 0 && Long.compareUnsigned(first, seg) < 0 && source.nextSegment(seg - 1) == seg)) {
            return;
        }
        String present;
        if (first < 0) {
            present = "no segment is present";
        } else if (Long.compareUnsigned(seg, first) < 0) {
            present = "the oldest present is " + source.segmentName(first);
        } else {
            long next = source.nextSegment(seg);
            if (next >= 0) {
                present = "the next present is " + source.segmentName(next);
            } else {
                long last = first;
                for (long s = source.nextSegment(first); s >= 0; s = source.nextSegment(s)) {
                    last = s;
                }
                present = "the newest present is " + source.segmentName(last);
            }
        }
        throw new TruncatedWalException(WalMessage.of("WAL segment " + source.segmentName(seg) + " (holding ",
                Lsn.of(start), ") is missing; " + present), 0, null, -1);
    }

    /** The error when no record is found from {@code start} on (XLogFindNextRecord's failure). */
    static WalFormatException noValidRecord(long start, SegmentSource source) {
        long segSize = source.segmentSize();
        return new WalFormatException(WalMessage.of("could not find a valid record after ", Lsn.of(start)), start,
                source.segmentName(start / segSize), start % segSize);
    }

    /** The error for a page at {@code pageLsn} whose {@code xlp_magic} is not that of the pages before it. */
    static WalFormatException invalidMagic(int magic, WalVersion expected, long pageLsn, SegmentSource source) {
        long segSize = source.segmentSize();
        return new WalFormatException(String.format(Locale.ROOT, "invalid magic number %04X (expected: %04X)", magic,
                expected.magic()), pageLsn, source.segmentName(pageLsn / segSize), pageLsn % segSize);
    }

    /** The error for a long page header whose system identifier is not that of an earlier segment. */
    static WalFormatException differentSystem(long sysid, long expected, long pageLsn, SegmentSource source) {
        long segSize = source.segmentSize();
        return new WalFormatException("WAL file is from different database system: WAL file database system identifier"
                + " is " + Long.toUnsignedString(sysid) + " (expected: " + Long.toUnsignedString(expected)
                + ", from an earlier segment)", pageLsn, source.segmentName(pageLsn / segSize), pageLsn % segSize);
    }

    /** The error for a record requested at {@code lsn}, a page start, where the page says a record continues. */
    static WalFormatException contrecordRequested(long lsn, SegmentSource source) {
        long segSize = source.segmentSize();
        return new WalFormatException(WalMessage.of("contrecord is requested by ", Lsn.of(lsn)), lsn,
                source.segmentName(lsn / segSize), lsn % segSize);
    }

    /** The error for a page at {@code pageLsn} whose {@code xlp_tli} is below that of the page read before it. */
    static WalFormatException outOfSequenceTimeline(long tli, long after, long pageLsn, SegmentSource source) {
        long segSize = source.segmentSize();
        return new WalFormatException("out-of-sequence timeline ID " + tli + " (after " + after + ")", pageLsn,
                source.segmentName(pageLsn / segSize), pageLsn % segSize);
    }

    /** The error for a record at {@code lsn} whose {@code xl_prev} is wrong; {@code expected} -1 = unknown. */
    static WalFormatException incorrectPrevLink(long prev, long expected, long lsn, SegmentSource source) {
        WalMessage what = WalMessage.of("record with incorrect prev-link ", Lsn.of(prev));
        if (expected >= 0) {
            what = what.plus(" (expected: ", Lsn.of(expected), ")");
        }
        long segSize = source.segmentSize();
        return new WalFormatException(what, lsn, source.segmentName(lsn / segSize), lsn % segSize);
    }
}
