package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.cli.CliRun.Result;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.testdata.Capture;
import org.walprism.testdata.PgWaldump;
import org.walprism.testdata.TestData;
import org.walprism.testdata.WalForms;

/**
 * A segment file cut short (an archive copy that ran out of disk, say) against the real pg_waldump of the
 * capture's major: {@code dump} and {@code dump -b} print the same records before the damage (pg_waldump reads
 * whole pages, so it prints the records before the page the cut falls in), both fail there, and walprism's one
 * error line names the file, the LSN and the offset where the file ends. {@code stats} prints nothing but the
 * error (no partial result); a range that ends before the cut is read whole by both.
 */
class TruncatedSegmentVsPgWaldumpTest {
    @TempDir
    Path tmp;

    static Stream<Capture> captures() {
        List<Capture> out = new ArrayList<>();
        for (String name : List.of("13/vacuum_indexed", "15/pgbench_oltp", "16/vacuum_noindex_pglz",
                "17/btree_pagedel", "18/rare_records")) {
            out.add(TestData.capture(name));
        }
        return out.stream();
    }

    /** The pg_waldump of {@code version} where the test prerequisites put it (a path that is not there else). */
    private static Path pgWaldump(String version) {
        return PgWaldump.find(Integer.parseInt(version)).orElse(Path.of("pg_waldump " + version + " not installed"));
    }

    private static Result walprism(List<String> args) {
        return CliRun.run(args.toArray(String[]::new));
    }

    private static Result pgWaldump(Path bin, List<String> args) {
        PgWaldump.Run r = PgWaldump.run(bin, args, 120);
        return new Result(r.exit(), r.out(), r.err());
    }

    @ParameterizedTest
    @MethodSource("captures")
    void dumpPrintsWhatPgWaldumpPrintsBeforeTheCutAndBothFail(Capture c) throws Exception {
        Path bin = pgWaldump(c.versionLabel());
        assumeTrue(Files.isExecutable(bin), "no pg_waldump " + c.versionLabel() + " at " + bin);
        Random rnd = new Random(c.name().hashCode());
        for (int round = 0; round < 3; round++) {
            Path dir = Files.createDirectories(tmp.resolve(c.name().replace('/', '_') + "_" + round));
            for (Path seg : plainCopies(c.walDir(), dir)) {
                assertTrue(Files.size(seg) == c.segmentSize(), seg.toString());
            }
            long cut = c.startLsn() + (long) (rnd.nextDouble() * (c.endLsn() - c.startLsn()));
            long segno = cut / c.segmentSize();
            Path file = dir.resolve(String.format("%08X%08X%08X", 1, segno / (0x100000000L / c.segmentSize()),
                    segno % (0x100000000L / c.segmentSize())));
            long keep = cut % c.segmentSize();
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                f.setLength(keep);
            }
            List<String> range = List.of("-p", dir.toString(), "-s", Lsn.format(c.startLsn(), true), "-e",
                    Lsn.format(c.endLsn(), true));
            for (List<String> extra : List.of(List.<String>of(), List.of("-b"))) {
                List<String> args = new ArrayList<>(range);
                args.addAll(extra);
                Result pg = pgWaldump(bin, args);
                List<String> wargs = new ArrayList<>(List.of("dump"));
                wargs.addAll(args);
                Result wp = walprism(wargs);
                String what = c.name() + " cut at " + Lsn.format(cut, true) + " " + extra;
                assertEquals(pg.out(), wp.out(), what);
                assertNotEquals(0, pg.code(), what + ": pg_waldump " + pg.err());
                assertEquals(ExitCode.TRUNCATED.code(), wp.code(), what + ": " + wp.err());
                String line = wp.err().strip().lines().reduce((a, b) -> b).orElse("");
                assertEquals("walprism: error: truncated WAL segment: " + keep + " bytes (expected: "
                        + c.segmentSize() + ") at LSN " + Lsn.of(cut).format(WalVersion.fromLabel(c.versionLabel())) + " in " + file.getFileName()
                        + " offset 0x" + Long.toHexString(keep).toUpperCase(java.util.Locale.ROOT), line, what);
            }
            List<String> stats = new ArrayList<>(List.of("stats", "--stats=record"));
            stats.addAll(range);
            Result st = walprism(stats);
            assertEquals(ExitCode.TRUNCATED.code(), st.code(), st.err());
            assertEquals("", st.out(), "stats prints no partial result");
            // a range that ends on a page before the cut: read whole by both
            long before = cut - cut % 8192 - 1;
            if (before > c.startLsn() + 8192) {
                List<String> early = List.of("-p", dir.toString(), "-s", Lsn.format(c.startLsn(), true), "-e",
                        Lsn.format(before - before % 8192, true), "--stats=record");
                Result pg = pgWaldump(bin, early);
                List<String> wargs = new ArrayList<>(List.of("stats"));
                wargs.addAll(early);
                Result wp = walprism(wargs);
                assertEquals(pg.code(), wp.code(), pg.err() + " / " + wp.err());
                assertEquals(pg.out(), wp.out(), c.name() + " up to " + Lsn.format(before, true));
            }
        }
    }

    /** Plain copies of a capture's segments in {@code into}. */
    private static List<Path> plainCopies(Path walDir, Path into) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path p : WalForms.segments(walDir)) {
            out.add(Files.copy(p, into.resolve(p.getFileName().toString())));
        }
        return out;
    }
}
