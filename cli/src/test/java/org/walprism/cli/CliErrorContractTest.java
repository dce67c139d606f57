package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.cli.CliRun.Result;
import org.walprism.codec.Lsn;

/**
 * Each bad input gives its documented exit code and exactly one stderr line naming file, LSN and offset,
 * never a stack trace. Broken inputs are built in a temporary directory from a real capture's bytes.
 */
class CliErrorContractTest {

    /** A 19 capture spanning three segments, so one can go missing in the middle. */
    private static final String CAPTURE = "19beta1/vacuum_noindex";

    @TempDir
    Path tmp;

    private Capture cap;
    private Path wal;
    private List<String> segments;

    @BeforeEach
    void copyCapture() throws IOException {
        cap = TestData.capture(CAPTURE);
        wal = tmp.resolve("wal");
        Files.createDirectories(wal);
        try (var s = Files.list(cap.walDir())) {
            for (Path p : s.sorted().toList()) {
                Files.copy(p, wal.resolve(p.getFileName().toString()));
            }
        }
        try (var s = Files.list(wal)) {
            segments = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertEquals(3, segments.size(), "the capture spans three segments");
    }

    private Result stats(String... extra) {
        List<String> a = new java.util.ArrayList<>(List.of("stats", "-p", wal.toString(),
                "-s", Lsn.format(cap.startLsn(), true), "-e", Lsn.format(cap.endLsn(), true)));
        a.addAll(List.of(extra));
        return CliRun.run(a.toArray(String[]::new));
    }

    private static void writeAt(Path file, long offset, byte... bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(bytes), offset);
        }
    }

    /** Exactly one line on stderr, no stack trace, naming the file, an LSN and an offset. */
    private static String oneLine(Result r) {
        assertEquals("", r.out(), "nothing on stdout");
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        String line = lines.get(0);
        assertTrue(line.startsWith("walprism: error: "), line);
        assertFalse(r.err().contains("\tat "), "no stack trace");
        return line;
    }

    private static void namesLocation(String line, String file, String lsn, String offset) {
        assertTrue(line.contains(" in " + file + " "), line);
        assertTrue(line.contains(" at LSN " + lsn + " "), line);
        assertTrue(line.endsWith(" offset " + offset), line);
    }

    @Test
    void truncatedSegment() throws IOException {
        Path mid = wal.resolve(segments.get(1));
        try (FileChannel ch = FileChannel.open(mid, StandardOpenOption.WRITE)) {
            ch.truncate(500_000);
        }
        Result r = stats();
        assertEquals(ExitCode.TRUNCATED.code(), r.code());
        String line = oneLine(r);
        assertTrue(line.contains("truncated WAL segment: 500000 bytes"), line);
        namesLocation(line, segments.get(1), "0/0097A120", "0x7A120");
    }

    @Test
    void missingSegmentInTheMiddle() throws IOException {
        Files.delete(wal.resolve(segments.get(1)));
        Result r = stats();
        assertEquals(ExitCode.TRUNCATED.code(), r.code());
        String line = oneLine(r);
        assertTrue(line.contains("missing WAL segment " + segments.get(1)), line);
        namesLocation(line, segments.get(1), "0/00900000", "0x0");
    }

    @Test
    void wrongPageMagicInsideTheRange() throws IOException {
        // page 5 of the middle segment gets magic 0x9999
        writeAt(wal.resolve(segments.get(1)), 5 * 8192, (byte) 0x99, (byte) 0x99);
        Result r = stats();
        assertEquals(ExitCode.INVALID_WAL.code(), r.code());
        String line = oneLine(r);
        assertTrue(line.contains("invalid magic number 9999 (expected: D120)"), line);
        namesLocation(line, segments.get(1), "0/0090A000", "0xA000");
    }

    @Test
    void unknownMagicOnTheFirstPageRead() throws IOException {
        // in PostgreSQL's range of magics (0xD0xx, 0xD1xx): a version walprism does not know
        writeAt(wal.resolve(segments.get(0)), 0, (byte) 0xFF, (byte) 0xD0);
        Result r = CliRun.run("stats", "-p", wal.toString());
        assertEquals(ExitCode.UNSUPPORTED_VERSION.code(), r.code());
        String line = oneLine(r);
        assertTrue(line.contains("unsupported WAL page magic D0FF"), line);
        namesLocation(line, segments.get(0), "0/00800000", "0x0");
    }

    @Test
    void junkMagicOnTheFirstPageReadIsInvalidNotUnsupported() throws IOException {
        // no PostgreSQL writes 0x9999: the file is not WAL of any version (pg_waldump: "invalid magic number")
        writeAt(wal.resolve(segments.get(0)), 0, (byte) 0x99, (byte) 0x99);
        Result r = CliRun.run("stats", "-p", wal.toString());
        assertEquals(ExitCode.INVALID_WAL.code(), r.code());
        String line = oneLine(r);
        assertTrue(line.contains("invalid magic number 9999"), line);
        namesLocation(line, segments.get(0), "0/00800000", "0x0");
    }

    @Test
    void crcMismatch() throws IOException {
        // one byte inside a record on page 5 of the middle segment
        Path mid = wal.resolve(segments.get(1));
        byte[] b = Files.readAllBytes(mid);
        writeAt(mid, 5 * 8192 + 3000, (byte) ~b[5 * 8192 + 3000]);
        Result r = stats();
        assertEquals(ExitCode.CHECKSUM.code(), r.code());
        String line = oneLine(r);
        assertTrue(line.contains("incorrect resource manager data checksum"), line);
        assertTrue(line.contains(" in " + segments.get(1) + " offset 0x"), line);
    }

    @Test
    void startLsnBeyondTheEndOfWal() {
        // the segment holding the start is not there: named, with the newest that is (pg_waldump: "could not find
        // file"), not a search for a record in a file that does not exist
        Result r = CliRun.run("stats", "-p", wal.toString(), "-s", "0/0FFFFFF0");
        assertEquals(ExitCode.TRUNCATED.code(), r.code());
        assertEquals("walprism: error: WAL segment 0000000100000000000000FF (holding 0/0FFFFFF0) is missing; the "
                + "newest present is " + segments.get(2), oneLine(r));
    }

    @Test
    void missingPath() {
        Path nowhere = tmp.resolve("no-such-dir");
        Result r = CliRun.run("stats", "-p", nowhere.toString());
        assertEquals(ExitCode.INPUT.code(), r.code());
        assertEquals("walprism: error: could not open \"" + nowhere + "\": no such file or directory", oneLine(r));
    }

    @Test
    void badOptions() {
        for (String[] args : List.of(
                new String[] {"stats", "-p", wal.toString(), "-s", "zz"},
                new String[] {"stats", "-p", wal.toString(), "--bogus"},
                new String[] {"stats", "-p", wal.toString(), "--stats=foo"},
                new String[] {"stats", "-p", wal.toString(), "-t", "0"},
                new String[] {"stats", "-p", wal.toString(), "--format", "xml"},
                new String[] {})) {
            Result r = CliRun.run(args);
            assertEquals(ExitCode.USAGE.code(), r.code(), String.join(" ", args));
            String line = oneLine(r);
            assertTrue(line.contains("--help"), line);
        }
    }

    @Test
    void debugPrintsTheStackTrace() throws IOException {
        Files.delete(wal.resolve(segments.get(1)));
        Result r = stats("--debug");
        assertEquals(ExitCode.TRUNCATED.code(), r.code());
        assertTrue(r.err().lines().count() > 1 && r.err().contains("\tat "), r.err());
    }
}
