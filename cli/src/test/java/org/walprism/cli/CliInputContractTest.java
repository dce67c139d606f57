package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.cli.CliRun.Result;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.xlog.Fpi;
import org.walprism.codec.write.RecordBuilder;
import org.walprism.codec.write.WalWriter;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Command-line and file contract (issue 15, items 9 to 12): each bad argument or input gives its exit code and
 * exactly one stderr line, asserted whole; where pg_waldump has the behaviour, pg_waldump 15 is the oracle.
 */
class CliInputContractTest {
    private static final Path PG_WALDUMP_15 = Path.of("/usr/lib/postgresql/15/bin/pg_waldump");
    private static final int MIB = 1024 * 1024;
    /** A 15 capture over three 1 MiB segments. */
    private static final String CAPTURE = "15/vacuum_noindex";

    @TempDir
    Path tmp;

    private static Result run(String... args) {
        return CliRun.run(args);
    }

    /** The one stderr line (no stack trace, nothing else). */
    private static String oneLine(Result r) {
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
        return lines.get(0);
    }

    private static void assertFails(Result r, ExitCode code, String line) {
        assertEquals(code.code(), r.code(), r.err());
        assertEquals(line, oneLine(r));
        assertEquals("", r.out(), "nothing on stdout");
    }

    private static Path model(String name) {
        return TestData.root().resolve("models").resolve(name + ".properties");
    }

    private List<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    // ------------------------------------------------------------------ item 9

    @Test
    void generateRejectsASegmentSizeThatIsNoPowerOfTwoBetween1MbAnd1Gb() {
        for (String size : List.of("12345", "0", "-1", "1048575", "2147483648", "lots")) {
            Result r = run("generate", "--major", "17", "--model", model("vacuum_noindex").toString(),
                    "--segment-size", size);
            assertFails(r, ExitCode.USAGE, "walprism: error: Invalid value for option '--segment-size': \"" + size
                    + "\" is not a power of two between 1 MB and 1 GB (1048576 .. 1073741824 bytes) "
                    + "(try \"walprism generate --help\")");
        }
    }

    // ------------------------------------------------------------------ item 10

    @Test
    void generateRejectsAModelValueOutOfRangeNamingKeyValueAndRange() throws IOException {
        Path m = tmp.resolve("m.properties");
        for (String[] c : List.of(
                new String[] {"compressionRatio=NaN\nwalCompression=pglz", "compressionRatio = NaN is out of range "
                        + "(allowed: > 0 and <= 1)"},
                new String[] {"index.leafImageBytes=-5", "index.leafImageBytes = -5 is out of range (allowed: 24 .. 8192)"},
                new String[] {"index.leafImageBytes=100000",
                    "index.leafImageBytes = 100000 is out of range (allowed: 24 .. 8192)"})) {
            Files.writeString(m, "table.rows=1000\ntable.tupleLength=87\nindexes=1\n" + c[0] + "\n");
            Result r = run("generate", "--major", "16", "--model", m.toString());
            assertFails(r, ExitCode.USAGE, "walprism: error: invalid model " + m + ": " + c[1]
                    + " (try \"walprism generate --help\")");
        }
    }

    // ------------------------------------------------------------------ item 11 (the -o contract; interrupts: GenerateInterruptTest)

    @Test
    void generateRefusesToOverwriteASegmentAndLeavesNothingBehind() throws IOException {
        Path out = tmp.resolve("out");
        Files.createDirectories(out);
        Path existing = out.resolve("000000010000000000000002");
        Files.writeString(existing, "keep me");
        Result r = run("generate", "--major", "16", "--model", model("vacuum_indexed").toString(), "-o",
                out.toString(), "--segment-size", String.valueOf(MIB));
        assertFails(r, ExitCode.USAGE, "walprism: error: could not create file \"" + existing
                + "\": file exists (walprism does not overwrite files)");
        assertEquals("keep me", Files.readString(existing));
        assertEquals(List.of("000000010000000000000002"), files(out), "the segment before it was not kept either");
    }

