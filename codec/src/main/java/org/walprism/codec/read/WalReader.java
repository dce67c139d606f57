package org.walprism.codec.read;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.CRC32C;
import org.walprism.codec.ChecksumMismatchException;
import org.walprism.codec.Lsn;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.UnsupportedWalVersionException;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.page.PageFlags;
import org.walprism.codec.page.PageHeader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Streams the records of a WAL range in LSN order, as PostgreSQL's xlogreader does: page-header validation,
 * reassembly of records spanning pages and segments, CRC-32C, {@code xl_prev} chaining, XLOG_SWITCH, and
 * end of WAL recognised where the next record's length is zero or the next page was never written.
 *
 * <p>Records inside one page are parsed in place from the memory-mapped segment (no copy); records that
 * span pages are copied into one reusable buffer that grows only as bytes actually arrive. Memory stays
 * constant whatever the amount of WAL. {@link #nextView()} allocates nothing per record.
 *
 * <p>Range semantics are pg_waldump's: reading starts at the first record at or after the start LSN
 * (XLogFindNextRecord) and includes every record whose bytes end at or before the end LSN.
 */
public final class WalReader implements AutoCloseable {
    private static final int BLCKSZ = PageHeader.XLOG_BLCKSZ;
    private static final int XLOG_SWITCH = 0x40;
    private static final long MAX_RECORD_SIZE = 1020L * 1024 * 1024;

    private final SegmentSource source;
    private final long segSize;
    private final long endLsn;
    private final long stopStart;
    private final RecordView view = new RecordView();
    private final CRC32C crc = new CRC32C();
    private ByteBuf assembly = Unpooled.buffer(2 * BLCKSZ);
    private WalVersion version;
    private long nextLsn;
    private long expectedPrev = -1;
    private long firstRecordLsn;
    private long lastEnd;
    private long lastTli;
    private boolean done;
    private long recordsRead;

    // The page whose header was validated last (segment buffer, index, header size, info, remLen).
    private long curPageLsn = -1;
    private ByteBuf curSeg;
    private int curPageHeaderSize;
    private int curPageInfo;
    private long curPageRemLen;

    private WalReader(SegmentSource source, long startLsn, long endLsn, long stopStart) {
        this.source = source;
        this.segSize = source.segmentSize();
        this.endLsn = endLsn;
        this.stopStart = stopStart;
        long start = startLsn;
        if (start == 0) {
            long first = source.firstSegment();
            start = first * segSize;
        }
        this.firstRecordLsn = findFirstRecord(start);
        this.nextLsn = firstRecordLsn;
    }

    /**
     * Opens the WAL in {@code path} (a directory or one segment file).
     *
     * @param startLsn first record at or after this LSN; 0 = the first record of the lowest segment
     * @param endLsn   stop before records that end after this LSN; 0 = read to the end of WAL
     */
    public static WalReader open(Path path, long startLsn, long endLsn) {
        return open(path, startLsn, endLsn, 0);
    }

    /** As {@link #open(Path, long, long)}, for timeline {@code timeline} (0 = as pg_waldump chooses). */
    public static WalReader open(Path path, long startLsn, long endLsn, int timeline) {
        return new WalReader(WalDirectory.open(path, timeline), startLsn, endLsn, 0);
    }

    /** Reads from any {@link SegmentSource}. */
    public static WalReader open(SegmentSource source, long startLsn, long endLsn) {
        return new WalReader(source, startLsn, endLsn, 0);
    }

    /**
     * A reader for one chunk of a range: the records that start in {@code [chunkStart, stopStart)} and end at or
     * before {@code endLsn} (0 = end of WAL). {@code chunkStart} may be a segment start: a record continued from
     * the previous segment is skipped, as its first page's {@code xlp_rem_len} says. The first record's
     * {@code xl_prev} is only checked to point backwards; callers chaining chunks check it against the previous
     * chunk's last record ({@link #firstRecordPrev()}).
     */
    public static WalReader openChunk(SegmentSource source, long chunkStart, long stopStart, long endLsn) {
        return new WalReader(source, chunkStart, endLsn, stopStart);
    }

    /** True when reading stopped because the next record starts at or after the chunk's stop LSN. */
    public boolean reachedStop() {
        return stopStart != 0 && done && Long.compareUnsigned(nextLsn, stopStart) >= 0;
    }

    private long firstPrev = -1;

    /** {@code xl_prev} of the first record returned, or -1. */
    public long firstRecordPrev() {
        return firstPrev;
    }

    /** Start LSN of the last record returned, or -1. */
    public long lastRecordLsn() {
        return expectedPrev;
    }

    /** The WAL version read from the first page's magic. */
    public WalVersion version() {
        return version;
    }

    public int segmentSize() {
        return (int) segSize;
    }

    public int timeline() {
        return source.timeline();
    }

    /** LSN of the first record of the range (after skipping a continuation or a partial start). */
    public long firstRecordLsn() {
        return firstRecordLsn;
    }

    /** The LSN just after the last record returned (pg_waldump's EndRecPtr, aligned). */
    public long endOfLastRecord() {
        return lastEnd;
    }

    public long recordsRead() {
        return recordsRead;
    }

    /** The next record as a decoded value, or null at the end of the range or of the WAL. */
    public DecodedRecord next() {
        RecordView v = nextView();
        return v == null ? null : v.toDecoded();
    }

    /**
     * The next record as a flyweight view valid until the next call, or null at the end of the range or of the
     * WAL. Allocates nothing for records that fit in one page.
     *
     * @throws WalFormatException on invalid WAL before the end of the range
     */
    public RecordView nextView() {
        if (done) {
            return null;
        }
        RecordView v = readRecord(nextLsn);
        if (v == null) {
            done = true;
        } else {
            if (recordsRead == 0) {
                firstPrev = v.prev();
            }
            recordsRead++;
        }
        return v;
    }

    // ---- record reading ----

    private RecordView readRecord(long lsn) {
        if (endLsn != 0 && Long.compareUnsigned(lsn, endLsn) >= 0) {
            return null;
        }
        if (stopStart != 0 && Long.compareUnsigned(lsn, stopStart) >= 0) {
            return null;
        }
        if (!loadPage(lsn - lsn % BLCKSZ, false)) {
            return null;
        }
        int pageOff = (int) (lsn % BLCKSZ);
        if (pageOff == 0) {
            // A record that ended at a page boundary: the next one starts after this page's header.
            if ((curPageInfo & PageHeader.FIRST_IS_CONTRECORD) != 0) {
                throw fail("contrecord is requested by " + Lsn.format(lsn, true), lsn);
            }
            lsn += curPageHeaderSize;
            pageOff = curPageHeaderSize;
            nextLsn = lsn;
            if (endLsn != 0 && Long.compareUnsigned(lsn, endLsn) >= 0) {
                return null;
            }
            if (stopStart != 0 && Long.compareUnsigned(lsn, stopStart) >= 0) {
                return null;
            }
        }
        if (pageOff < curPageHeaderSize) {
            throw fail("invalid record offset", lsn);
        }
        int segIndex = (int) (lsn % segSize);
        long totLen = curSeg.getUnsignedIntLE(segIndex);
        if (totLen == 0) {
            return endOfWal("invalid record length: expected at least 24, got 0", lsn);
        }
        if (totLen < RecordView.HEADER_SIZE) {
            throw fail("invalid record length " + totLen + " (expected: >= 24)", lsn);
        }
        if (totLen > MAX_RECORD_SIZE) {
            throw fail("invalid record length " + totLen + " (expected: <= " + MAX_RECORD_SIZE + ")", lsn);
        }
        int len = (int) totLen;
        int onPage = BLCKSZ - pageOff;
        ByteBuf buf;
        int base;
        long recordEnd;
        long nextStart;
        if (len <= onPage) {
            recordEnd = lsn + len;
            if (endLsn != 0 && Long.compareUnsigned(recordEnd, endLsn) > 0) {
                return null;
            }
            buf = curSeg;
            base = segIndex;
            checkHeader(buf, base, len, lsn);
            nextStart = lsn + maxAlign(len);
        } else {
            assembly.clear();
            int headerChecked = 0;
            if (onPage >= RecordView.HEADER_SIZE) {
                checkHeader(curSeg, segIndex, len, lsn);
                headerChecked = 1;
            }
            append(curSeg, segIndex, onPage);
            long got = onPage;
            long page = lsn - pageOff;
            while (got < len) {
                page += BLCKSZ;
                if (endLsn != 0 && Long.compareUnsigned(page, endLsn) >= 0) {
                    return null;
                }
                if (!loadPage(page, true)) {
                    return null;
                }
                if ((curPageInfo & PageFlags.overwriteContrecord(version)) != 0) {
                    // The partial record was abandoned by crash recovery; a new record starts on this page.
                    return readRecord(page + curPageHeaderSize);
                }
                if ((curPageInfo & PageHeader.FIRST_IS_CONTRECORD) == 0) {
                    throw fail("there is no contrecord flag", page);
                }
                long expected = len - got;
                if (curPageRemLen == 0 || curPageRemLen != expected) {
                    throw fail(String.format(Locale.ROOT, "invalid contrecord length %d (expected: %d)",
                            curPageRemLen, expected), page);
                }
                int avail = BLCKSZ - curPageHeaderSize;
                int take = (int) Math.min(avail, expected);
                if (endLsn != 0 && Long.compareUnsigned(page + curPageHeaderSize + take, endLsn) > 0) {
                    return null;
                }
                append(curSeg, (int) (page % segSize) + curPageHeaderSize, take);
                got += take;
                if (headerChecked == 0 && got >= RecordView.HEADER_SIZE) {
                    checkHeader(assembly, 0, len, lsn);
                    headerChecked = 1;
                }
                if (got == len) {
                    nextStart = page + curPageHeaderSize + maxAlign(take);
                    recordEnd = page + curPageHeaderSize + take;
                    buf = assembly;
                    base = 0;
                    return finish(buf, base, len, lsn, nextStart);
                }
            }
            throw new IllegalStateException("unreachable");
        }
        return finish(buf, base, len, lsn, nextStart);
    }

    private RecordView finish(ByteBuf buf, int base, int len, long lsn, long nextStart) {
        verifyCrc(buf, base, len, lsn);
        try {
            view.parse(version, buf, base, len, lsn);
        } catch (WalFormatException e) {
            throw fail(e.detail(), lsn);
        }
        expectedPrev = lsn;
        if (view.rmid() == RmgrTable.XLOG && (view.info() & 0xF0) == XLOG_SWITCH) {
            // After XLOG_SWITCH the rest of the segment is unused: the next record starts the next segment, and
            // the switch record is taken to extend to it (xlogreader's EndRecPtr).
            long segStart = nextStart - nextStart % segSize;
            if (nextStart != segStart) {
                nextStart = segStart + segSize;
            }
        }
        lastEnd = nextStart;
        nextLsn = nextStart;
        return view;
    }

    private void checkHeader(ByteBuf buf, int base, int len, long lsn) {
        int rmid = buf.getUnsignedByte(base + 17);
        if (!RmgrTable.isValid(version, rmid)) {
            throw fail("invalid resource manager ID " + rmid, lsn);
        }
        long prev = buf.getLongLE(base + 8);
        if (expectedPrev >= 0) {
            if (prev != expectedPrev) {
                throw fail("record with incorrect prev-link " + Lsn.format(prev, true) + " (expected: "
                        + Lsn.format(expectedPrev, true) + ")", lsn);
            }
        } else if (Long.compareUnsigned(prev, lsn) >= 0) {
            throw fail("record with incorrect prev-link " + Lsn.format(prev, true), lsn);
        }
    }

    private void verifyCrc(ByteBuf buf, int base, int len, long lsn) {
        crc.reset();
        if (buf.hasArray()) {
            byte[] a = buf.array();
            int off = buf.arrayOffset() + base;
            crc.update(a, off + RecordView.HEADER_SIZE, len - RecordView.HEADER_SIZE);
            crc.update(a, off, 20);
        } else {
            java.nio.ByteBuffer nio = nioOf(buf);
            nio.limit(base + len).position(base + RecordView.HEADER_SIZE);
            crc.update(nio);
            nio.limit(base + 20).position(base);
            crc.update(nio);
        }
        long actual = crc.getValue();
        long stored = buf.getUnsignedIntLE(base + 20);
        if (actual != stored) {
            throw new ChecksumMismatchException(stored, actual, lsn, source.segmentName(lsn / segSize),
                    lsn % segSize);
        }
    }

    /**
     * Appends {@code len} bytes of segment {@code seg} at {@code index} to the reassembly buffer, which grows
     * only by what arrives. Copies through the segment's NIO view: Netty's generic copy would allocate a
     * buffer duplicate per call.
     */
    private void append(ByteBuf seg, int index, int len) {
        assembly.ensureWritable(len);
        int w = assembly.writerIndex();
        if (seg.hasArray()) {
            System.arraycopy(seg.array(), seg.arrayOffset() + index, assembly.array(), assembly.arrayOffset() + w, len);
        } else {
            nioOf(seg).get(index, assembly.array(), assembly.arrayOffset() + w, len);
        }
        assembly.writerIndex(w + len);
    }

    private ByteBuf nioOwner;
    private java.nio.ByteBuffer nioView;

    private java.nio.ByteBuffer nioOf(ByteBuf buf) {
        if (buf != nioOwner) {
            nioOwner = buf;
            nioView = buf.nioBuffer(0, buf.capacity());
        }
        nioView.clear();
        return nioView;
    }

    // ---- pages ----

    /**
     * Loads and validates the page at {@code pageLsn}. Returns false at a clean end of WAL (missing segment
     * when no end was requested, a zero page, a recycled page).
     */
    private boolean loadPage(long pageLsn, boolean continuation) {
        if (pageLsn == curPageLsn) {
            return true;
        }
        long segno = pageLsn / segSize;
        ByteBuf seg = source.segment(segno);
        if (seg == null) {
            if (endLsn == 0) {
                return false;
            }
            throw new TruncatedWalException("missing WAL segment " + source.segmentName(segno)
                    + " (needed to read up to " + Lsn.format(endLsn, true) + ")", pageLsn,
                    source.segmentName(segno), 0);
        }
        int idx = (int) (pageLsn % segSize);
        int magic = seg.getUnsignedShortLE(idx);
        if (version == null) {
            try {
                version = WalVersion.fromMagic(magic);
            } catch (UnsupportedWalVersionException e) {
                throw new UnsupportedWalVersionException(magic, pageLsn, source.segmentName(segno), idx);
            }
        } else if (magic != version.magic()) {
            if (magic == 0 && isZero(seg, idx)) {
                return endOfWalPage(pageLsn, continuation);
            }
            throw fail(String.format(Locale.ROOT, "invalid magic number %04X (expected: %04X)", magic,
                    version.magic()), pageLsn);
        }
        int info = seg.getUnsignedShortLE(idx + 2);
        if ((info & ~PageFlags.allFlags(version)) != 0) {
            throw fail(String.format(Locale.ROOT, "invalid info bits %04X", info), pageLsn);
        }
        boolean isLong = (info & PageHeader.LONG_HEADER) != 0;
        if (idx == 0) {
            if (!isLong) {
                throw fail(String.format(Locale.ROOT, "invalid info bits %04X (expected: long header at segment start)",
                        info), pageLsn);
            }
            long segSizeHdr = seg.getUnsignedIntLE(32);
            long blcksz = seg.getUnsignedIntLE(36);
            if (segSizeHdr != segSize || blcksz != BLCKSZ) {
                throw fail(String.format(Locale.ROOT,
                        "WAL file is from different database system: segment size %d, block size %d (expected: %d, %d)",
                        segSizeHdr, blcksz, segSize, BLCKSZ), pageLsn);
            }
        }
        long addr = seg.getLongLE(idx + 8);
        if (addr != pageLsn) {
            // A recycled segment still holds old pages: that is where the written WAL ends.
            if (endLsn == 0 && !continuation) {
                return false;
            }
            throw fail("unexpected pageaddr " + Lsn.format(addr, true), pageLsn);
        }
        long tli = seg.getUnsignedIntLE(idx + 4);
        if (tli < lastTli) {
            throw fail("out-of-sequence timeline ID " + tli + " (after " + lastTli + ")", pageLsn);
        }
        lastTli = tli;
        curPageLsn = pageLsn;
        curSeg = seg;
        curPageInfo = info;
        curPageHeaderSize = isLong ? PageHeader.LONG_SIZE : PageHeader.SHORT_SIZE;
        curPageRemLen = seg.getUnsignedIntLE(idx + 16);
        return true;
    }

    /** True when the page at {@code pageLsn} exists but was never written (all-zero header). */
    private boolean isBlankPage(long pageLsn) {
        ByteBuf seg = source.segment(pageLsn / segSize);
        return seg != null && isZero(seg, (int) (pageLsn % segSize));
    }

    private static boolean isZero(ByteBuf seg, int idx) {
        for (int i = 0; i < PageHeader.SHORT_SIZE; i += 8) {
            if (seg.getLongLE(idx + i) != 0) {
                return false;
            }
        }
        return true;
    }

    private boolean endOfWalPage(long pageLsn, boolean continuation) {
        if (endLsn == 0 && !continuation) {
            return false;
        }
        throw fail("invalid magic number 0000 (page never written: end of WAL)", pageLsn);
    }

    private RecordView endOfWal(String why, long lsn) {
        if (endLsn == 0) {
            return null;
        }
        throw fail(why + "; WAL ends before the requested end " + Lsn.format(endLsn, true), lsn);
    }

    private WalFormatException fail(String what, long lsn) {
        long segno = lsn / segSize;
        return new WalFormatException(what, lsn, source.segmentName(segno), lsn % segSize);
    }

    // ---- finding the first record ----

    private long findFirstRecord(long start) {
        long tmp = start;
        while (true) {
            long pageLsn = tmp - tmp % BLCKSZ;
            if (stopStart != 0 && Long.compareUnsigned(pageLsn, stopStart) >= 0) {
                done = true;
                nextLsn = pageLsn;
                return pageLsn;
            }
            if (isBlankPage(pageLsn) || !loadPage(pageLsn, false)) {
                if (stopStart != 0) {
                    done = true;
                    nextLsn = pageLsn;
                    return pageLsn;
                }
                throw new WalFormatException("could not find a valid record after " + Lsn.format(start, true),
                        start, source.segmentName(start / segSize), start % segSize);
            }
            if ((curPageInfo & PageHeader.FIRST_IS_CONTRECORD) != 0) {
                if (maxAlign(curPageRemLen) >= BLCKSZ - curPageHeaderSize) {
                    tmp = pageLsn + BLCKSZ;
                    continue;
                }
                tmp = pageLsn + curPageHeaderSize + maxAlign(curPageRemLen);
            } else {
                tmp = pageLsn + curPageHeaderSize;
            }
            break;
        }
        // Read records from the page's first one until one starts at or after the requested LSN; that one must
        // be valid, as XLogFindNextRecord requires. It is then read again by nextView, with the prev-link check.
        long lsn = tmp;
        while (true) {
            long savedPrev = expectedPrev;
            long savedEnd = lastEnd;
            RecordView v = readRecord(lsn);
            if (v == null) {
                if (stopStart != 0) {
                    done = true;
                    return lsn;
                }
                throw new WalFormatException("could not find a valid record after " + Lsn.format(start, true),
                        start, source.segmentName(start / segSize), start % segSize);
            }
            if (Long.compareUnsigned(v.lsn(), start) >= 0) {
                expectedPrev = savedPrev;
                lastEnd = savedEnd;
                return v.lsn();
            }
            lsn = nextLsn;
        }
    }

    private static long maxAlign(long n) {
        return (n + 7) & ~7L;
    }

    @Override
    public void close() {
        source.close();
        assembly = Unpooled.EMPTY_BUFFER;
    }

    /** Used by tests: the segment source read. */
    SegmentSource source() {
        return source;
    }
}
