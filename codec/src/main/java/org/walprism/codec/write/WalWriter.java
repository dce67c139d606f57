package org.walprism.codec.write;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.LongPredicate;
import java.util.function.LongToIntFunction;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.page.PageFlags;
import org.walprism.codec.page.PageHeader;
import org.walprism.codec.page.PageHeaderCodec;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.xlog.XlogCodec;

/**
 * Lays encoded records out in WAL segment files as PostgreSQL does: pages of XLOG_BLCKSZ (8192) bytes,
 * a long page header at each segment start and a short one elsewhere, records at MAXALIGN (8)
 * positions with zero padding, records continued across pages and segments (XLP_FIRST_IS_CONTRECORD
 * and {@code xlp_rem_len} on every continuation page), {@code xl_prev} chaining with the CRC redone,
 * and XLOG_SWITCH consuming the rest of its segment.
 *
 * <p>{@code XLogPageHeaderData => xlp_magic: uint16, xlp_info: uint16, xlp_tli: uint32,
 * xlp_pageaddr: uint64, xlp_rem_len: uint32, pad: 4}; the long header adds
 * {@code xlp_sysid: uint64, xlp_seg_size: uint32, xlp_xlog_blcksz: uint32}.
 *
 * <p>Mirrors src/backend/access/transam/xlog.c: AdvanceXLInsertBuffer (page initialisation),
 * CopyXLogRecordToWAL (continuations, the switch's zeroed pages) and ReserveXLogSwitch (a switch at a
 * segment boundary writes nothing).
 *
 * <p>Files: segments get PostgreSQL's names ({@link WalFileName}); each is written under a temporary
 * name in the same directory and renamed only by {@link #close()}, so an interrupted run leaves no
 * file that looks like a complete segment. The last segment is zero-filled to its full size, like a
 * pre-allocated PostgreSQL segment. An existing segment file is never replaced unless
 * {@link Options#overwrite(boolean)} allows it. {@link #abort()} may be called from another thread, a shutdown
 * hook on SIGTERM or SIGINT for example: it waits for a running {@link #append} or {@link #close()} and removes
 * every temporary file. {@link #discarding(Options)} lays records out the same way without writing any file.
 */
public final class WalWriter implements AutoCloseable {

    private static final int XLOG_BLCKSZ = PageHeader.XLOG_BLCKSZ;
    private static final int XLP_FIRST_IS_CONTRECORD = PageHeader.FIRST_IS_CONTRECORD;
    /** {@code MAXIMUM_ALIGNOF} of 64-bit builds. */
    public static final int MAXALIGN = 8;

    /** Settings of a writer; every value has PostgreSQL's default. */
    public static final class Options {
        private final WalVersion version;
        private long systemId = 0x7000000000000001L;
        private int timeline = 1;
        private int segmentSize = 16 * 1024 * 1024;
        private long startLsn = -1;
        private long prevLsn;
        private long firstPageRemLen;
        private Boolean backupRemovable;
        private LongPredicate backupRemovableAt;
        private LongToIntFunction pageTimelineAt;
        private boolean overwriteContrecord;
        private boolean overwrite;

        private Options(WalVersion version) {
            this.version = Objects.requireNonNull(version, "version");
        }

        /** {@code xlp_sysid} written in every long page header. */
        public Options systemId(long systemId) {
            this.systemId = systemId;
            return this;
        }

        /** {@code xlp_tli}, and the timeline part of the file names. */
        public Options timeline(int timeline) {
            this.timeline = timeline;
            return this;
        }

        /** Segment size: a power of two from 1 MiB to 1 GiB ({@code --wal-segsize}). */
        public Options segmentSize(int segmentSize) {
            if (!WalFileName.isValidSegmentSize(segmentSize)) {
                throw new IllegalArgumentException("invalid WAL segment size " + segmentSize
                        + " (expected: a power of two from 1 MiB to 1 GiB)");
            }
            this.segmentSize = segmentSize;
            return this;
        }