    @Test
    void reportRefusesToOverwriteAFileAsGenerateDoes() throws IOException {
        Capture c = TestData.capture(CAPTURE);
        Path html = tmp.resolve("report.html");
        Files.writeString(html, "keep me");
        Result r = run("report", c.walDir() + ":" + Lsn.format(c.startLsn(), false) + ":"
                + Lsn.format(c.endLsn(), false), "-o", html.toString());
        assertFails(r, ExitCode.USAGE, "walprism: error: could not create file \"" + html
                + "\": file exists (walprism does not overwrite files)");
        assertEquals("keep me", Files.readString(html));

        Path fresh = tmp.resolve("fresh.html");
        r = run("report", c.walDir().toString(), "-o", fresh.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(fresh).startsWith("<!DOCTYPE html>"), "a new file is written");
    }

    // ------------------------------------------------------------------ item 12: WAL locations and ids

    @Test
    void endOfZeroMeansNoEndAsInPgWaldump() {
        Capture c = TestData.capture(CAPTURE);
        String dir = c.walDir().toString();
        String start = Lsn.format(c.startLsn(), false);
        Result open = run("stats", "-p", dir, "-s", start);
        assertEquals(0, open.code(), open.err());
        Result zero = run("stats", "-p", dir, "-s", start, "-e", "0/0");
        assertEquals(0, zero.code(), zero.err());
        assertEquals(open.out(), zero.out());

        // with STARTSEG, -e 0/0 and -s 0/0 leave the segment's own bounds, as pg_waldump does
        String seg = c.walDir().resolve(c.segments().get(1)).toString();
        Result plain = run("stats", seg);
        assertEquals(0, plain.code(), plain.err());
        Result zeros = run("stats", seg, "-s", "0/0", "-e", "0/0");
        assertEquals(0, zeros.code(), zeros.err());
        assertEquals(plain.out(), zeros.out());
    }

    @Test
    void endNotAfterStartIsAUsageError() {
        Capture c = TestData.capture(CAPTURE);
        for (String end : List.of("0/9F0000", "0/A00028")) {
            Result r = run("stats", "-p", c.walDir().toString(), "-s", "0/A00028", "-e", end);
            assertFails(r, ExitCode.USAGE, "walprism: error: end WAL location "
                    + Lsn.format(Lsn.parse(end).value(), true) + " is not after start WAL location 0/00A00028");
        }
    }

    @Test
    void aSignedWalLocationIsRejected() {
        Capture c = TestData.capture(CAPTURE);
        for (String[] a : List.of(new String[] {"-s", "-1/0", "--start"}, new String[] {"-s", "0/-1", "--start"},
                new String[] {"-e", "-1/0", "--end"}, new String[] {"-s", "+1/0", "--start"},
                new String[] {"-s", "0x1/0", "--start"})) {
            Result r = run("dump", "-p", c.walDir().toString(), a[0], a[1], "-n", "1");
            assertFails(r, ExitCode.USAGE, "walprism: error: Invalid value for option '" + a[2]
                    + "': invalid WAL location: \"" + a[1] + "\" (try \"walprism dump --help\")");
        }
    }

