package org.walprism.codec.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFileName;
import org.walprism.codec.page.PageFlags;
import org.walprism.codec.page.PageHeader;
import org.walprism.codec.page.PageHeaderCodec;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.testsupport.SegmentFiles;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Every record of every capture, decoded by {@link WalReader} and encoded again, gives the bytes PostgreSQL
 * wrote; and the whole capture, rewritten by {@link WalWriter} from its decoded records, reproduces the
 * original segment bytes (page headers, continuations, padding) from its first record to its last.
 */
class CaptureRoundTripTest {

    static List<Capture> captures() {
        return TestData.captures();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void everyRecordEncodesToItsOriginalBytes(Capture capture) {
        long n = 0;
        long withImage = 0;
        try (WalReader reader = SegmentFiles.reader(capture.walDir(), 0, 0)) {
            for (DecodedRecord r = reader.next(); r != null; r = reader.next()) {
                byte[] encoded = RecordEncoder.encode(r);
                if (!java.util.Arrays.equals(r.bytes(), encoded)) {
                    assertArrayEquals(r.bytes(), encoded, capture.name() + " record at " + Lsn.format(r.recordLsn().value(), true));
                }
                n++;
                withImage += r.fpiLength() > 0 ? 1 : 0;
            }
        }
        assertTrue(n >= capture.records(), capture.name() + ": " + n + " records read, manifest says "
                + capture.records() + " in the measured range");
        assertTrue(withImage > 0, capture.name() + ": no record with an image was checked");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void rewritingACaptureReproducesItsSegmentBytes(Capture capture, @TempDir Path out) throws IOException {
        Path walDir = capture.walDir();
        int segSize = capture.segmentSize();
        long written = 0;
        int runs = 0;
        try (WalReader reader = SegmentFiles.reader(walDir, 0, 0)) {
            DecodedRecord r = reader.next();
            int tli = reader.timeline();
            // One run of records after the other: a record that starts a page flagged XLP_FIRST_IS_OVERWRITE_CONTRECORD
            // follows the first part of a record crash recovery abandoned (bytes no record holds), so it begins a
            // new run, rewritten into its own directory by a writer that starts there.
            while (r != null) {
                Path dir = out.resolve("run" + runs++);
                long first = r.recordLsn().value();
                byte[] seg = Files.readAllBytes(walDir.resolve(WalFileName.of(tli, first / segSize, segSize)));
                PageHeader longHeader = PageHeaderCodec.decode(seg, 0);
                PageHeader firstPage = PageHeaderCodec.decode(seg, (int) (first % segSize - first % PageHeader.XLOG_BLCKSZ));
                WalWriter.Options o = WalWriter.options(reader.version())
                        .systemId(longHeader.sysid())
                        .timeline(tli)
                        .segmentSize((int) longHeader.segSize())
                        .startLsn(first)
                        .prevLsn(r.prev())
                        .firstPageRemLen(firstPage.isContRecord() ? firstPage.remLen() : 0)
                        .overwriteContrecord(startsOverwritePage(reader.version(), first, segSize, walDir, tli))
                        // after a promotion the new timeline's copy of a segment keeps the older timeline's pages
                        .pageTimeline(addr -> (int) originalPageHeader(walDir, tli, addr, segSize).timeline());
                int removable = PageFlags.bkpRemovable(reader.version());
                if (removable != 0) {
                    // the flag is off on pages PostgreSQL initialised during a base backup: take it from each original page
                    o.backupRemovable(addr -> (originalPageHeader(walDir, tli, addr, segSize).info() & removable) != 0);
                }
                long end;
                try (WalWriter w = WalWriter.create(dir, o)) {
                    for (; r != null; r = reader.next()) {
                        if (r.recordLsn().value() != first && startsOverwritePage(reader.version(), r.recordLsn().value(), segSize, walDir, tli)) {
                            break;
                        }
                        long lsn = w.append(RecordEncoder.encode(r));
                        assertEquals(r.recordLsn().value(), lsn, capture.name() + ": record placed at " + Lsn.format(lsn, true)
                                + " instead of " + Lsn.format(r.recordLsn().value(), true));
                        written++;
                    }
                    end = w.endLsn();
                }
                compareRun(capture, walDir, dir, tli, segSize, first, end);
                try (Stream<Path> files = Files.list(dir)) {
                    assertFalse(files.anyMatch(f -> !WalFileName.isSegmentName(f.getFileName().toString())),
                            "only segment files are left");
                }
            }
        }
        assertTrue(written >= capture.records(), capture.name() + ": " + written + " records rewritten");
        assertEquals(capture.name().endsWith("/overwrite_contrecord") ? 2 : 1, runs,
                capture.name() + ": runs of records rewritten");
    }

    /** The rewritten segments equal the original over [first, end), MAXALIGN padding after the last record included. */
    private static void compareRun(Capture capture, Path walDir, Path dir, int tli, int segSize, long first, long end)
            throws IOException {
        long alignedEnd = (end + 7) & ~7L;
        long p = first;
        while (p < alignedEnd) {
            long segno = p / segSize;
            String name = WalFileName.of(tli, segno, segSize);
            byte[] orig = Files.readAllBytes(walDir.resolve(name));
            byte[] mine = Files.readAllBytes(dir.resolve(name));
            assertEquals(segSize, mine.length, name + " size");
            int from = (int) (p % segSize);
            int to = (int) Math.min(segSize, alignedEnd - segno * segSize);
            int diff = java.util.Arrays.mismatch(orig, from, to, mine, from, to);
            assertEquals(-1, diff, capture.name() + ": rewritten " + name + " differs at offset 0x"
                    + Integer.toHexString(from + Math.max(diff, 0)) + " (LSN "
                    + Lsn.format(segno * segSize + from + Math.max(diff, 0), true) + ")");
            p = (segno + 1) * segSize;
        }
    }

    /** True when {@code lsn} is the first record of a page flagged XLP_FIRST_IS_OVERWRITE_CONTRECORD. */
    private static boolean startsOverwritePage(org.walprism.codec.WalVersion version, long lsn, int segSize, Path walDir,
                                               int tli) {
        long page = lsn - lsn % PageHeader.XLOG_BLCKSZ;
        if (lsn - page != PageHeader.SHORT_SIZE && lsn - page != PageHeader.LONG_SIZE) {
            return false;
        }
        PageHeader h = originalPageHeader(walDir, tli, page, segSize);
        return (h.info() & PageFlags.overwriteContrecord(version)) != 0 && lsn == page + h.size();
    }

    /** The header of the original page at {@code addr}. */
    private static PageHeader originalPageHeader(Path walDir, int tli, long addr, int segSize) {
        Path file = walDir.resolve(WalFileName.of(tli, addr / segSize, segSize));
        try (FileChannel ch = FileChannel.open(file)) {
            ByteBuffer b = ByteBuffer.allocate(PageHeader.LONG_SIZE);
            ch.read(b, addr % segSize);
            return PageHeaderCodec.decode(b.array(), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