        /**
         * Where the first record goes: a MAXALIGNed LSN. A page-aligned LSN means "after that page's
         * header". Default: the start of segment 1, i.e. {@code segmentSize + 40}, where initdb begins.
         * When the start lies after the segment's first page, that first page is written with its long
         * header only (readers validate it before any other page of the segment); the bytes before the
         * start stay zero.
         */
        public Options startLsn(long startLsn) {
            this.startLsn = startLsn;
            return this;
        }

        /** {@code xl_prev} of the first record (the record before the start; 0 when none). */
        public Options prevLsn(long prevLsn) {
            this.prevLsn = prevLsn;
            return this;
        }

        /**
         * {@code xlp_rem_len} of the page the first record is on, when that page begins with the rest of a
         * record written before the start (XLP_FIRST_IS_CONTRECORD). 0 for none.
         */
        public Options firstPageRemLen(long remLen) {
            this.firstPageRemLen = remLen;
            return this;
        }

        /**
         * XLP_BKP_REMOVABLE on every page (PostgreSQL up to 18 sets it while no base backup runs; 19 and
         * master do not have the flag, so {@code true} is rejected there). Default: set when the version has it.
         */
        public Options backupRemovable(boolean set) {
            this.backupRemovable = set;
            return this;
        }

        /**
         * XLP_BKP_REMOVABLE page by page: set on the page starting at LSN {@code pageAddr} when
         * {@code removableAt.test(pageAddr)}. PostgreSQL up to 18 clears the flag on pages it initialises while a
         * base backup runs (pg_backup_start .. pg_backup_stop); as it initialises pages ahead of the insert
         * position, which pages those are is not fixed by the records, so a rewrite of real WAL takes them from
         * the original. Replaces {@link #backupRemovable(boolean)}; rejected on 19 and master.
         */
        public Options backupRemovable(LongPredicate removableAt) {
            this.backupRemovableAt = Objects.requireNonNull(removableAt, "removableAt");
            return this;
        }

        /**
         * {@code xlp_tli} page by page: {@code tliAt.applyAsInt(pageAddr)} for the page starting at LSN
         * {@code pageAddr}; file names keep {@link #timeline(int)}. After a promotion, the new timeline's copy of
         * the segment holding the switch keeps the older timeline's pages (xlp_tli of that timeline) before the
         * switch point, so a rewrite of real WAL takes each page's timeline from the original. Default: every page
         * has {@link #timeline(int)}.
         */
        public Options pageTimeline(LongToIntFunction tliAt) {
            this.pageTimelineAt = Objects.requireNonNull(tliAt, "tliAt");
            return this;
        }

        /**
         * The first record starts a page that carries XLP_FIRST_IS_OVERWRITE_CONTRECORD (13.5+, 14.1+, 15+): crash
         * recovery abandoned a record whose continuation was to be on that page and writes OVERWRITE_CONTRECORD
         * there. Needs a page-aligned {@link #startLsn(long)} (or one just after that page's header) and no
         * {@link #firstPageRemLen(long)}.
         */
        public Options overwriteContrecord(boolean set) {
            this.overwriteContrecord = set;
            return this;
        }

        /** Replace existing segment files of the same name (default: refuse). */
        public Options overwrite(boolean overwrite) {
            this.overwrite = overwrite;
            return this;
        }

        /** The WAL version written. */
        public WalVersion version() {
            return version;
        }

        /** Bytes per segment. */
        public int segmentSize() {
            return segmentSize;
        }
    }

    /** Default options for {@code version}. */
    public static Options options(WalVersion version) {
        return new Options(version);
    }

    /** Where segments go; null for a {@link #discarding(Options)} writer. */
    private final Path dir;
    private final WalVersion version;
    private final long systemId;
    private final int timeline;
    private final int segmentSize;
    private final int pageFlags;
    /** Per-page XLP_BKP_REMOVABLE, or null for {@link #pageFlags} on every page. */
    private final LongPredicate backupRemovableAt;
    private final LongToIntFunction pageTimelineAt;
    private final int removableFlag;
    private final boolean overwrite;

