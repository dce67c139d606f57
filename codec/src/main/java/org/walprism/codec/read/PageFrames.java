package org.walprism.codec.read;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Locale;
import java.util.zip.CRC32C;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalMessage;
import org.walprism.codec.WalVersion;
import org.walprism.codec.page.PageFlags;
import org.walprism.codec.page.PageHeader;
import org.walprism.codec.record.RecordView;

/**
 * Page framing for {@link WalReader}: the bytes of segments come from the caller's {@link SegmentSource} into one
 * bounded read window, and each page's header is validated there before a record is read from it, as xlogreader.c's
 * ReadPageInternal and XLogReaderValidatePageHeader do (magic, info bits, page address, the long header's segment
 * size, block size and system identifier, the page's timeline: {@link TimelineSwitches}). A page that may mark the
 * end of the written WAL (missing segment, never written, recycled) is not an error here: {@link #loadPage} says
 * false with {@link #endReason}, and {@link EndOfWal} decides.
 */
final class PageFrames {
    private static final int BLCKSZ = PageHeader.XLOG_BLCKSZ;

    private final SegmentSource source;
    private final long segSize;
    /** The timelines of the pages read, checked against the source's history. */
    final TimelineSwitches timelines;
    /** Set by {@link WalReader#follow}: a growing source, whose unreceived bytes are not read. */
    LiveSource live;

    private final CRC32C crc = new CRC32C();
    /** The version of the first page's magic; null before. */
    WalVersion version;
    /** The system identifier of the first long header read; 0 before. */
    long sysid;

    // What a reader found where it started (WalReader.Start)
    long firstTli;
    long firstPageLsn = -1;
    boolean firstPageContinued;
    long magicPageLsn = -1;
    int firstMagic;

    // Why the last loadPage said false (the WAL may end there), and whether a segment was missing
    WalMessage endReason;
    boolean endMissing;
    long missingSeg = -1;

    // The read window: bytes [winStart, winStart + winLen) of segment winSeg
    private final java.nio.ByteBuffer win;
    private final java.nio.ByteBuffer winCrc;
    // The same view typed as what ByteBuffer.allocateDirect gives (a MappedByteBuffer), when it is one: there limit
    // and position are final methods, which C1 (the launcher's JIT for short scans, no type profile) calls directly
    // instead of through the vtable; two of each per record. Null otherwise.
    private final java.nio.MappedByteBuffer winCrcMapped;
    final ByteBuf winBuf;
    private long winSeg = -1;
    private int winStart;
    private int winLen;
    private final byte[] head = new byte[PageHeader.LONG_SIZE];
    private long checkedSeg = -1;

    // The page whose header was validated last (window index, header size, info, remLen)
    private long curPageLsn = -1;
    int curIdx;
    int curPageHeaderSize;
    int curPageInfo;
    long curPageRemLen;

    PageFrames(SegmentSource source, java.nio.ByteBuffer window) {
        this.source = source;
        this.segSize = source.segmentSize();
        this.timelines = new TimelineSwitches(source);
        int w = (int) Math.min(segSize, WalReader.WINDOW);
        // A direct buffer: the kernel copies file bytes straight into it (a heap array would cost a second copy).
        this.win = window != null && window.capacity() == w ? window : java.nio.ByteBuffer.allocateDirect(w);
        this.winCrc = win.duplicate();
        this.winCrcMapped = winCrc instanceof java.nio.MappedByteBuffer m ? m : null;
        this.winBuf = Unpooled.wrappedBuffer(win.duplicate().clear());
    }

    /** {@code len} window bytes at {@code index}, copied to {@code dst} at {@code dstIndex}. */
    void copy(int index, byte[] dst, int dstIndex, int len) {
        win.get(index, dst, dstIndex, len);
    }

    private WalFormatException fail(String what, long lsn) {
        return ReadErrors.at(source, what, lsn);
    }

