package org.walprism.testdata.kaitai;

import io.kaitai.struct.ByteBufferKaitaiStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * Reassembles the WAL records of a directory of segments using only the Kaitai-generated
 * {@link PostgresqlWal} page types and parses each one with {@link PostgresqlWal.XlogRecord}.
 *
 * <p>This is an independent second implementation of PostgreSQL's record reassembly
 * (xlogreader.c: XLogFindNextRecord, XLogDecodeNextRecord), used to cross-check the codec. It reads
 * from the first record that starts in the oldest segment and stops at the first position that is
 * not a valid record, exactly where pg_waldump stops: a page with another magic or an unexpected
 * {@code xlp_pageaddr}, {@code xl_tot_len < 24}, a missing continuation page, a broken
 * {@code xl_prev} chain or a CRC mismatch. After an XLOG_SWITCH it continues at the next segment. A continuation
 * page flagged XLP_FIRST_IS_OVERWRITE_CONTRECORD abandons the record being gathered (crash recovery found its
 * continuation missing) and reading restarts at that page, as xlogreader does.
 */
public final class KaitaiWalRecords {

    private static final Pattern SEGMENT_NAME = Pattern.compile("[0-9A-F]{24}");
    private static final int RM_XLOG_ID = 0;
    private static final int XLOG_SWITCH = 0x40;
    private static final int SIZE_OF_XLOG_RECORD = 24;

    /**
     * One record: where it starts, the major and pre-release of its page magic ({@code page_header.major},
     * {@code page_header.pre_release}), its reassembled bytes, and the Kaitai parse of them.
     */
    public record KaitaiRecord(long lsn, int major, int preRelease, byte[] bytes, PostgresqlWal.XlogRecord parsed) {
    }

    /**
     * The records read and why reading stopped.
     *
     * @param records    every record, in LSN order
     * @param stopReason the first invalid thing met after the last record (the end of WAL)
     */
    public record Result(List<KaitaiRecord> records, String stopReason) {
    }

    /** A page of some segment, keyed by the LSN of its first byte. */
    private record PageRef(PostgresqlWal.PageHeader header, byte[] payload) {
    }

    private final TreeMap<Long, PageRef> pages = new TreeMap<>();
    private final long pageSize;
    private final long segmentSize;
    private final int magic;
    private final long firstSegmentStart;
    private String stopReason = "";
    /** Where the record after the one {@link #collect} just gathered starts. */
    private long nextLsn;
    /**
     * Set by {@link #collect} when a continuation page carries XLP_FIRST_IS_OVERWRITE_CONTRECORD: the record
     * being gathered was abandoned by crash recovery and reading restarts at that page; -1 otherwise.
     */
    private long restartAt = -1;

    private KaitaiWalRecords(List<Path> segments) throws IOException {
        long blcksz = 0;
        long segsz = 0;
        int firstMagic = -1;
        long firstStart = -1;
        for (Path segment : segments) {
            PostgresqlWal wal = new PostgresqlWal(new ByteBufferKaitaiStream(Files.readAllBytes(segment)));
            if (wal.pages().isEmpty()) {
                continue;
            }
            PostgresqlWal.PageHeader first = wal.pages().get(0).header();
            if (!first.isLongHeader()) {
                throw new IOException(segment + ": first page has no long header");
            }
            if (firstMagic < 0) {
                firstMagic = first.magic();
                blcksz = first.lenPage();
                segsz = first.lenSegment();
                firstStart = segmentNumber(segment) * segsz;
            }
            long segStart = segmentNumber(segment) * segsz;
            for (int i = 0; i < wal.pages().size(); i++) {
                PostgresqlWal.Page page = wal.pages().get(i);
                pages.put(segStart + i * blcksz, new PageRef(page.header(), page.payload()));
            }
        }
        this.pageSize = blcksz;
        this.segmentSize = segsz;
        this.magic = firstMagic;
        this.firstSegmentStart = firstStart;
    }