    private final byte[] page = new byte[XLOG_BLCKSZ];
    private final ByteBuf pageBuf = Unpooled.wrappedBuffer(page);
    private long pageStart = -1;
    private boolean pageDirty;

    private long segno = -1;
    private FileChannel channel;
    private Path tempFile;
    private final List<Path[]> pending = new ArrayList<>();

    private long pos;
    private long prevLsn;
    private long lastLsn;
    private long endLsn;
    private long records;
    private boolean failed;
    private boolean closed;

    private WalWriter(Path dir, Options o) throws IOException {
        this.dir = dir;
        this.version = o.version;
        this.systemId = o.systemId;
        this.timeline = o.timeline;
        this.segmentSize = o.segmentSize;
        this.overwrite = o.overwrite;
        int removable = PageFlags.bkpRemovable(version);
        if ((Boolean.TRUE.equals(o.backupRemovable) || o.backupRemovableAt != null) && removable == 0) {
            throw new IllegalArgumentException("XLP_BKP_REMOVABLE does not exist in PostgreSQL " + version.label());
        }
        this.pageFlags = Boolean.FALSE.equals(o.backupRemovable) ? 0 : removable;
        this.backupRemovableAt = o.backupRemovableAt;
        this.pageTimelineAt = o.pageTimelineAt;
        this.removableFlag = removable;
        long start = o.startLsn < 0 ? segmentSize : o.startLsn;
        if (start % MAXALIGN != 0) {
            throw new IllegalArgumentException("start LSN " + Lsn.format(start, true) + " is not MAXALIGNed");
        }
        if (o.firstPageRemLen < 0 || o.firstPageRemLen > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("invalid xlp_rem_len " + o.firstPageRemLen);
        }
        long startPage = start - start % XLOG_BLCKSZ;
        long minStart = startPage + headerSize(startPage) + align(o.firstPageRemLen);
        if (start == startPage) {
            start = minStart;
        }
        if (Long.compareUnsigned(start, minStart) < 0 || minStart - startPage >= XLOG_BLCKSZ) {
            throw new IllegalArgumentException("start LSN " + Lsn.format(start, true) + " lies inside the page header"
                    + " or the continued record (first free byte: " + Lsn.format(minStart, true) + ")");
        }
        this.prevLsn = o.prevLsn;
        if (dir != null) {
            Files.createDirectories(dir);
        }
        if (startPage % segmentSize != 0) {
            // readers validate a segment's long header before any other page of it
            openPage(startPage - startPage % segmentSize);
        }
        openPage(startPage);
        if (o.overwriteContrecord) {
            if (o.firstPageRemLen != 0 || start != startPage + headerSize(startPage)) {
                throw new IllegalArgumentException("an XLP_FIRST_IS_OVERWRITE_CONTRECORD page starts with its first"
                        + " record: start at " + Lsn.format(startPage + headerSize(startPage), true)
                        + ", with no continued record");
            }
            pageBuf.setShortLE(2, pageBuf.getUnsignedShortLE(2) | PageFlags.overwriteContrecord(version)); // xlp_info
        }
        if (o.firstPageRemLen > 0) {
            pageBuf.setShortLE(2, pageBuf.getUnsignedShortLE(2) | XLP_FIRST_IS_CONTRECORD); // xlp_info
            pageBuf.setIntLE(16, (int) o.firstPageRemLen);                                 // xlp_rem_len
        }
        this.pos = start;
        this.endLsn = start;
    }

    /**
     * Opens a writer that creates segment files in {@code dir}.
     *
     * @throws IOException when the directory cannot be created or the first segment file already exists
     *                     (and overwriting was not asked for)
     */
    public static WalWriter create(Path dir, Options options) throws IOException {
        return new WalWriter(Objects.requireNonNull(dir, "dir"), options);
    }

