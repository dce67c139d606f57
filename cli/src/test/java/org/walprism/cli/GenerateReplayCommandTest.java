package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.walprism.cli.CliRun.run;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.analyzer.generate.Calibration;
import org.walprism.analyzer.generate.Generator;
import org.walprism.analyzer.generate.WorkloadModel;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.analyzer.stats.StatsFormatter;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalVersion;
import org.walprism.testdata.Capture;
import org.walprism.testdata.PgWaldump;
import org.walprism.testdata.TestData;

/** CLI contract of {@code generate} and {@code replay}. */
class GenerateReplayCommandTest {
    private static final Path PG_WALDUMP_15 = Path.of("/usr/lib/postgresql/15/bin/pg_waldump");
    private static final int MIB = 1024 * 1024;

    @TempDir
    Path tmp;

    static Path model(String name) {
        return TestData.root().resolve("models").resolve(name + ".properties");
    }

    /** Exactly one stderr line, in walprism's error format. */
    static void assertOneErrorLine(CliRun.Result r) {
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), "stderr: " + r.err());
        assertTrue(lines.get(0).startsWith("walprism: error: "), r.err());
    }

    // ------------------------------------------------------------------ generate

    @Test
    void generateWritesSegmentsThatWalprismAndPgWaldump15Read() throws Exception {
        Path out = tmp.resolve("wal15");
        CliRun.Result r = run("generate", "--major", "15", "--model", model("vacuum_indexed").toString(), "-o",
                out.toString(), "--segment-size", String.valueOf(MIB));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().startsWith("wrote "), r.err());
        List<String> segments;
        try (Stream<Path> files = Files.list(out)) {
            segments = files.map(p -> p.getFileName().toString()).filter(WalFileName::isSegmentName).sorted().toList();
        }
        assertFalse(segments.isEmpty(), "no segment written");

        // walprism's own reader reads every record the generator encoded, and the stats printed match them
        Generator.Result expected = Generator.run(WorkloadModel.load(model("vacuum_indexed")), WalVersion.PG15);
        WalStats read = StatsCollector.collect(out, 0, 0, 0, 1);
        assertEquals(WalVersion.PG15, read.version());
        assertEquals(expected.encoded().size(), read.count());
        assertEquals(Calibration.heap2(expected.stats()), Calibration.heap2(read));
        assertTrue(r.out().contains("Heap2/FREEZE_PAGE"), r.out());
        assertTrue(r.out().endsWith(expected.encoded().size() + " records, 1 index pass(es)\n"), r.out());

        // PostgreSQL 15's pg_waldump reads the same range without error and counts what walprism counts
        assumeTrue(Files.isExecutable(PG_WALDUMP_15), PG_WALDUMP_15 + " not installed");
        List<String> cmd = new ArrayList<>(List.of(PG_WALDUMP_15.toString(), "--stats=record", "-p", out.toString(),
                "-s", Lsn.format(read.startLsn(), false), "-e", Lsn.format(read.endLsn(), false)));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "pg_waldump did not finish");
        assertEquals(0, p.exitValue(), "pg_waldump 15 failed: " + stderr);
        assertEquals("", stderr);
        assertEquals(StatsFormatter.text(read, true), stdout);
    }

    /**
     * {@code generate --version 19} for every model: PostgreSQL 19's pg_waldump (Debian's 19rc1, unpacked by
     * testdata/capture/prereqs.sh --sid) reads the segments without error, and its {@code --stats=record} equals
     * walprism's over the same range; walprism reads back the Heap2 records the generator encoded. Skipped, saying
     * where it looked, when pg_waldump 19 is absent.
     */
    @ParameterizedTest
    @ValueSource(strings = {"vacuum_indexed", "vacuum_noindex", "hot_updates", "vacuum_indexed_checksums",
        "vacuum_noindex_checksums", "hot_updates_checksums"})
    void generate19WritesSegmentsThatPgWaldump19Reads(String name) throws Exception {
        Path out = tmp.resolve("wal19-" + name);
        CliRun.Result r = run("generate", "--major", "19", "--model", model(name).toString(), "-o", out.toString(),
                "--segment-size", String.valueOf(MIB));
        assertEquals(0, r.code(), r.err());
        Generator.Result expected = Generator.run(WorkloadModel.load(model(name)), WalVersion.PG19);
        WalStats read = StatsCollector.collect(out, 0, 0, 0, 1);
        assertEquals(WalVersion.PG19, read.version());
        assertEquals(expected.encoded().size(), read.count());
        assertEquals(Calibration.heap2(expected.stats()), Calibration.heap2(read));
        Optional<Path> bin = PgWaldump.find(19);
        assumeTrue(bin.isPresent(), "pg_waldump 19 not found at " + PgWaldump.candidates(19)
                + " (testdata/capture/prereqs.sh --sid unpacks Debian's postgresql-19)");
        PgWaldump.Run dump = PgWaldump.run(bin.get(), List.of("--stats=record", "-p", out.toString(), "-s",
                Lsn.format(read.startLsn(), false), "-e", Lsn.format(read.endLsn(), false)), 120);
        assertEquals(0, dump.exit(), "pg_waldump 19 failed: " + dump.err());
        assertEquals("", dump.err());
        assertEquals(StatsFormatter.text(read, true), dump.out());
    }

    @Test
    void generateJsonDescribesTheModel() {
        CliRun.Result r = run("generate", "--major", "17", "--model", model("vacuum_noindex").toString(), "--format",
                "json");
        assertEquals(0, r.code(), r.err());
        String j = r.out().trim();
        assertTrue(j.startsWith("{") && j.endsWith("}"), j);
        assertTrue(j.contains("\"name\": \"vacuum_noindex\""), j);
        assertTrue(j.contains("\"rows\": 20000"), j);
        assertTrue(j.contains("\"tupleLength\": 87"), j);
        assertTrue(j.contains("\"indexes\": 0"), j);
        assertTrue(j.contains("\"heapPages\": 260"), j);
        assertTrue(j.contains("\"pageGroups\": ["), j);
        assertEquals(count(j, '{'), count(j, '}'), "balanced braces");
        assertEquals(count(j, '['), count(j, ']'), "balanced brackets");
        assertEquals("", r.err(), "no -o: nothing written, nothing reported");
    }

    private static long count(String s, char c) {
        return s.chars().filter(x -> x == c).count();
    }

    @Test
    void generateRejectsAMalformedModelWithOneLine() throws Exception {
        Path bad = tmp.resolve("bad.properties");
        Files.writeString(bad, "table.rows=100\ntable.tupleLength=28\nno.such.key=1\n");
        CliRun.Result r = run("generate", "--major", "16", "--model", bad.toString());
        assertEquals(2, r.code(), r.err());
        assertOneErrorLine(r);
        assertTrue(r.err().contains("unknown model key: no.such.key"), r.err());
        assertEquals("", r.out());

        Files.writeString(bad, "table.rows=lots\n");
        r = run("generate", "--major", "16", "--model", bad.toString());
        assertEquals(2, r.code(), r.err());
        assertOneErrorLine(r);
    }

    @Test
    void generateReportsAMissingModelFileWithOneLine() {
        CliRun.Result r = run("generate", "--major", "16", "--model", tmp.resolve("missing.properties").toString());
        assertEquals(3, r.code(), r.err());
        assertOneErrorLine(r);
        assertTrue(r.err().contains("missing.properties"), r.err());
    }

    @Test
    void generateRejectsAnUnknownVersionWithOneLine() {
        CliRun.Result r = run("generate", "--major", "12", "--model", model("vacuum_indexed").toString());
        assertEquals(2, r.code(), r.err());
        assertOneErrorLine(r);
        assertTrue(r.err().contains("unknown PostgreSQL major \"12\""), r.err());
    }

    // ------------------------------------------------------------------ replay

    private static Capture capture(String name) {
        return TestData.capture(name);
    }

    private static String[] replayArgs(Capture c, String as, String format) {
        return new String[] {"replay", "--as", as, "--format", format, "-s", Lsn.format(c.startLsn(), false), "-e",
            Lsn.format(c.endLsn(), false), c.walDir().toString()};
    }

    @Test
    void replayTextIsTheDiffOfBeforeAndAfter() {
        Capture c = capture("16/vacuum_indexed");
        CliRun.Result r = run(replayArgs(c, "17", "text"));
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        String out = r.out();
        assertTrue(out.startsWith("Replay of PostgreSQL 16 WAL in 17's record design: "), out);
        // the diff's own layout: both sides, explanations, totals and the per-section tables
        assertTrue(out.contains("\nA: PostgreSQL 16, "), out);
        assertTrue(out.contains("\nB: PostgreSQL 17, "), out);
        assertTrue(out.contains("replayed as 17"), out);
        assertTrue(out.contains("\nExplanations (largest impact first)\n"), out);
        assertTrue(out.contains("\nTotals "), out);
        assertTrue(out.contains("\nRecords per record type "), out);
        assertTrue(out.contains("\nBytes per category "), out);
        // 16's PRUNE + FREEZE_PAGE became 17's PRUNE_VACUUM_SCAN, 133 second-pass VACUUMs its CLEANUPs
        assertTrue(out.lines().anyMatch(l -> l.matches("Heap2/PRUNE_VACUUM_SCAN\\s+0\\s+266\\s+\\+266\\s+new")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("Heap2/VACUUM\\s+133\\s+0\\s+-133\\s+-100\\.0%")), out);
        for (String l : out.split("\n")) {
            assertTrue(l.length() <= 80, "line over 80 columns: " + l);
        }
    }

    @Test
    void replayJsonCarriesTheDiffKeysAndTheReplay() {
        Capture c = capture("16/vacuum_noindex");
        CliRun.Result r = run(replayArgs(c, "19", "json"));
        assertEquals(0, r.code(), r.err());
        String j = r.out().trim();
        assertTrue(j.startsWith("{") && j.endsWith("}"), j);
        assertTrue(j.contains("\"replay\": {"), j);
        assertTrue(j.contains("\"from\": \"16\""), j);
        assertTrue(j.contains("\"as\": \"19\""), j);
        assertTrue(j.contains("\"explanations\": ["), j);
        assertTrue(j.contains("\"section\": \"record_type\""), j);
        assertTrue(j.contains("\"section\": \"category\""), j);
        // 976 Heap2 records of 16 become 260 of 19 (the real 19 capture has 260)
        assertTrue(j.contains("\"name\": \"Heap2/PRUNE_VACUUM_SCAN\",\n          \"a\": 0,\n          \"b\": 260"), j);
        assertEquals(count(j, '{'), count(j, '}'), "balanced braces");
    }

    @Test
    void replayRejectsAnUnknownTargetWithOneLine() {
        Capture c = capture("16/vacuum_indexed");
        for (String as : List.of("12", "seventeen", "")) {
            CliRun.Result r = run(replayArgs(c, as, "text"));
            assertEquals(2, r.code(), as + ": " + r.err());
            assertOneErrorLine(r);
            assertEquals("", r.out());
        }
    }

    @Test
    void replayOfAMissingPathIsAnInputError() {
        CliRun.Result r = run("replay", "--as", "17", "-p", tmp.resolve("nothing-here").toString());
        assertEquals(3, r.code(), r.err());
        assertOneErrorLine(r);
    }

    @Test
    void generateIntoAFileIsAnOutputError(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        Path out = file.resolve("sub");
        CliRun.Result r = run("generate", "--major", "17", "--model", model("vacuum_noindex").toString(), "-o",
                out.toString());
        assertEquals(ExitCode.OUTPUT.code(), r.code(), r.err());
        assertTrue(r.err().startsWith("walprism: error: could not write \"" + out + "\": "), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }
}
