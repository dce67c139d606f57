package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.cli.CliRun.Result;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.PgWaldump;
import org.walprism.testdata.TestData;

/**
 * {@code stats} with pg_waldump's filters ({@code -r -x -R -B -F -w -n -q}) and a {@code -s} inside a record, run
 * against the real pg_waldump of the capture's major (13, 15 and 18 where installed) on corpus captures: the same
 * stdout byte for byte, and the same "first record is after" text on the same stream.
 */
class StatsFiltersVsPgWaldumpTest {

    private static final Path PG_WALDUMP_15 = pgWaldump("15");
    private static final List<String> WORKLOADS = List.of("vacuum_noindex", "vacuum_indexed", "other_rmgrs");

    /** The pg_waldump of {@code version} where the test prerequisites put it (a path that is not there else). */
    private static Path pgWaldump(String version) {
        return PgWaldump.find(Integer.parseInt(version)).orElse(Path.of("pg_waldump " + version + " not installed"));
    }

    static Stream<Arguments> captures() {
        List<Arguments> out = new ArrayList<>();
        for (String v : List.of("13", "15", "18")) {
            for (String w : WORKLOADS) {
                out.add(Arguments.of(TestData.capture(v + "/" + w)));
            }
        }
        return out.stream();
    }

    private static Result walprism(List<String> args) {
        return CliRun.run(args.toArray(String[]::new));
    }

    private static Result pgWaldump(Path bin, List<String> args) {
        PgWaldump.Run r = PgWaldump.run(bin, args, 120);
        return new Result(r.exit(), r.out(), r.err());
    }