    /**
     * A writer that lays records out exactly as {@link #create} does (the same LSNs, page headers, continuations
     * and end LSN) but writes no file: for sizes and LSNs only. It holds one page in memory.
     */
    public static WalWriter discarding(Options options) {
        try {
            return new WalWriter(null, options);
        } catch (IOException e) {
            throw new UncheckedIOException(e);  // not reached: without a directory nothing touches a file
        }
    }

    /**
     * Appends one encoded record (as {@link RecordEncoder} or {@link RecordBuilder} produce it). Its
     * {@code xl_prev} is set to the previous record's LSN and its CRC recomputed when that changes it.
     * The record array is not modified.
     *
     * @return the record's start LSN; for an XLOG_SWITCH at a segment boundary, which PostgreSQL does not
     *         write at all, -1
     * @throws WalFormatException when the bytes are not a record ({@code xl_tot_len} differs from their length)
     * @throws UncheckedIOException on a file error; the writer is then failed and {@link #close()} deletes its
     *                              temporary files
     */
    public synchronized long append(byte[] record) {
        if (closed || failed) {
            throw new IllegalStateException(closed ? "writer is closed" : "writer failed earlier");
        }
        if (record.length < RecordView.HEADER_SIZE) {
            throw new WalFormatException("record of " + record.length + " bytes (expected: >= 24)");
        }
        ByteBuf in = Unpooled.wrappedBuffer(record);
        long totLen = in.getUnsignedIntLE(0);
        if (totLen != record.length) {
            throw new WalFormatException("xl_tot_len " + totLen + " differs from the record's " + record.length + " bytes");
        }
        boolean isSwitch = in.getUnsignedByte(17) == RmgrTable.XLOG && (in.getUnsignedByte(16) & 0xF0) == XlogCodec.XLOG_SWITCH;
        try {
            pos = align(pos);
            if (isSwitch && pos % segmentSize == 0) {
                // ReserveXLogSwitch: already at the beginning of a segment, nothing is inserted
                return -1;
            }
            if (pos % XLOG_BLCKSZ == 0) {
                openPage(pos);
                pos += headerSize(pos);
            }
            byte[] rec = record;
            if (RecordEncoder.prev(record) != prevLsn) {
                rec = record.clone();
                RecordEncoder.setPrev(rec, prevLsn);
            }
            long start = pos;
            int written = 0;
            while (true) {
                int free = (int) (pageStart + XLOG_BLCKSZ - pos);
                int n = Math.min(free, rec.length - written);
                System.arraycopy(rec, written, page, (int) (pos - pageStart), n);
                pageDirty = true;
                written += n;
                pos += n;
                if (written == rec.length) {
                    break;
                }
                openPage(pos);
                pageBuf.setShortLE(2, pageBuf.getUnsignedShortLE(2) | XLP_FIRST_IS_CONTRECORD); // xlp_info
                pageBuf.setIntLE(16, rec.length - written);                                    // xlp_rem_len
                pos += headerSize(pos);
            }
            endLsn = pos;
            if (isSwitch && pos % segmentSize != 0) {
                // the rest of the segment is consumed; its remaining pages stay all zeros, headers included
                flushPage();
                pos = pos - pos % segmentSize + segmentSize;
            }
            prevLsn = start;
            lastLsn = start;
            records++;
            return start;
        } catch (IOException e) {
            failed = true;
            throw new UncheckedIOException(e);
        }
    }

    /** Start LSN of the last record appended (0 before the first). */
    public long lastRecordLsn() {
        return lastLsn;
    }

    /** End of the last record appended, before alignment: pg_waldump's {@code -e} to read up to it. */
    public long endLsn() {
        return endLsn;
    }

    /** Where the next record would start, before MAXALIGN and page-header skipping. */
    public long insertPosition() {
        return pos;
    }

    /** Number of records appended. */
    public long recordCount() {
        return records;
    }

    /** The version whose page magic and flags are written. */
    public WalVersion version() {
        return version;
    }

