package org.walprism.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.ChecksumMismatchException;
import org.walprism.codec.Lsn;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.UnsupportedWalVersionException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.read.WalReader;

/**
 * The catalogue of broken inputs: each is a real 19beta1 capture (3 segments of 1 MB, first record at
 * 0/00E58530) with one defect, and each asserts the exception type and the exact message.
 */
class MalformedWalTest {
    private static final String SEG_E = "00000001000000000000000E";
    private static final String SEG_F = "00000001000000000000000F";
    private static final long START = 0xE58530L;
    private static final long SECOND = 0xE58910L;
    private static final long END = 0x102EF68L;

    @TempDir
    Path dir;

    @BeforeEach
    void copyCapture() throws IOException {
        Path src = CaptureFiles.walDir("19beta1/vacuum_indexed");
        try (var s = Files.list(src)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = dir.resolve(p.getFileName());
                Files.copy(p, t);
                t.toFile().setWritable(true);
            }
        }
    }

    private long readAll(long start, long end) {
        long n = 0;
        try (WalReader r = WalSources.reader(dir, Lsn.bound(start), Lsn.bound(end))) {
            while (r.nextView() != null) {
                n++;
            }
        }
        return n;
    }

    private void patch(String seg, long offset, byte[] bytes) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve(seg).toFile(), "rw")) {
            f.seek(offset);
            f.write(bytes);
        }
    }

    private byte[] read(String seg, long offset, int len) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve(seg).toFile(), "r")) {
            byte[] b = new byte[len];
            f.seek(offset);
            f.readFully(b);
            return b;
        }
    }

    private static byte[] le32(long v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) v).array();
    }

    private static byte[] le64(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    @Test
    void intactCaptureReadsToTheEnd() {
        assertEquals(567, readAll(START, END));
    }

    @Test
    void rejectsTruncatedSegment() throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve(SEG_F).toFile(), "rw")) {
            f.setLength(300_000);
        }
        TruncatedWalException e = assertThrows(TruncatedWalException.class, () -> readAll(START, END));
        assertEquals("truncated WAL segment: 300000 bytes (expected: 1048576) at LSN 0/00F493E0 in "
                + SEG_F + " offset 0x493E0", e.getMessage());
        assertEquals(SEG_F, e.file());
    }

    @Test
    void rejectsBitFlippedRecord() throws IOException {
        // The first record is a 985-byte PRUNE_VACUUM_SCAN; flip one bit in its FPI bytes.
        long off = START + 500;
        byte[] b = read(SEG_E, off & 0xFFFFF, 1);
        b[0] ^= 0x10;
        patch(SEG_E, off & 0xFFFFF, b);
        ChecksumMismatchException e = assertThrows(ChecksumMismatchException.class, () -> readAll(START, END));
        assertEquals(START, e.lsn());
        assertEquals(SEG_E, e.file());
        assertEquals(START & 0xFFFFF, e.offset());
        assertEquals(String.format("incorrect resource manager data checksum %08X (expected: %08X) at LSN 0/00E58530 in "
                + SEG_E + " offset 0x58530", e.actual(), e.expected()), e.getMessage());
    }

    @Test
    void rejectsBadPageMagic() throws IOException {
        // Page 0/00E5A000 is in the middle of the range.
        patch(SEG_E, 0xE5A000L & 0xFFFFF, new byte[] {(byte) 0xEF, (byte) 0xBE});
        WalFormatException e = assertThrows(WalFormatException.class, () -> readAll(START, END));
        assertEquals("invalid magic number BEEF (expected: D120) at LSN 0/00E5A000 in " + SEG_E + " offset 0x5A000",
                e.getMessage());
    }

    @Test
    void rejectsUnknownVersionMagicOnFirstPage() throws IOException {
        // The segment's long header is validated first (as xlogreader does at every segment switch), so the
        // unknown magic must be on the segment's first page to be the first magic read.
        patch(SEG_E, 0, new byte[] {0x05, (byte) 0xD0});
        patch(SEG_E, 0x58000, new byte[] {0x05, (byte) 0xD0});
        UnsupportedWalVersionException e = assertThrows(UnsupportedWalVersionException.class,
                () -> readAll(START, END));
        assertEquals(0xD005, e.magic());
        assertEquals("unsupported WAL page magic D005 (older than PostgreSQL 13 (D106), the oldest this walprism reads;"
                + " supported: " + WalVersion.supported() + ") at LSN 0/00E00000 in " + SEG_E + " offset 0x0", e.getMessage());
    }

    @Test
    void rejectsBadTotalLength() throws IOException {
        patch(SEG_E, SECOND & 0xFFFFF, le32(12));
        WalFormatException e = assertThrows(WalFormatException.class, () -> readAll(START, END));
        assertEquals("invalid record length 12 (expected: >= 24) at LSN 0/00E58910 in " + SEG_E + " offset 0x58910",
                e.getMessage());
    }

    @Test
    void rejectsHugeTotalLengthWithoutAllocatingIt() throws IOException {
        patch(SEG_E, SECOND & 0xFFFFF, le32(0x3FFF0000L));
        WalFormatException e = assertThrows(WalFormatException.class, () -> readAll(START, END));
        assertEquals("invalid record length 1073676288 (expected: <= 1069547520) at LSN 0/00E58910 in " + SEG_E
                + " offset 0x58910", e.getMessage());
    }

    @Test
    void rejectsBrokenPrevLink() throws IOException {
        patch(SEG_E, (SECOND & 0xFFFFF) + 8, le64(0xE58000L));
        WalFormatException e = assertThrows(WalFormatException.class, () -> readAll(START, END));
        assertEquals("record with incorrect prev-link 0/00E58000 (expected: 0/00E58530) at LSN 0/00E58910 in "
                + SEG_E + " offset 0x58910", e.getMessage());
    }

    @Test
    void rejectsMissingSegmentInsideTheRange() throws IOException {
        Files.delete(dir.resolve(SEG_F));
        TruncatedWalException e = assertThrows(TruncatedWalException.class, () -> readAll(START, END));
        assertEquals("missing WAL segment " + SEG_F + " (needed to read up to 0/0102EF68) at LSN 0/00F00000 in "
                + SEG_F + " offset 0x0", e.getMessage());
    }

    @Test
    void rejectsStartBeyondTheEndOfWal() {
        TruncatedWalException e = assertThrows(TruncatedWalException.class, () -> readAll(0x1100000L, 0));
        assertTrue(e.getMessage().startsWith("WAL segment 000000010000000000000011 (holding 0/01100000) is missing; "
                + "the newest present is "), e.getMessage());
    }

    @Test
    void endsQuietlyAtTheEndOfWrittenWalWithoutEndLsn() {
        // Without -e the reader stops where the WAL ends (zero record length after the last record).
        long n = readAll(START, 0);
        assertEquals(true, n > 567, "reads past the measured range to the end of WAL: " + n);
    }

    @Test
    void randomBytesGiveOnlyWalFormatExceptions() throws IOException {
        Random rnd = new Random(42);
        byte[] orig = Files.readAllBytes(dir.resolve(SEG_E));
        for (int round = 0; round < 200; round++) {
            byte[] b = orig.clone();
            int flips = 1 + rnd.nextInt(20);
            for (int i = 0; i < flips; i++) {
                int at = (int) (START & 0xFFFFF) + rnd.nextInt(b.length - (int) (START & 0xFFFFF));
                b[at] = (byte) rnd.nextInt(256);
            }
            // Half of the rounds: fix up CRCs so the body decoder, not just the CRC check, sees garbage.
            Files.write(dir.resolve(SEG_E), b);
            try {
                readAll(START, END);
            } catch (RuntimeException e) {
                assertInstanceOf(WalFormatException.class, e, () -> "unexpected " + e);
            }
        }
    }

    @Test
    void garbageBodiesWithValidCrcGiveOnlyWalFormatExceptions() throws IOException {
        // Rewrite the first record's body with random bytes and a matching CRC, 500 times.
        Random rnd = new Random(7);
        byte[] orig = Files.readAllBytes(dir.resolve(SEG_E));
        int at = (int) (START & 0xFFFFF);
        int len = 985;
        for (int round = 0; round < 500; round++) {
            byte[] b = orig.clone();
            int n = 1 + rnd.nextInt(40);
            for (int i = 0; i < n; i++) {
                b[at + 24 + rnd.nextInt(60)] = (byte) rnd.nextInt(256);
            }
            CRC32C crc = new CRC32C();
            crc.update(b, at + 24, len - 24);
            crc.update(b, at, 20);
            ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(at + 20, (int) crc.getValue());
            Files.write(dir.resolve(SEG_E), b);
            try {
                readAll(START, END);
            } catch (RuntimeException e) {
                assertInstanceOf(WalFormatException.class, e, () -> "unexpected " + e);
            }
        }
    }
}