    /** A block reference of the capture's first Heap2 record with one, to filter on (-R, -B, -F). */
    private static BlockRef someHeapBlock(Capture c) {
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()), 0)) {
            for (DecodedRecord d = r.next(); d != null; d = r.next()) {
                if (d.rmid() == 9 && !d.blocks().isEmpty()) {
                    return d.blocks().get(0);
                }
            }
        }
        throw new AssertionError("no Heap2 record with a block in " + c);
    }

    @ParameterizedTest
    @MethodSource("captures")
    void statsWithFiltersEqualsPgWaldump(Capture c) throws Exception {
        Path bin = pgWaldump(c.versionLabel());
        assumeTrue(Files.isExecutable(bin), bin + " not installed");
        BlockRef b = someHeapBlock(c);
        String rel = b.rel().toString();
        List<List<String>> filters = List.of(
                List.of("-r", "Heap2"), List.of("-r", "heap2", "-r", "XLOG"), List.of("-r", "Btree"),
                List.of("-x", "0"), List.of("-w"), List.of("-n", "7"), List.of("-q"),
                List.of("-R", rel), List.of("-R", rel, "-B", Long.toString(b.blockNumber())),
                List.of("-F", "vm"), List.of("-F", "main", "-w", "-n", "40"), List.of("-r", "Heap2", "-x", "0", "-n", "3"));
        List<String> range = List.of("-p", c.walDir().toString(), "-s", Lsn.format(c.startLsn(), false), "-e",
                Lsn.format(c.endLsn(), false));
        int differing = 0;
        StringBuilder report = new StringBuilder();
        for (List<String> f : filters) {
            if (c.versionLabel().equals("13") && (f.stream().anyMatch(a -> List.of("-R", "-B", "-F", "-w").contains(a))
                    || f.stream().filter("-r"::equals).count() > 1)) {
                // pg_waldump 13 has no -R, -B, -F or -w (15 added them) and keeps only the last -r (14 made it
                // repeatable); walprism has the later forms for every version
                continue;
            }
            for (String mode : List.of("--stats", "--stats=record")) {
                List<String> pg = new ArrayList<>(range);
                pg.add(mode);
                pg.addAll(f);
                List<String> wp = new ArrayList<>(List.of("stats"));
                wp.addAll(pg);
                Result expected = pgWaldump(bin, pg);
                assertEquals(0, expected.code(), expected.err());
                Result actual = walprism(wp);
                assertEquals(0, actual.code(), actual.err());
                if (!expected.out().equals(actual.out())) {
                    differing++;
                    report.append(String.join(" ", wp)).append('\n');
                }
            }
        }
        assertEquals(0, differing, "stdout differs from " + bin + " for:\n" + report);
    }

    @ParameterizedTest
    @MethodSource("captures")
    void startInsideARecordIsReportedAsPgWaldumpDoes(Capture c) throws Exception {
        Path bin = pgWaldump(c.versionLabel());
        assumeTrue(Files.isExecutable(bin), bin + " not installed");
        // 4 bytes into the range's first record, and 1 byte before the second one (the singular "byte")
        long second;
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()), 0)) {
            r.next();
            second = r.next().recordLsn().value();
        }
        for (long start : new long[] {c.startLsn() + 4, second - 1}) {
            for (List<String> args : List.of(List.of("-n", "3"), List.of("--stats", "-r", "Heap2"), List.of("-q", "-n", "2"),
                    List.of("--stats"), List.of("--stats=record"), List.of("--stats", "-r", "Sequence"))) {
                List<String> pg = new ArrayList<>(List.of("-p", c.walDir().toString(), "-s", Lsn.format(start, false),
                        "-e", Lsn.format(c.endLsn(), false)));
                pg.addAll(args);
                List<String> wp = new ArrayList<>(List.of(args.get(0).startsWith("--stats") ? "stats" : "dump"));
                wp.addAll(pg);
                Result expected = pgWaldump(bin, pg);
                Result actual = walprism(wp);
                assertEquals(0, expected.code(), expected.err());
                assertEquals(0, actual.code(), actual.err());
                assertEquals(expected.out(), actual.out(), String.join(" ", wp));
                String pgLine = expected.err().lines().filter(l -> l.contains("first record is after")).findFirst()
                        .orElse(null);
                if (pgLine == null) {
                    // 13 to 15: on stdout, so already compared; walprism must not repeat it on stderr
                    assertTrue(expected.out().contains("first record is after "), expected.out());
                    assertTrue(actual.err().lines().noneMatch(l -> l.contains("first record")), actual.err());
                } else {
                    String want = pgLine.replace("pg_waldump: ", "walprism: note: ");
                    assertTrue(actual.err().lines().anyMatch(want::equals), want + "\nnot in\n" + actual.err());
                }
            }
        }
    }

    @Test
    void rmgrNamesAreCheckedAsTheWalsVersionDoes() throws Exception {
        Capture c15 = TestData.capture("15/vacuum_noindex");
        List<String> args = List.of("-p", c15.walDir().toString(), "-r", "XLOG2", "-n", "1");
        Result wp = walprism(new ArrayList<>(Stream.concat(Stream.of("dump"), args.stream()).toList()));
        assertEquals(ExitCode.USAGE.code(), wp.code());
        assertTrue(wp.err().startsWith("walprism: error: resource manager \"XLOG2\" does not exist"), wp.err());
        assumeTrue(Files.isExecutable(PG_WALDUMP_15), PG_WALDUMP_15 + " not installed");
        Result pg = pgWaldump(PG_WALDUMP_15, args);
        assertTrue(pg.err().startsWith("pg_waldump: error: resource manager \"XLOG2\" does not exist\n"), pg.err());
        // the text after the program's prefix is pg_waldump's
        assertEquals(pg.err().lines().findFirst().orElseThrow().replace("pg_waldump: error: ", ""),
                wp.err().replace("walprism: error: ", "").replaceAll(" \\(try .*\\n", ""));
    }

    @Test
    void rmgrListFollowsTheWalsVersion() throws Exception {
        Result all = walprism(List.of("dump", "-r", "list"));
        assertEquals(0, all.code(), all.err());
        assertTrue(all.out().startsWith("XLOG\nTransaction\n"), all.out());
        assertTrue(all.out().contains("\nXLOG2 (19beta1, 19beta3)\n"), all.out());
        for (String v : List.of("13", "15", "18", "19", "19beta1")) {
            Capture c = TestData.capture(v + "/vacuum_noindex");
            Result wp = walprism(List.of("stats", "-r", "list", "-p", c.walDir().toString()));
            assertEquals(0, wp.code(), wp.err());
            assertEquals(v.equals("19beta1"), wp.out().contains("XLOG2"), wp.out());
            if (v.equals("19beta1")) {
                continue; // no pg_waldump of a pre-release here
            }
            Path bin = pgWaldump(v);
            if (Files.isExecutable(bin)) {
                assertEquals(pgWaldump(bin, List.of("-r", "list")).out(), wp.out(), bin.toString());
            }
        }
    }
}