    /**
     * Makes the page at {@code pageOff} of segment {@code segno} readable in the window and returns the window
     * index where it starts, or -1 when the source has no such segment. The window holds up to
     * {@link WalReader#WINDOW} bytes read in one go from the page on, so sequential reading costs one read per window.
     */
    int page(long segno, int pageOff) {
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
     * {@link EndOfWal} whether it really ends there.
     */
    boolean loadPage(long pageLsn) {
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
            endReason = WalMessage.of("page at ", Lsn.of(pageLsn), " not received yet");
            endMissing = false;
            return false;
        }
        int idx = page(segno, pageOff);
        if (idx < 0) {
            endReason = WalMessage.text("WAL segment " + source.segmentName(segno) + " is missing");
            endMissing = true;
            missingSeg = segno;
            return false;
        }
        ByteBuf seg = winBuf;
        int magic = seg.getUnsignedShortLE(idx);
        if (magic == 0 && isZero(seg, idx)) {
            endReason = WalMessage.of("page at ", Lsn.of(pageLsn), " was never written (zero header)");
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
            throw ReadErrors.invalidMagic(magic, version, pageLsn, source);
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
                endReason = WalMessage.of("unexpected pageaddr ", Lsn.of(addr), " in WAL segment "
                        + source.segmentName(segno) + ", LSN ", Lsn.of(pageLsn), " (recycled page)");
                endMissing = false;
                return false;
            }
            // An address ahead of the reader was never a recycled page.
            throw ReadErrors.at(source, WalMessage.of("unexpected pageaddr ", Lsn.of(addr)), pageLsn);
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
        timelines.check(tli, pageLsn);
        if (firstPageLsn < 0) {
            firstPageLsn = pageLsn;
            firstTli = tli;
            firstPageContinued = (info & PageHeader.FIRST_IS_CONTRECORD) != 0;
        }
        timelines.enter(tli);
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
            throw ReadErrors.invalidMagic(magic, version, segStart, source);
        }
        int info = h.getUnsignedShortLE(2);
        if ((info & ~PageFlags.allFlags(version)) != 0 || (info & PageHeader.LONG_HEADER) == 0) {
            throw fail(String.format(Locale.ROOT, "invalid info bits %04X (expected: long header at segment start)",
                    info), segStart);
        }
        long tli = h.getUnsignedIntLE(4);
        timelines.check(tli, segStart);
        checkLongHeader(h, 0, segStart);
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
            throw ReadErrors.differentSystem(sysidHdr, sysid, pageLsn, source);
        }
    }

    static boolean isZero(ByteBuf seg, int idx) {
        for (int i = 0; i < PageHeader.SHORT_SIZE; i += 8) {
            if (seg.getLongLE(idx + i) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether the page header at {@code idx} of {@code b} is one of this stream's, carrying its own address. */
    boolean isValidHeader(ByteBuf b, int idx, long pageLsn) {
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
                && b.getUnsignedIntLE(idx + 4) >= timelines.last()
                && (b.getUnsignedShortLE(idx + 2) & ~PageFlags.allFlags(v)) == 0;
    }

    /** CRC-32C of a record: {@code rec[24:len]}, then {@code rec[0:20]} (XLogRecord's xl_crc comes last). */
    long crcOf(ByteBuf buf, int base, int len) {
        crc.reset();
        if (buf.hasArray()) {
            byte[] a = buf.array();
            int off = buf.arrayOffset() + base;
            crc.update(a, off + RecordView.HEADER_SIZE, len - RecordView.HEADER_SIZE);
            crc.update(a, off, 20);
        } else if (winCrcMapped != null) {
            crc.update(winCrcMapped.limit(base + len).position(base + RecordView.HEADER_SIZE));
            crc.update(winCrcMapped.limit(base + 20).position(base));
        } else {
            winCrc.limit(base + len).position(base + RecordView.HEADER_SIZE);
            crc.update(winCrc);
            winCrc.limit(base + 20).position(base);
            crc.update(winCrc);
        }
        return crc.getValue();
    }

    /** Drops what was read of pages, so that they are read again: the source may have more of them now. */
    void forget() {
        curPageLsn = -1;
        winSeg = -1;
        checkedSeg = -1;
    }

    /** The LSN a record of {@code len} bytes at {@code lsn} ends at, page headers included (an upper bound). */
    static long reach(long lsn, long len) {
        return lsn + len + (len / (BLCKSZ - PageHeader.SHORT_SIZE) + 2) * PageHeader.LONG_SIZE;
    }

    /** {@code MAXALIGN}: records start at 8-byte boundaries. */
    static long maxAlign(long n) {
        return (n + 7) & ~7L;
    }
}
