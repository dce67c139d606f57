package org.walprism.codec.read;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.CRC32C;
import org.walprism.codec.ChecksumMismatchException;
import org.walprism.codec.Lsn;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.UnsupportedWalVersionException;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.RecordViewAccess;
import org.walprism.codec.page.PageFlags;
import org.walprism.codec.page.PageHeader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.xlog.XlogCodec;

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
    private static final long MAX_RECORD_SIZE = 1020L * 1024 * 1024;

    /** Bytes read from a segment in one go: sequential reading costs one read call per window. */
    static final int WINDOW = 1 << 20;

    private final SegmentSource source;
    private final TimelineHistory history;
    private final boolean firstChunk;
    private final boolean deferFirstPrev;
    private final long requestedStart;
    private long firstHeaderLsn = -1;
    private long firstHeaderPrev;
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
    private long firstTli;
    private long firstPageLsn = -1;
    private boolean firstPageContinued;
    private long magicPageLsn = -1;
    private int firstMagic;
    private boolean searchEnded;
    private long sysid;
    private boolean done;
    private long recordsRead;
    private String endReason;
    private boolean endMissing;
    private String endNote;

    // Following a live source (null otherwise): see follow().
    private LiveSource live;
    private Idle idle;
    private boolean begun = true;
    private boolean waiting;
    private long needEnd;
    private long failingLsn = -1;
    private long failingSince;
    private long missingSeg = -1;

    // The read window: bytes [winStart, winStart + winLen) of segment winSeg.
    private final java.nio.ByteBuffer win;
    private final java.nio.ByteBuffer winCrc;
    private final ByteBuf winBuf;
    private long winSeg = -1;
    private int winStart;
    private int winLen;
    private final byte[] head = new byte[PageHeader.LONG_SIZE];
    private long checkedSeg = -1;

    // The page whose header was validated last (window index, header size, info, remLen).
    private long curPageLsn = -1;
    private int curIdx;
    private int curPageHeaderSize;
    private int curPageInfo;
    private long curPageRemLen;

    private WalReader(SegmentSource source, long startLsn, long endLsn, long stopStart, boolean firstChunk,
                      boolean deferFirstPrev, java.nio.ByteBuffer window) {
        this.source = source;
        this.history = source.history();
        this.firstChunk = firstChunk;
        this.deferFirstPrev = deferFirstPrev;
        this.segSize = source.segmentSize();
        this.endLsn = endLsn;
        this.stopStart = stopStart;
        int w = (int) Math.min(segSize, WINDOW);
        // A direct buffer: the kernel copies file bytes straight into it (a heap array would cost a second copy).
        this.win = window != null && window.capacity() == w ? window : java.nio.ByteBuffer.allocateDirect(w);
        this.winCrc = win.duplicate();
        this.winBuf = Unpooled.wrappedBuffer(win.duplicate().clear());
        long start = startLsn;
        if (start == 0) {
            long first = source.firstSegment();
            start = first * segSize;
        }
        this.requestedStart = start;
    }

    /** Finds the first record of the range; reading can start. */
    WalReader begin() {
        firstRecordLsn = findFirstRecord(requestedStart);
        nextLsn = firstRecordLsn;
        return this;
    }

    /** Reads from any {@link SegmentSource}. */
    public static WalReader open(SegmentSource source, long startLsn, long endLsn) {
        return new WalReader(source, startLsn, endLsn, 0, true, false, null).begin();
    }

    /** Called while a following reader waits for WAL. */
    @FunctionalInterface
    public interface Idle {
        /**
         * The reader has read all the WAL there is so far and waits at {@code lsn} (the start of the record it
         * waits for).
         *
         * @return false to stop: {@link #nextView()} then returns null
         */
        boolean idle(long lsn);
    }

    /** How long a following reader waits for WAL between two looks. */
    static final long FOLLOW_POLL_MILLIS = 200;
    /**
     * How long a record that fails to validate in a live file may keep failing before it is reported: a page
     * read while the server writes it can hold part of a record (pg_waldump --follow retries for ever).
     */
    static final long TORN_GRACE_NANOS = 10_000_000_000L;

    /**
     * A reader that follows a growing source, as pg_waldump {@code --follow} does: at the end of the written WAL
     * (a zero record length, a page not written yet, a recycled segment's old page, a segment file not there
     * yet) it calls {@code idle}, waits for the source ({@link LiveSource#await}) and reads again from the
     * record it stopped at, instead of ending. A record that fails to validate where the source may still be
     * writing is read again too. Reading ends at {@code endLsn} (0 = never), when {@code idle} says stop, or
     * when the source ends. Nothing is read before the first {@link #nextView()}: the start may not be written
     * yet.
     */
    public static WalReader follow(LiveSource source, long startLsn, long endLsn, Idle idle) {
        WalReader r = new WalReader(source, startLsn, endLsn, 0, true, false, null);
        r.live = source;
        r.idle = idle;
        r.begun = false;
        return r;
    }

    /**
     * A reader for one chunk of a range: the records that start in {@code [chunkStart, stopStart)} and end at or
     * before {@code endLsn} (0 = end of WAL). {@code chunkStart} may be a segment start: a record continued from
     * the previous segment is skipped, as its first page's {@code xlp_rem_len} says. The first record's
     * {@code xl_prev} is only checked to point backwards; callers chaining chunks check it against the previous
     * chunk's last record ({@link #firstRecordPrev()}).
     */
    public static WalReader openChunk(SegmentSource source, long chunkStart, long stopStart, long endLsn) {
        return openChunk(source, chunkStart, stopStart, endLsn, false);
    }

    /**
     * As {@link #openChunk(SegmentSource, long, long, long)}; {@code firstChunk} makes the chunk fail as a
     * sequential reader does when no valid record is found at its start, where a later chunk's start may be
     * the end of the WAL.
     */
    public static WalReader openChunk(SegmentSource source, long chunkStart, long stopStart, long endLsn,
                                      boolean firstChunk) {
        return new WalReader(source, chunkStart, endLsn, stopStart, firstChunk, false, null).begin();
    }

    /**
     * As {@link #openChunk(SegmentSource, long, long, long, boolean)}, for {@link ParallelWalScan}: reading through
     * {@code window} (reused across chunks), nothing is read until {@link #begin()}, and a later chunk's first record
     * header is not checked against its prev-link at all but kept ({@link #start()}): the scan checks it against the
     * previous chunk's last record before anything this chunk found after it, so that it fails as a sequential reader
     * does.
     */
    static WalReader unstartedChunk(SegmentSource source, long chunkStart, long stopStart, long endLsn,
                                    boolean firstChunk, java.nio.ByteBuffer window) {
        return new WalReader(source, chunkStart, endLsn, stopStart, firstChunk, !firstChunk, window);
    }

    /**
     * What a reader found where it started, for the checks a sequential reader makes there with the state it carries
     * from the WAL before (a later chunk of {@link ParallelWalScan} reads its start without that state).
     *
     * @param magicPageLsn the first page looked at that was not all zero (-1: none), {@code magic} its xlp_magic
     * @param pageLsn      the first page that validated (-1: none), {@code continued} whether it has
     *                     XLP_FIRST_IS_CONTRECORD, {@code tli} its xlp_tli
     * @param sysid        the system identifier of the first long header read (0: none)
     * @param headerLsn    the first record header whose prev-link was left unchecked (-1: none), {@code headerPrev}
     *                     its xl_prev
     * @param searchEnded  a later chunk's search for its first record came to a page that was not there (never
     *                     written, recycled, missing), where it decided on the end of WAL
     */
    record Start(long magicPageLsn, int magic, long pageLsn, boolean continued, long tli, long sysid, long headerLsn,
                 long headerPrev, boolean searchEnded) implements java.io.Serializable {
    }

    /** What this reader found where it started (see {@link Start}). */
    Start start() {
        return new Start(magicPageLsn, firstMagic, firstPageLsn, firstPageContinued, firstTli, sysid, firstHeaderLsn,
                firstHeaderPrev, searchEnded);
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
        throw new TruncatedWalException("WAL segment " + source.segmentName(seg) + " (holding "
                + Lsn.format(start, true) + ") is missing; " + present);
    }

    /** The error when no record is found from {@code start} on (XLogFindNextRecord's failure). */
    static WalFormatException noValidRecord(long start, SegmentSource source) {
        long segSize = source.segmentSize();
        return new WalFormatException("could not find a valid record after " + Lsn.format(start, true), start,
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
        return new WalFormatException("contrecord is requested by " + Lsn.format(lsn, true), lsn,
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
        String what = "record with incorrect prev-link " + Lsn.format(prev, true)
                + (expected >= 0 ? " (expected: " + Lsn.format(expected, true) + ")" : "");
        long segSize = source.segmentSize();
        return new WalFormatException(what, lsn, source.segmentName(lsn / segSize), lsn % segSize);
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

    /** {@code xlp_tli} of the first page read, or 0. */
    public long firstPageTimeline() {
        return firstTli;
    }

    /** {@code xlp_tli} of the last page read, or 0. */
    public long lastPageTimeline() {
        return lastTli;
    }

    /** The WAL version read from the first page's magic. */
    public WalVersion version() {
        return version;
    }

    /** The segment size read from the first long page header ({@code xlp_seg_size}). */
    public int segmentSize() {
        return (int) segSize;
    }

    /** The timeline the source reads. */
    public int timeline() {
        return source.timeline();
    }

    /**
     * The timeline of the segment file the last record returned ends in (pg_waldump's {@code ws_tli} after reading
     * it): {@link #timeline()}, or with a history file followed the timeline that file belongs to.
     */
    public int lastRecordTimeline() {
        long last = lastEnd == 0 ? nextLsn : lastEnd - 1;
        return source.history().timelineOfSegment(last / segSize, segSize);
    }

    /** LSN of the first record of the range (after skipping a continuation or a partial start). */
    public long firstRecordLsn() {
        return firstRecordLsn;
    }

    /** {@link #firstRecordLsn()} as an {@link Lsn}, or empty before the first record was read. */
    public Optional<Lsn> firstRecord() {
        return recordsRead == 0 ? Optional.empty() : Optional.of(Lsn.of(firstRecordLsn));
    }

    /** {@link #endOfLastRecord()} as an {@link Lsn}, or empty before the first record was read. */
    public Optional<Lsn> endOfLast() {
        return recordsRead == 0 ? Optional.empty() : Optional.of(Lsn.of(lastEnd));
    }

    /** The LSN just after the last record returned (pg_waldump's EndRecPtr, aligned). */
    public long endOfLastRecord() {
        return lastEnd;
    }

    /** Records returned so far. */
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
        if (live != null) {
            return followView();
        }
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

    // ---- following ----

    private RecordView followView() {
        while (!done) {
            try {
                if (!begun) {
                    expectedPrev = -1; // what an earlier look found before the end is read again
                    lastEnd = 0;
                    firstRecordLsn = findFirstRecord(requestedStart);
                    nextLsn = firstRecordLsn;
                    begun = true;
                }
                RecordView v = readRecord(nextLsn);
                if (v != null) {
                    failingLsn = -1;
                    if (recordsRead == 0) {
                        firstPrev = v.prev();
                    }
                    recordsRead++;
                    return v;
                }
                if (!waiting) {
                    done = true; // the requested end
                    return null;
                }
            } catch (WalFormatException e) {
                if (!waiting && !incomplete()) {
                    throw e;
                }
            }
            if (waiting && endMissing && expectedPrev >= 0 && missingSeg <= expectedPrev / segSize) {
                // a segment already read from is gone: the server recycled it before the reader was done
                throw new TruncatedWalException("WAL segment " + source.segmentName(missingSeg) + " was removed "
                        + "while it was read (the server recycles segments after a checkpoint; a replication slot "
                        + "keeps them)", nextLsn, source.segmentName(missingSeg), nextLsn % segSize);
            }
            waiting = false;
            forgetPages();
            long at = begun ? nextLsn : requestedStart;
            if (!idle.idle(at) || !live.await(at, FOLLOW_POLL_MILLIS)) {
                done = true;
            }
        }
        return null;
    }

    /**
     * Whether a record that failed to validate may only be incomplete: it reaches past the bytes the source
     * has for certain, or (a file being written) it has not failed for longer than {@link #TORN_GRACE_NANOS}.
     */
    private boolean incomplete() {
        long avail = live.availableEnd();
        if (avail >= 0) {
            return Long.compareUnsigned(avail, needEnd) < 0;
        }
        long at = begun ? nextLsn : requestedStart;
        long now = System.nanoTime();
        if (failingLsn != at) {
            failingLsn = at;
            failingSince = now;
        }
        return now - failingSince < TORN_GRACE_NANOS;
    }

    /** Drops what was read of pages, so that they are read again: the source may have more of them now. */
    private void forgetPages() {
        curPageLsn = -1;
        winSeg = -1;
        checkedSeg = -1;
    }

    /** The LSN a record of {@code len} bytes at {@code lsn} ends at, page headers included (an upper bound). */
    private static long reach(long lsn, long len) {
        return lsn + len + (len / (BLCKSZ - PageHeader.SHORT_SIZE) + 2) * PageHeader.LONG_SIZE;
    }

    // ---- record reading ----

    private RecordView readRecord(long lsn) {
        needEnd = reach(lsn, RecordView.HEADER_SIZE);
        if (endLsn != 0 && Long.compareUnsigned(lsn, endLsn) >= 0) {
            return null;
        }
        if (stopStart != 0 && Long.compareUnsigned(lsn, stopStart) >= 0) {
            return null;
        }
        if (!loadPage(lsn - lsn % BLCKSZ)) {
            return endOfWal(lsn, lsn - lsn % BLCKSZ, false);
        }
        int pageOff = (int) (lsn % BLCKSZ);
        if (pageOff == 0) {
            // A record that ended at a page boundary: the next one starts after this page's header.
            if ((curPageInfo & PageHeader.FIRST_IS_CONTRECORD) != 0) {
                throw contrecordRequested(lsn, source);
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
        int index = curIdx + pageOff;
        long totLen = winBuf.getUnsignedIntLE(index);
        if (totLen == 0) {
            endReason = "invalid record length at " + Lsn.format(lsn, true) + ": expected at least 24, got 0";
            endMissing = false;
            return endOfWal(lsn, lsn, true);
        }
        if (totLen < RecordView.HEADER_SIZE) {
            throw fail("invalid record length " + totLen + " (expected: >= 24)", lsn);
        }
        if (totLen > MAX_RECORD_SIZE) {
            throw fail("invalid record length " + totLen + " (expected: <= " + MAX_RECORD_SIZE + ")", lsn);
        }
        int len = (int) totLen;
        needEnd = reach(lsn, len);
        int onPage = BLCKSZ - pageOff;
        if (len <= onPage) {
            if (endLsn != 0 && Long.compareUnsigned(lsn + len, endLsn) > 0) {
                return null;
            }
            checkHeader(winBuf, index, lsn);
            return finish(winBuf, index, len, lsn, lsn + maxAlign(len));
        }
        assembly.clear();
        boolean headerChecked = false;
        if (onPage >= RecordView.HEADER_SIZE) {
            checkHeader(winBuf, index, lsn);
            headerChecked = true;
        }
        append(index, onPage);
        long got = onPage;
        long page = lsn - pageOff;
        while (got < len) {
            page += BLCKSZ;
            if (endLsn != 0 && Long.compareUnsigned(page, endLsn) >= 0) {
                return null;
            }
            if (!loadPage(page)) {
                endReason = "incomplete record at " + Lsn.format(lsn, true) + " (" + got + " of " + len
                        + " bytes): " + endReason;
                return endOfWal(lsn, page, false);
            }
            if ((curPageInfo & PageFlags.overwriteContrecord(version)) != 0) {
                // The partial record was abandoned by crash recovery; a new record starts on this page
                // (xlogreader: RecPtr = targetPagePtr; goto restart). Reading goes on from the page's start, so
                // that a chunk whose stop is that page (a segment start) ends there as having reached its stop.
                nextLsn = page;
                return readRecord(page);
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
            append(curIdx + curPageHeaderSize, take);
            got += take;
            if (!headerChecked && got >= RecordView.HEADER_SIZE) {
                checkHeader(assembly, 0, lsn);
                headerChecked = true;
            }
            if (got == len) {
                return finish(assembly, 0, len, lsn, page + curPageHeaderSize + maxAlign(take));
            }
        }
        throw new IllegalStateException("unreachable");
    }

    private RecordView finish(ByteBuf buf, int base, int len, long lsn, long nextStart) {
        verifyCrc(buf, base, len, lsn);
        try {
            RecordViewAccess.parse(view, version, buf, base, len, lsn);
        } catch (WalFormatException e) {
            throw fail(e.detail(), lsn);
        }
        expectedPrev = lsn;
        if (view.rmid() == RmgrTable.XLOG && (view.info() & 0xF0) == XlogCodec.XLOG_SWITCH) {
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

    private void checkHeader(ByteBuf buf, int base, long lsn) {
        int rmid = buf.getUnsignedByte(base + 17);
        if (!RmgrTable.isValid(version, rmid)) {
            throw fail("invalid resource manager ID " + rmid, lsn);
        }
        long prev = buf.getLongLE(base + 8);
        if (expectedPrev >= 0) {
            if (prev != expectedPrev) {
                throw incorrectPrevLink(prev, expectedPrev, lsn, source);
            }
        } else if (deferFirstPrev && (firstHeaderLsn < 0 || firstHeaderLsn == lsn)) {
            firstHeaderLsn = lsn; // checked by the caller against the previous chunk (read again by nextView)
            firstHeaderPrev = prev;
        } else if (Long.compareUnsigned(prev, lsn) >= 0) {
            throw incorrectPrevLink(prev, -1, lsn, source);
        }
    }

    private void verifyCrc(ByteBuf buf, int base, int len, long lsn) {
        long actual = crcOf(buf, base, len);
        long stored = buf.getUnsignedIntLE(base + 20);
        if (actual != stored) {
            throw new ChecksumMismatchException(stored, actual, lsn, source.segmentName(lsn / segSize),
                    lsn % segSize);
        }
    }

    /** CRC-32C of a record: {@code rec[24:len]}, then {@code rec[0:20]} (XLogRecord's xl_crc comes last). */
    private long crcOf(ByteBuf buf, int base, int len) {
        crc.reset();
        if (buf.hasArray()) {
            byte[] a = buf.array();
            int off = buf.arrayOffset() + base;
            crc.update(a, off + RecordView.HEADER_SIZE, len - RecordView.HEADER_SIZE);
            crc.update(a, off, 20);
        } else {
            winCrc.limit(base + len).position(base + RecordView.HEADER_SIZE);
            crc.update(winCrc);
            winCrc.limit(base + 20).position(base);
            crc.update(winCrc);
        }
        return crc.getValue();
    }

    /** Appends {@code len} window bytes at {@code index} to the reassembly buffer, which grows only by what arrives. */
    private void append(int index, int len) {
        assembly.ensureWritable(len);
        int w = assembly.writerIndex();
        win.get(index, assembly.array(), assembly.arrayOffset() + w, len);
        assembly.writerIndex(w + len);
    }

    // ---- pages ----

    /**
     * Makes the page at {@code pageOff} of segment {@code segno} readable in the window and returns the window
     * index where it starts, or -1 when the source has no such segment. The window holds up to
     * {@link #WINDOW} bytes read in one go from the page on, so sequential reading costs one read per window.
     */
    private int page(long segno, int pageOff) {
        if (segno == winSeg && pageOff >= winStart && pageOff + BLCKSZ <= winStart + winLen) {
            return pageOff - winStart;
        }
        int len = (int) Math.min(win.capacity(), segSize - pageOff);
        if (live != null && live.availableEnd() >= 0) {
            // a stream: read what has arrived (whole pages), not a window of zeros read again at every wait
            long have = live.availableEnd() - (segno * segSize + pageOff);
            len = (int) Math.max(BLCKSZ, Math.min(len, (have + BLCKSZ - 1) / BLCKSZ * BLCKSZ));
        }
        winSeg = -1;
        win.clear().limit(len);
        if (!source.read(segno, pageOff, win)) {
            return -1;
        }
        winSeg = segno;
        winStart = pageOff;
        winLen = win.position(); // less than len for a truncated segment file: its whole pages
        return 0;
    }

    /**
     * Loads and validates the page at {@code pageLsn}. Returns false where the written WAL may end (missing
     * segment, a page never written, a recycled page), with {@link #endReason} set; the caller decides with
     * {@link #endOfWal} whether it really ends there.
     */
    private boolean loadPage(long pageLsn) {
        if (pageLsn == curPageLsn) {
            return true;
        }
        long segno = Long.divideUnsigned(pageLsn, segSize);
        int pageOff = (int) Long.remainderUnsigned(pageLsn, segSize);
        if (segno != checkedSeg && pageOff != 0) {
            checkSegmentHeader(segno);
        }
        if (live != null && live.availableEnd() >= 0 && Long.compareUnsigned(live.availableEnd(),
                pageLsn + (pageOff == 0 ? PageHeader.LONG_SIZE : PageHeader.SHORT_SIZE)) < 0) {
            endReason = "page at " + Lsn.format(pageLsn, true) + " not received yet";
            endMissing = false;
            return false;
        }
        int idx = page(segno, pageOff);
        if (idx < 0) {
            endReason = "WAL segment " + source.segmentName(segno) + " is missing";
            endMissing = true;
            missingSeg = segno;
            return false;
        }
        ByteBuf seg = winBuf;
        int magic = seg.getUnsignedShortLE(idx);
        if (magic == 0 && isZero(seg, idx)) {
            endReason = "page at " + Lsn.format(pageLsn, true) + " was never written (zero header)";
            endMissing = false;
            return false;
        }
        if (magicPageLsn < 0) {
            magicPageLsn = pageLsn;
            firstMagic = magic;
        }
        if (version == null) {
            version = WalVersion.ofPageMagic(magic, pageLsn, source.segmentName(segno), pageOff);
        } else if (magic != version.magic()) {
            throw invalidMagic(magic, version, pageLsn, source);
        }
        int info = seg.getUnsignedShortLE(idx + 2);
        if ((info & ~PageFlags.allFlags(version)) != 0) {
            throw fail(String.format(Locale.ROOT, "invalid info bits %04X", info), pageLsn);
        }
        boolean isLong = (info & PageHeader.LONG_HEADER) != 0;
        long addr = seg.getLongLE(idx + 8);
        if (addr != pageLsn) {
            if (Long.compareUnsigned(addr, pageLsn) < 0) {
                // A recycled segment still holds an older segment's pages: the written WAL may end here.
                endReason = "unexpected pageaddr " + Lsn.format(addr, true) + " in WAL segment "
                        + source.segmentName(segno) + ", LSN " + Lsn.format(pageLsn, true) + " (recycled page)";
                endMissing = false;
                return false;
            }
            // An address ahead of the reader was never a recycled page.
            throw fail("unexpected pageaddr " + Lsn.format(addr, true), pageLsn);
        }
        if (pageOff == 0) {
            if (!isLong) {
                throw fail(String.format(Locale.ROOT, "invalid info bits %04X (expected: long header at segment start)",
                        info), pageLsn);
            }
            checkLongHeader(seg, idx, pageLsn);
            checkedSeg = segno;
        }
        long tli = seg.getUnsignedIntLE(idx + 4);
        if (tli < lastTli) {
            throw outOfSequenceTimeline(tli, lastTli, pageLsn, source);
        }
        checkInHistory(tli, pageLsn);
        if (firstPageLsn < 0) {
            firstPageLsn = pageLsn;
            firstTli = tli;
            firstPageContinued = (info & PageHeader.FIRST_IS_CONTRECORD) != 0;
        }
        lastTli = tli;
        curPageLsn = pageLsn;
        curIdx = idx;
        curPageInfo = info;
        curPageHeaderSize = isLong ? PageHeader.LONG_SIZE : PageHeader.SHORT_SIZE;
        curPageRemLen = seg.getUnsignedIntLE(idx + 16);
        return true;
    }

    /**
     * Validates the long header of segment {@code segno} when reading enters it past its first page, as
     * xlogreader's ReadPageInternal does at every segment switch: a corrupt magic, segment size, block size or
     * system identifier is found even when {@code -s} skips the page. A page 0 that is not this segment's (never
     * written, recycled) is left to the page that is actually read.
     */
    private void checkSegmentHeader(long segno) {
        checkedSeg = segno;
        if (live != null && live.availableEnd() >= 0
                && Long.compareUnsigned(live.availableEnd(), segno * segSize + PageHeader.LONG_SIZE) < 0) {
            return; // not received yet: checked when it is
        }
        if (!source.read(segno, 0, head, 0, PageHeader.LONG_SIZE)) {
            return;
        }
        ByteBuf h = Unpooled.wrappedBuffer(head);
        long segStart = segno * segSize;
        if (h.getLongLE(8) != segStart) {
            return;
        }
        int magic = h.getUnsignedShortLE(0);
        if (version == null) {
            version = WalVersion.ofPageMagic(magic, segStart, source.segmentName(segno), 0);
        } else if (magic != version.magic()) {
            throw invalidMagic(magic, version, segStart, source);
        }
        int info = h.getUnsignedShortLE(2);
        if ((info & ~PageFlags.allFlags(version)) != 0 || (info & PageHeader.LONG_HEADER) == 0) {
            throw fail(String.format(Locale.ROOT, "invalid info bits %04X (expected: long header at segment start)",
                    info), segStart);
        }
        long tli = h.getUnsignedIntLE(4);
        if (tli < lastTli) {
            throw outOfSequenceTimeline(tli, lastTli, segStart, source);
        }
        checkInHistory(tli, segStart);
        checkLongHeader(h, 0, segStart);
    }

    /**
     * When a history file is followed, a page's {@code xlp_tli} must be one of its timelines, as recovery requires
     * (xlogrecovery.c ReadRecord: tliInHistory of the page's timeline on expectedTLEs); with the check above
     * (xlogreader.c XLogReaderValidatePageHeader: never below the page before), the timeline of the pages may only
     * step up, and only to a timeline of the history. Without a history file pg_waldump checks neither.
     */
    private void checkInHistory(long tli, long pageLsn) {
        if (history.fromFile() && !history.contains(tli)) {
            throw fail("unexpected timeline ID " + tli + " (the timelines of " + history.file() + " are "
                    + String.join(", ", history.entries().stream()
                    .map(e -> String.valueOf(Integer.toUnsignedLong(e.tli()))).toList()) + ")", pageLsn);
        }
    }

    private void checkLongHeader(ByteBuf seg, int idx, long pageLsn) {
        long sysidHdr = seg.getLongLE(idx + 24);
        long segSizeHdr = seg.getUnsignedIntLE(idx + 32);
        long blcksz = seg.getUnsignedIntLE(idx + 36);
        if (segSizeHdr != segSize || blcksz != BLCKSZ) {
            throw fail(String.format(Locale.ROOT,
                    "WAL file is from different database system: segment size %d, block size %d (expected: %d, %d)",
                    segSizeHdr, blcksz, segSize, BLCKSZ), pageLsn);
        }
        if (sysid == 0) {
            sysid = sysidHdr;
        } else if (sysidHdr != sysid) {
            throw differentSystem(sysidHdr, sysid, pageLsn, source);
        }
    }

    private static boolean isZero(ByteBuf seg, int idx) {
        for (int i = 0; i < PageHeader.SHORT_SIZE; i += 8) {
            if (seg.getLongLE(idx + i) != 0) {
                return false;
            }
        }
        return true;
    }

    // ---- end of WAL ----

    /**
     * Reading stops at {@code lsn} for {@link #endReason}. With an end requested, that is an error. Without one,
     * decides as PostgreSQL's reader does that the WAL ends here, then looks past it: if valid WAL follows (a
     * record that validates later on the same page, a later page or segment of this stream whose header carries
     * its own address), the result would silently be partial, so it is an error; otherwise the end and its
     * reason are kept for {@link #endNote()}.
     *
     * @param midPage true when {@code lsn} is inside a page whose header is valid (a zero record length)
     * @return null (the end of the WAL)
     */
    private RecordView endOfWal(long lsn, long lookFrom, boolean midPage) {
        String why = endReason;
        if (live != null) {
            waiting = true; // the end of what is written so far: wait for more
            return null;
        }
        if (endLsn != 0) {
            if (endMissing) {
                long segno = lookFrom / segSize;
                throw new TruncatedWalException("missing WAL segment " + source.segmentName(segno)
                        + " (needed to read up to " + Lsn.format(endLsn, true) + ")", lookFrom,
                        source.segmentName(segno), lookFrom % segSize);
            }
            throw fail(why + "; WAL ends before the requested end " + Lsn.format(endLsn, true), lsn);
        }
        long follows = midPage ? validRecordOnPage(lsn) : -1;
        long pageLsn = lookFrom - lookFrom % BLCKSZ;
        if (follows < 0) {
            follows = validPageAfter(pageLsn);
        }
        if (follows >= 0) {
            String at = Lsn.format(follows, true) + " in " + source.segmentName(follows / segSize) + " offset 0x"
                    + Long.toHexString(follows % segSize).toUpperCase(Locale.ROOT);
            if (endMissing) {
                long segno = lookFrom / segSize;
                throw new TruncatedWalException("missing WAL segment " + source.segmentName(segno)
                        + ": WAL read up to " + Lsn.format(lsn, true) + ", but valid WAL follows at " + at, lsn,
                        source.segmentName(segno), lsn % segSize);
            }
            throw fail("WAL ends here (" + why + ") but valid WAL follows at " + at, lsn);
        }
        StringBuilder note = new StringBuilder("end of WAL at ").append(Lsn.format(lsn, true)).append(": ")
                .append(why);
        long later = source.nextSegment(lookFrom / segSize);
        if (later >= 0) {
            note.append("; later segment files from ").append(source.segmentName(later))
                    .append(" on hold no WAL that continues it (recycled or never written) and were not read");
        }
        endNote = note.toString();
        return null;
    }

    /**
     * The LSN of a record after {@code lsn} on the same page whose header and CRC-32C validate, or -1. A real
     * end leaves the rest of its page zero; a zeroed length inside written WAL leaves valid records behind it.
     */
    private long validRecordOnPage(long lsn) {
        int pageOff = (int) (lsn % BLCKSZ);
        int base = curIdx;
        for (int off = pageOff + 8; off + RecordView.HEADER_SIZE <= BLCKSZ; off += 8) {
            long totLen = winBuf.getUnsignedIntLE(base + off);
            if (totLen < RecordView.HEADER_SIZE || totLen > BLCKSZ - off) {
                continue;
            }
            if (!RmgrTable.isValid(version, winBuf.getUnsignedByte(base + off + 17))) {
                continue;
            }
            if (crcOf(winBuf, base + off, (int) totLen) == winBuf.getUnsignedIntLE(base + off + 20)) {
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
                int idx = page(segno, (int) (p % segSize));
                if (idx < 0) {
                    break;
                }
                if (isValidHeader(winBuf, idx, p)) {
                    return p;
                }
            }
        }
        for (long s = source.nextSegment(segno); s >= 0; s = source.nextSegment(s)) {
            long segStart = s * segSize;
            try {
                if (source.read(s, 0, head, 0, PageHeader.LONG_SIZE)
                        && isValidHeader(Unpooled.wrappedBuffer(head), 0, segStart)) {
                    return segStart;
                }
            } catch (WalFormatException e) {
                // an unreadable later file does not show that WAL continues
            }
        }
        return -1;
    }

    private boolean isValidHeader(ByteBuf b, int idx, long pageLsn) {
        int magic = b.getUnsignedShortLE(idx);
        WalVersion v = version;
        if (v == null) {
            for (WalVersion w : WalVersion.values()) {
                if (w.magic() == magic) {
                    v = w;
                }
            }
        }
        return v != null && magic == v.magic() && b.getLongLE(idx + 8) == pageLsn
                && b.getUnsignedIntLE(idx + 4) >= lastTli
                && (b.getUnsignedShortLE(idx + 2) & ~PageFlags.allFlags(v)) == 0;
    }

    /**
     * Why reading stopped at the end of the WAL ("end of WAL at X: reason", as pg_waldump reports it), with
     * what was found past it; null while reading or when the range ended at the requested end or chunk stop.
     */
    public String endNote() {
        return endNote;
    }

    /** The source's notices (partial or duplicate segment files), then {@link #endNote()} if any. */
    public java.util.List<String> notices() {
        java.util.List<String> n = new java.util.ArrayList<>(source.notices());
        if (endNote != null) {
            n.add(endNote);
        }
        return n;
    }

    private WalFormatException fail(String what, long lsn) {
        long segno = lsn / segSize;
        return new WalFormatException(what, lsn, source.segmentName(segno), lsn % segSize);
    }

    // ---- finding the first record ----

    private long findFirstRecord(long start) {
        if (firstChunk && live == null) {
            checkStartSegment(start, source);
        }
        long tmp = start;
        while (true) {
            long pageLsn = tmp - Long.remainderUnsigned(tmp, BLCKSZ);
            if (stopStart != 0 && Long.compareUnsigned(pageLsn, stopStart) >= 0) {
                done = true;
                nextLsn = pageLsn;
                return pageLsn;
            }
            if (!loadPage(pageLsn)) {
                waiting = live != null;
                if (stopStart != 0 && !firstChunk) {
                    // A later chunk starting where the WAL may end: decide as a sequential reader arriving here
                    // (one still looking for the range's first record decides otherwise: see Start.searchEnded).
                    searchEnded = true;
                    endOfWal(pageLsn, pageLsn, false);
                    done = true;
                    nextLsn = pageLsn;
                    return pageLsn;
                }
                throw noValidRecord(start, source);
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
                boolean atStop = stopStart != 0 && (Long.compareUnsigned(lsn, stopStart) >= 0
                        || Long.compareUnsigned(nextLsn, stopStart) >= 0);
                if (stopStart != 0 && (!firstChunk || atStop)) {
                    done = true;
                    return lsn;
                }
                throw noValidRecord(start, source);
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