    @Test
    void aTransactionIdAbove32BitsIsRejectedNotWrapped() {
        Capture c = TestData.capture(CAPTURE);
        for (String xid : List.of("4294967297", "18446744073709551617", "-1")) {
            Result r = run("dump", "-p", c.walDir().toString(), "-x", xid);
            assertFails(r, ExitCode.USAGE, "walprism: error: invalid transaction ID specification: \"" + xid
                    + "\" (try \"walprism dump --help\")");
        }
        Result r = run("dump", "-p", c.walDir().toString(), "-s", Lsn.format(c.startLsn(), false), "-x", "4294967295");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.out(), "no record has xid 4294967295");
    }

    // ------------------------------------------------------------------ item 12: paths and files

    @Test
    void aFifoIsNeitherADirectoryNorASegmentFile() throws Exception {
        Path fifo = tmp.resolve("fifo");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo unavailable");
        Result r = run("stats", "-p", fifo.toString());
        assertFails(r, ExitCode.INPUT, "walprism: error: could not open \"" + fifo
                + "\": not a directory or WAL segment file");
    }

    @Test
    void aDirectoryWithoutWalIsAnInputErrorLikeAMissingOne() throws IOException {
        Path empty = tmp.resolve("empty");
        Files.createDirectories(empty.resolve("pg_wal"));
        Files.writeString(empty.resolve("README"), "not WAL");
        // files a WAL directory holds that are not segments (a .partial segment is one: pg_receivewal's)
        Files.writeString(empty.resolve("00000002.history"), "1\t0/3000000\tno recovery target specified\n");
        Files.writeString(empty.resolve("000000010000000000000001.00000028.backup"), "START WAL LOCATION: 0/1000028");
        for (String cmd : List.of("stats", "dump", "replay")) {
            List<String> args = new ArrayList<>(List.of(cmd, "-p", empty.toString()));
            if (cmd.equals("replay")) {
                args.addAll(List.of("--as", "17"));
            }
            Result r = run(args.toArray(String[]::new));
            assertFails(r, ExitCode.INPUT, "walprism: error: could not find any WAL file in \"" + empty + "\"");
        }
        Result r = run("diff", empty.toString(), empty.toString());
        assertFails(r, ExitCode.INPUT, "walprism: error: could not find any WAL file in \"" + empty + "\"");
    }

    @Test
    void aModelThatIsNotUtf8NamesTheFileAndThePosition() throws IOException {
        Path m = tmp.resolve("latin1.properties");
        Files.write(m, "table.rows=1000\nname=caf\u00e9\ntable.tupleLength=87\n".getBytes(StandardCharsets.ISO_8859_1));
        Result r = run("generate", "--major", "16", "--model", m.toString());
        assertFails(r, ExitCode.USAGE, "walprism: error: invalid model " + m
                + ": not valid UTF-8: byte 0xE9 at offset 24 (line 2) (try \"walprism generate --help\")");
    }

    // ------------------------------------------------------------------ item 12: images the reader accepts

    /**
     * A one-record 15 segment: XLOG FPI of block 0 of 1663/5/16384 carrying {@code img}. PostgreSQL's reader accepts
     * the images used here (it checks hole_offset and hole_length only against 0 and bimg_len against BLCKSZ).
     *
     * @return the record's LSN
     */
    private static long walWithImage(Path dir, BlockImage img) throws IOException {
        WalVersion v = WalVersion.PG15;
        BlockRef block = new BlockRef(0, BlockRef.HAS_IMAGE, new RelFileLocator(1663, 5, 16384), 0, img, new byte[0]);
        byte[] record = RecordBuilder.of(v, RmgrTable.XLOG, Fpi.XLOG_FPI).blocksAsGiven(List.of(block)).build();
        try (WalWriter w = WalWriter.create(dir, WalWriter.options(v).segmentSize(MIB))) {
            return w.append(record);
        }
    }

    @Test
    void dumpBlockDetailsPrintTheHoleLengthAsPgWaldumpDoes() throws Exception {
        // bimg_len 9000 > BLCKSZ: hole_length = BLCKSZ - bimg_len wraps as the uint16 it is (64728)
        int flags = BlockImage.HAS_HOLE | BlockImage.applyBit(WalVersion.PG15);
        Path wal = tmp.resolve("wal");
        long lsn = walWithImage(wal, new BlockImage(9000, 40, 0, flags, BlockImage.Compression.NONE, true, true,
                new byte[9000]));
        Result r = run("dump", "-b", "-p", wal.toString());
        assertEquals(0, r.code(), r.err());
        assertFalse(r.out().contains("length: -"), r.out());

        assumeTrue(Files.isExecutable(PG_WALDUMP_15), PG_WALDUMP_15 + " not installed");
        Process p = new ProcessBuilder(PG_WALDUMP_15.toString(), "-b", "-p", wal.toString(), "-s",
                Lsn.format(lsn, false)).start();
        String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "pg_waldump did not finish");
        assertTrue(stdout.contains("hole: offset: 40, length: 64728"), stdout + stderr);
        assertEquals(stdout, r.out());
    }

    @Test
    void replayNamesTheRecordOfAnImageItCannotCarry() throws IOException {
        // a pglz image whose hole runs past the page: the reader accepts it, a re-encoding cannot hold it
        int flags = BlockImage.HAS_HOLE | BlockImage.applyBit(WalVersion.PG15) | 0x04;  // BKPIMAGE_COMPRESS_PGLZ (15)
        Path wal = tmp.resolve("wal");
        long lsn = walWithImage(wal, new BlockImage(100, 40, 9000, flags, BlockImage.Compression.PGLZ, true, true,
                new byte[100]));
        Result r = run("replay", "--as", "16", "-p", wal.toString());
        assertFails(r, ExitCode.INVALID_WAL, "walprism: error: invalid hole offset 40 length 9000 at LSN "
                + Lsn.of(lsn).format(WalVersion.PG15) + " in 000000010000000000000001 offset 0x" + Long.toHexString(lsn % MIB)
                .toUpperCase(java.util.Locale.ROOT));
    }
}