    /** Reads every record of the segments in {@code walDir} (file names of 24 upper-case hex digits). */
    public static Result read(Path walDir) {
        try (Stream<Path> files = Files.list(walDir)) {
            List<Path> segments = files
                    .filter(p -> SEGMENT_NAME.matcher(p.getFileName().toString()).matches())
                    .sorted()
                    .toList();
            if (segments.isEmpty()) {
                throw new IllegalArgumentException("no WAL segments in " + walDir);
            }
            return new KaitaiWalRecords(segments).readRecords();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long segmentNumber(Path segment) {
        String name = segment.getFileName().toString();
        // name = TLI(8) + xlogid(8) + seg(8); with S segments per 4 GiB, segno = xlogid * S + seg
        long xlogId = Long.parseLong(name.substring(8, 16), 16);
        long seg = Long.parseLong(name.substring(16, 24), 16);
        return xlogId * 0x1_0000_0000L / segmentSizeOf(segment) + seg;
    }

    private static long segmentSizeOf(Path segment) {
        try (var ch = Files.newByteChannel(segment)) {
            ByteBuffer b = ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN);
            while (b.hasRemaining() && ch.read(b) > 0) {
                // fill the long header
            }
            return Integer.toUnsignedLong(b.getInt(32));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private PageRef validPage(long pageStart) {
        PageRef p = pages.get(pageStart);
        if (p == null) {
            stopReason = String.format("no page at %X/%08X", pageStart >>> 32, pageStart & 0xFFFFFFFFL);
            return null;
        }
        if (p.header.magic() != magic) {
            stopReason = String.format("invalid magic %04X at page %X", p.header.magic(), pageStart);
            return null;
        }
        if (p.header.pageAddress() != pageStart) {
            stopReason = String.format("unexpected pageaddr %X at page %X", p.header.pageAddress(), pageStart);
            return null;
        }
        if ((p.header.info() & ~p.header.allFlags()) != 0) {
            stopReason = String.format("invalid info bits %04X at page %X", p.header.info(), pageStart);
            return null;
        }
        return p;
    }

    private static long maxAlign(long x) {
        return (x + 7) & ~7L;
    }

    /** Start of the first record beginning in the first segment (XLogFindNextRecord). */
    private long firstRecordLsn() {
        long pageStart = firstSegmentStart;
        while (true) {
            PageRef p = validPage(pageStart);
            if (p == null) {
                return -1;
            }
            long hdr = p.header.lenHeader();
            if (!p.header.isFirstContrecord()) {
                return pageStart + hdr;
            }
            long rem = maxAlign(p.header.lenRemaining());
            if (rem < pageSize - hdr) {
                return pageStart + hdr + rem;
            }
            pageStart += pageSize;
        }
    }

    private Result readRecords() {
        List<KaitaiRecord> out = new ArrayList<>();
        int major = -1;
        int preRelease = -1;
        long lsn = firstRecordLsn();
        long prevLsn = -1;
        while (lsn >= 0) {
            long pageStart = lsn - Long.remainderUnsigned(lsn, pageSize);
            PageRef page = validPage(pageStart);
            if (page == null) {
                break;
            }
            if (major < 0) {
                major = page.header.major();
                preRelease = page.header.preRelease();
            }
            if (lsn == pageStart) {
                lsn += page.header.lenHeader();
            }
            byte[] rec = collect(lsn, page);
            if (rec == null && restartAt >= 0) {
                // xlogreader: overwrittenRecPtr = RecPtr; RecPtr = targetPagePtr; goto restart (the aborted
                // record's first part is skipped; the next record's xl_prev names the last complete record)
                lsn = restartAt;
                restartAt = -1;
                continue;
            }
            if (rec == null) {
                break;
            }
            PostgresqlWal.XlogRecord parsed;
            try {
                parsed = new PostgresqlWal.XlogRecord(new ByteBufferKaitaiStream(rec), major, preRelease);
            } catch (RuntimeException e) {
                stopReason = String.format("record at %X does not parse: %s", lsn, e);
                break;
            }
            if (prevLsn >= 0 && parsed.prevLsn() != prevLsn) {
                stopReason = String.format("incorrect prev-link %X at %X", parsed.prevLsn(), lsn);
                break;
            }
            if (!crcMatches(rec, parsed.crc())) {
                stopReason = String.format("incorrect CRC in record at %X", lsn);
                break;
            }
            out.add(new KaitaiRecord(lsn, major, preRelease, rec, parsed));
            prevLsn = lsn;
            if (parsed.rmgrId() == RM_XLOG_ID && (parsed.info() & 0xF0) == XLOG_SWITCH) {
                lsn = lsn - Long.remainderUnsigned(lsn, segmentSize) + segmentSize;
            } else {
                lsn = nextLsn;
            }
        }
        return new Result(List.copyOf(out), stopReason);
    }

    /** Gathers {@code xl_tot_len} bytes of the record at {@code lsn}, following continuation pages. */
    private byte[] collect(long lsn, PageRef page) {
        long pageStart = lsn - Long.remainderUnsigned(lsn, pageSize);
        int ofsInPayload = (int) (lsn - pageStart - page.header.lenHeader());
        byte[] payload = page.payload;
        if (ofsInPayload + 4 > payload.length) {
            stopReason = String.format("record at %X: xl_tot_len does not fit on its page", lsn);
            return null;
        }
        long totLen = Integer.toUnsignedLong(ByteBuffer.wrap(payload, ofsInPayload, 4)
                .order(ByteOrder.LITTLE_ENDIAN).getInt());
        if (totLen < SIZE_OF_XLOG_RECORD) {
            stopReason = String.format("invalid record length at %X: expected at least 24, got %d", lsn, totLen);
            return null;
        }
        if (totLen > 1020L * 1024 * 1024) {
            stopReason = String.format("invalid record length at %X: %d", lsn, totLen);
            return null;
        }
        byte[] rec = new byte[(int) totLen];
        int got = Math.min(rec.length, payload.length - ofsInPayload);
        System.arraycopy(payload, ofsInPayload, rec, 0, got);
        long end = lsn + got;
        while (got < rec.length) {
            pageStart += pageSize;
            PageRef next = validPage(pageStart);
            if (next == null) {
                return null;
            }
            if (next.header.isFirstOverwriteContrecord()) {
                restartAt = pageStart;
                return null;
            }
            if (!next.header.isFirstContrecord() || next.header.lenRemaining() != rec.length - got) {
                stopReason = String.format("bad contrecord at page %X (rem_len %d, expected %d)",
                        pageStart, next.header.lenRemaining(), rec.length - got);
                return null;
            }
            int n = Math.min(rec.length - got, next.payload.length);
            System.arraycopy(next.payload, 0, rec, got, n);
            got += n;
            end = pageStart + next.header.lenHeader() + n;
        }
        nextLsn = maxAlign(end);
        return rec;
    }

    private static boolean crcMatches(byte[] rec, long stored) {
        CRC32C crc = new CRC32C();
        crc.update(rec, SIZE_OF_XLOG_RECORD, rec.length - SIZE_OF_XLOG_RECORD);
        crc.update(rec, 0, 20);
        return crc.getValue() == stored;
    }
}
