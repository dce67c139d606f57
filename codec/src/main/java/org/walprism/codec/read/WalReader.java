package org.walprism.codec.read;

import io.netty.buffer.ByteBuf;
import java.util.Optional;
import org.walprism.codec.Lsn;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.RecordViewAccess;
import org.walprism.codec.internal.bytes.RawBytes;
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
 * <p>Segments are read with positional reads into a window of at most 1 MiB ({@code WINDOW}) per reader, never
 * memory-mapped. Records inside the window are parsed in place (no copy); records that span pages are copied into
 * one reusable buffer that grows only as bytes actually arrive. Memory stays
 * constant whatever the amount of WAL. {@link #nextView()} allocates nothing per record.
 *
 * <p>Range semantics are pg_waldump's: reading starts at the first record at or after the start LSN
 * (XLogFindNextRecord) and includes every record whose bytes end at or before the end LSN.
 */
public final class WalReader implements AutoCloseable {
    private static final int BLCKSZ = PageHeader.XLOG_BLCKSZ;
    private static final long MAX_RECORD_SIZE = RecordView.XLOG_RECORD_MAX_SIZE;

    /** Bytes read from a segment in one go: sequential reading costs one read call per window. */
    static final int WINDOW = 1 << 20;

    private final SegmentSource source;
    private final boolean firstChunk;
    private final long requestedStart;
    private final long segSize;
    private final long endLsn;
    private final long stopStart;
    private final RecordView view = new RecordView();
    /** Page framing: the read window, page-header validation, the version, system identifier and timelines. */
    private final PageFrames pages;
    /** The end-of-WAL decision. */
    private final EndOfWal ends;
    // per-record length reads without the ByteBuf getters' checks
    private final RawBytes raw = new RawBytes();
    /** The record header's checks: resource manager, prev-link chaining, CRC-32C. */
    private final RecordChecks checks;
    /** Records that span pages, gathered into one buffer. */
    private final Reassembly assembly;
    private long nextLsn;
    private long firstRecordLsn;
    private long lastEnd;
    private boolean searchEnded;
    private boolean done;
    private long recordsRead;
    private org.walprism.codec.WalMessage endNote;

    // Following a live source (null otherwise): see follow().
    private LiveSource live;
    private Following following;
    private boolean begun = true;
    private boolean waiting;
    private long needEnd;

    private WalReader(SegmentSource source, long startLsn, long endLsn, long stopStart, boolean firstChunk,
                      boolean deferFirstPrev, java.nio.ByteBuffer window) {
        this.source = source;
        this.firstChunk = firstChunk;
        this.segSize = source.segmentSize();
        this.endLsn = endLsn;
        this.stopStart = stopStart;
        this.pages = new PageFrames(source, window);
        this.ends = new EndOfWal(source, pages, endLsn);
        this.checks = new RecordChecks(source, pages, deferFirstPrev);
        this.assembly = new Reassembly(source, pages, checks, endLsn);
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

    /**
     * Reads from any {@link SegmentSource}, with pg_waldump's range semantics: from the first record at or after
     * {@code start} (empty: the first record of the source's first segment) to the last record that ends at or
     * before {@code end} (empty: the end of the WAL).
     */
    public static WalReader open(SegmentSource source, Optional<Lsn> start, Optional<Lsn> end) {
        return new WalReader(source, value(start), value(end), 0, true, false, null).begin();
    }

    /** The raw bound the reader works with internally: 0 for none ({@code InvalidXLogRecPtr}). */
    static long value(Optional<Lsn> bound) {
        return bound.map(Lsn::value).orElse(0L);
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
        boolean idle(Lsn lsn);
    }

    /**
     * A reader that follows a growing source, as pg_waldump {@code --follow} does: at the end of the written WAL
     * (a zero record length, a page not written yet, a recycled segment's old page, a segment file not there
     * yet) it calls {@code idle}, waits for the source ({@link LiveSource#await}) and reads again from the
     * record it stopped at, instead of ending. A record that fails to validate where the source may still be
     * writing is read again too. Reading starts at the first record at or after {@code start} (empty: the first
     * record of the source's first segment) and ends after {@code end} (empty: never), when {@code idle} says stop,
     * or when the source ends. Nothing is read before the first {@link #nextView()}: the start may not be written
     * yet.
     */
    public static WalReader follow(LiveSource source, Optional<Lsn> start, Optional<Lsn> end, Idle idle) {
        WalReader r = new WalReader(source, value(start), value(end), 0, true, false, null);
        r.live = source;
        r.pages.live = source;
        r.following = new Following(source, idle);
        r.begun = false;
        return r;
    }

    /**
     * A reader for one chunk of a range: the records that start in {@code [chunkStart, stopStart)} and end at or
     * before {@code endLsn} (0 = end of WAL). {@code chunkStart} may be a segment start: a record continued from
     * the previous segment is skipped, as its first page's {@code xlp_rem_len} says. The first record's
     * {@code xl_prev} is only checked to point backwards; callers chaining chunks check it against the previous
     * chunk's last record ({@link #firstRecordPrev()}). {@code firstChunk} makes the chunk fail as a sequential
     * reader does when no valid record is found at its start, where a later chunk's start may be the end of the WAL.
     */
    static WalReader openChunk(SegmentSource source, long chunkStart, long stopStart, long endLsn,
                               boolean firstChunk) {
        return new WalReader(source, chunkStart, endLsn, stopStart, firstChunk, false, null).begin();
    }

    /**
     * As {@link #openChunk}, for {@link ParallelWalScan}: reading through
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
        return new Start(pages.magicPageLsn, pages.firstMagic, pages.firstPageLsn, pages.firstPageContinued,
                pages.firstTli, pages.sysid, checks.firstHeaderLsn, checks.firstHeaderPrev, searchEnded);
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

    /** Start LSN of the last record returned, or -1 (for {@link ParallelWalScan}; callers use {@link #endOfLast()}). */
    long lastRecordLsn() {
        return checks.expectedPrev;
    }

    /** {@code xlp_tli} of the first page read, or 0. */
    public long firstPageTimeline() {
        return pages.firstTli;
    }

    /** {@code xlp_tli} of the last page read, or 0. */
    public long lastPageTimeline() {
        return pages.timelines.last();
    }

    /** The WAL version read from the first page's magic. */
    public WalVersion version() {
        return pages.version;
    }

    /** The system identifier of the first long page header read (0: none yet). */
    public long systemIdentifier() {
        return pages.sysid;
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
        return pages.timelines.timelineOf(last);
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
                    checks.expectedPrev = -1; // what an earlier look found before the end is read again
                    lastEnd = 0;
                    firstRecordLsn = findFirstRecord(requestedStart);
                    nextLsn = firstRecordLsn;
                    begun = true;
                }
                RecordView v = readRecord(nextLsn);
                if (v != null) {
                    following.recordRead();
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
                if (!waiting && !following.incomplete(begun ? nextLsn : requestedStart, needEnd)) {
                    throw e;
                }
            }
            if (waiting && pages.endMissing && checks.expectedPrev >= 0
                    && pages.missingSeg <= checks.expectedPrev / segSize) {
                // a segment already read from is gone: the server recycled it before the reader was done
                throw new TruncatedWalException("WAL segment " + source.segmentName(pages.missingSeg) + " was removed "
                        + "while it was read (the server recycles segments after a checkpoint; a replication slot "
                        + "keeps them)", nextLsn, source.segmentName(pages.missingSeg), nextLsn % segSize);
            }
            waiting = false;
            pages.forget();
            long at = begun ? nextLsn : requestedStart;
            if (!following.await(at)) {
                done = true;
            }
        }
        return null;
    }

    // ---- record reading ----

    private RecordView readRecord(long lsn) {
        needEnd = PageFrames.reach(lsn, RecordView.HEADER_SIZE);
        if (endLsn != 0 && Long.compareUnsigned(lsn, endLsn) >= 0) {
            return null;
        }
        if (stopStart != 0 && Long.compareUnsigned(lsn, stopStart) >= 0) {
            return null;
        }
        if (!pages.loadPage(lsn - lsn % BLCKSZ)) {
            return endOfWal(lsn, lsn - lsn % BLCKSZ, false);
        }
        int pageOff = (int) (lsn % BLCKSZ);
        if (pageOff == 0) {
            // A record that ended at a page boundary: the next one starts after this page's header.
            if ((pages.curPageInfo & PageHeader.FIRST_IS_CONTRECORD) != 0) {
                throw ReadErrors.contrecordRequested(lsn, source);
            }
            lsn += pages.curPageHeaderSize;
            pageOff = pages.curPageHeaderSize;
            nextLsn = lsn;
            if (endLsn != 0 && Long.compareUnsigned(lsn, endLsn) >= 0) {
                return null;
            }
            if (stopStart != 0 && Long.compareUnsigned(lsn, stopStart) >= 0) {
                return null;
            }
        }
        if (pageOff < pages.curPageHeaderSize) {
            throw fail("invalid record offset", lsn);
        }
        int index = pages.curIdx + pageOff;
        long totLen = raw.reset(pages.winBuf).u32(index + RecordView.XL_TOT_LEN_OFFSET);
        if (totLen == 0) {
            pages.endReason = org.walprism.codec.WalMessage.of("invalid record length at ", Lsn.of(lsn),
                    ": expected at least 24, got 0");
            pages.endMissing = false;
            return endOfWal(lsn, lsn, true);
        }
        if (totLen < RecordView.HEADER_SIZE) {
            throw fail("invalid record length " + totLen + " (expected: >= 24)", lsn);
        }
        if (totLen > MAX_RECORD_SIZE) {
            throw fail("invalid record length " + totLen + " (expected: <= " + MAX_RECORD_SIZE + ")", lsn);
        }
        int len = (int) totLen;
        needEnd = PageFrames.reach(lsn, len);
        int onPage = BLCKSZ - pageOff;
        if (len <= onPage) {
            if (endLsn != 0 && Long.compareUnsigned(lsn + len, endLsn) > 0) {
                return null;
            }
            checks.header(pages.winBuf, index, lsn);
            return finish(pages.winBuf, index, len, lsn, lsn + PageFrames.maxAlign(len));
        }
        return reassemble(lsn, pageOff, len);
    }

    /** Reads the record of {@code len} bytes at {@code lsn} that continues on the pages after it ({@link Reassembly}). */
    private RecordView reassemble(long lsn, int pageOff, int len) {
        switch (assembly.gather(lsn, pageOff, len)) {
            case Reassembly.COMPLETE:
                return finish(assembly.buffer(), 0, len, lsn, assembly.nextStart);
            case Reassembly.OVERWRITTEN:
                // Reading goes on from the page's start, so that a chunk whose stop is that page (a segment start)
                // ends there as having reached its stop.
                nextLsn = assembly.stoppedAt;
                return readRecord(nextLsn);
            case Reassembly.PAGE_MISSING:
                return endOfWal(lsn, assembly.stoppedAt, false);
            default:
                return null; // the requested end
        }
    }

    private RecordView finish(ByteBuf buf, int base, int len, long lsn, long nextStart) {
        checks.crc(buf, base, len, lsn);
        try {
            RecordViewAccess.parse(view, pages.version, buf, base, len, lsn);
        } catch (WalFormatException e) {
            throw ReadErrors.at(source, e.detailMessage(), lsn);
        }
        checks.expectedPrev = lsn;
        if (view.rmid() == RmgrTable.XLOG && (view.info() & ~RmgrTable.XLR_INFO_MASK) == XlogCodec.XLOG_SWITCH) {
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

    /**
     * Reading stops at {@code lsn} for the reason {@link PageFrames#endReason} gives: a following reader waits for
     * more there; any other asks {@link EndOfWal} whether the WAL really ends (see there).
     *
     * @return null (the end of the WAL)
     */
    private RecordView endOfWal(long lsn, long lookFrom, boolean midPage) {
        if (live != null) {
            waiting = true; // the end of what is written so far: wait for more
            return null;
        }
        endNote = ends.decide(lsn, lookFrom, midPage);
        return null;
    }

    /**
     * Why reading stopped at the end of the WAL ("end of WAL at X: reason", as pg_waldump reports it), with
     * what was found past it; null while reading or when the range ended at the requested end or chunk stop.
     */
    public org.walprism.codec.WalMessage endNote() {
        return endNote;
    }

    /** The source's notices (partial or duplicate segment files), then {@link #endNote()} if any. */
    public java.util.List<org.walprism.codec.WalMessage> notices() {
        java.util.List<org.walprism.codec.WalMessage> n = new java.util.ArrayList<>(source.notices());
        if (endNote != null) {
            n.add(endNote);
        }
        return n;
    }

    private WalFormatException fail(String what, long lsn) {
        return ReadErrors.at(source, what, lsn);
    }

    // ---- finding the first record ----

    private long findFirstRecord(long start) {
        if (firstChunk && live == null) {
            ReadErrors.checkStartSegment(start, source);
        }
        long tmp = start;
        while (true) {
            long pageLsn = tmp - Long.remainderUnsigned(tmp, BLCKSZ);
            if (stopStart != 0 && Long.compareUnsigned(pageLsn, stopStart) >= 0) {
                done = true;
                nextLsn = pageLsn;
                return pageLsn;
            }
            if (!pages.loadPage(pageLsn)) {
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
                throw ReadErrors.noValidRecord(start, source);
            }
            if ((pages.curPageInfo & PageHeader.FIRST_IS_CONTRECORD) != 0) {
                if (PageFrames.maxAlign(pages.curPageRemLen) >= BLCKSZ - pages.curPageHeaderSize) {
                    tmp = pageLsn + BLCKSZ;
                    continue;
                }
                tmp = pageLsn + pages.curPageHeaderSize + PageFrames.maxAlign(pages.curPageRemLen);
            } else {
                tmp = pageLsn + pages.curPageHeaderSize;
            }
            break;
        }
        // Read records from the page's first one until one starts at or after the requested LSN; that one must
        // be valid, as XLogFindNextRecord requires. It is then read again by nextView, with the prev-link check.
        long lsn = tmp;
        while (true) {
            long savedPrev = checks.expectedPrev;
            long savedEnd = lastEnd;
            RecordView v = readRecord(lsn);
            if (v == null) {
                boolean atStop = stopStart != 0 && (Long.compareUnsigned(lsn, stopStart) >= 0
                        || Long.compareUnsigned(nextLsn, stopStart) >= 0);
                if (stopStart != 0 && (!firstChunk || atStop)) {
                    done = true;
                    return lsn;
                }
                throw ReadErrors.noValidRecord(start, source);
            }
            if (Long.compareUnsigned(v.lsn(), start) >= 0) {
                checks.expectedPrev = savedPrev;
                lastEnd = savedEnd;
                return v.lsn();
            }
            lsn = nextLsn;
        }
    }

    @Override
    public void close() {
        source.close();
        assembly.release();
    }

    /** Used by tests: the segment source read. */
    SegmentSource source() {
        return source;
    }
}