    /**
     * Finishes the last segment (zero-filled to full size) and renames every segment from its temporary
     * name to its PostgreSQL name. After a failure, deletes the temporary files instead.
     */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (failed) {
            abort();
            return;
        }
        try {
            finishSegment();
            for (Path[] p : pending) {
                if (overwrite) {
                    Files.move(p[0], p[1], StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } else {
                    if (Files.exists(p[1])) {
                        throw new FileAlreadyExistsException(p[1].toString());
                    }
                    Files.move(p[0], p[1], StandardCopyOption.ATOMIC_MOVE);
                }
            }
            pending.clear();
        } catch (IOException | RuntimeException e) {
            failed = true;
            abort();
            throw e;
        }
    }

    /**
     * Drops everything written: closes and deletes the temporary files. Final names are never created (after a
     * completed {@link #close()} there is nothing left to drop). Safe to call from another thread; later
     * {@link #append} calls fail with IllegalStateException.
     */
    public synchronized void abort() throws IOException {
        closed = true;
        if (channel != null) {
            channel.close();
            channel = null;
        }
        if (tempFile != null) {
            Files.deleteIfExists(tempFile);
            tempFile = null;
        }
        for (Path[] p : pending) {
            Files.deleteIfExists(p[0]);
        }
        pending.clear();
    }

    private int headerSize(long pageAddr) {
        return pageAddr % segmentSize == 0 ? PageHeader.LONG_SIZE : PageHeader.SHORT_SIZE;
    }

    private static long align(long v) {
        return (v + MAXALIGN - 1) & -MAXALIGN;
    }

    /** Flushes the current page and initialises the page at {@code addr}, as AdvanceXLInsertBuffer does. */
    private void openPage(long addr) throws IOException {
        flushPage();
        long seg = Long.divideUnsigned(addr, segmentSize);
        if (seg != segno) {
            finishSegment();
            openSegment(seg);
        }
        Arrays.fill(page, (byte) 0);
        pageStart = addr;
        boolean first = addr % segmentSize == 0;
        int flags = backupRemovableAt == null ? pageFlags : backupRemovableAt.test(addr) ? removableFlag : 0;
        PageHeaderCodec.encode(new PageHeader(version.magic(),
                flags | (first ? PageHeader.LONG_HEADER : 0),       // xlp_info; CONTRECORD added by a continuation
                (pageTimelineAt == null ? timeline : pageTimelineAt.applyAsInt(addr)) & 0xFFFFFFFFL, // xlp_tli
                addr,                                               // xlp_pageaddr
                0,                                                  // xlp_rem_len, set by a continuation
                first ? systemId : 0,                               // xlp_sysid
                first ? segmentSize : 0,                            // xlp_seg_size
                first ? XLOG_BLCKSZ : 0), page, 0);                 // xlp_xlog_blcksz
        pageDirty = true;
    }

    private void flushPage() throws IOException {
        if (!pageDirty) {
            return;
        }
        if (dir == null) {
            pageDirty = false;
            return;
        }
        ByteBuffer bb = ByteBuffer.wrap(page);
        long off = pageStart - segno * (long) segmentSize;
        while (bb.hasRemaining()) {
            off += channel.write(bb, off);
        }
        pageDirty = false;
    }

    private void openSegment(long seg) throws IOException {
        if (dir == null) {
            segno = seg;
            return;
        }
        String name = WalFileName.of(timeline, seg, segmentSize);
        Path target = dir.resolve(name);
        if (!overwrite && Files.exists(target)) {
            failed = true;
            throw new FileAlreadyExistsException(target.toString(), null, "WAL segment exists; not overwriting it");
        }
        tempFile = Files.createTempFile(dir, name + ".", ".walprism-partial");
        channel = FileChannel.open(tempFile, StandardOpenOption.WRITE);
        segno = seg;
        pending.add(new Path[] {tempFile, target});
    }

    private void finishSegment() throws IOException {
        if (channel == null) {
            return;
        }
        flushPage();
        if (channel.size() < segmentSize) {
            channel.write(ByteBuffer.wrap(new byte[1]), segmentSize - 1L);
        }
        channel.force(false);
        channel.close();
        channel = null;
        tempFile = null;
    }
}
