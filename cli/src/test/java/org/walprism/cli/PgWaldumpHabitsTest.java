package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.walprism.cli.CliRun.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * What a pg_waldump user types first: {@code -?}, {@code dump --stats}, no path with PGDATA set, a capture folder
 * whose segments are one level down, a mistyped LSN in a diff input, generate's major, a misspelt model key, the
 * version of {@code stream}.
 */
class PgWaldumpHabitsTest {

    private static Capture capture() {
        return TestData.capture("17/vacuum_noindex");
    }

    @Test
    void questionMarkIsHelpAsInPgWaldump() {
        CliRun.Result q = run("dump", "-?");
        CliRun.Result help = run("dump", "--help");
        assertEquals(0, q.code(), q.err());
        assertEquals(help.out(), q.out());
        assertTrue(q.out().contains("Usage: walprism dump"), q.out());
        CliRun.Result root = run("-?");
        assertEquals(0, root.code(), root.err());
        assertEquals(run("--help").out(), root.out());
    }

    @Test
    void dumpWithStatsPrintsTheStatisticsAsPgWaldumpDoes() {
        String wal = capture().walDir().toString();
        CliRun.Result stats = run("stats", "-p", wal);
        assertEquals(0, stats.code(), stats.err());
        for (String[] z : new String[][] {{"-z"}, {"--stats"}, {"-z", "-b"}}) {
            String[] args = Stream.concat(Stream.of("dump", "-p", wal), Stream.of(z)).toArray(String[]::new);
            CliRun.Result r = run(args);
            assertEquals(0, r.code(), r.err());
            assertEquals(stats.out(), r.out(), String.join(" ", args));
        }
        CliRun.Result record = run("dump", "-p", wal, "--stats=record");
        assertEquals(run("stats", "-p", wal, "--stats=record").out(), record.out());
        assertTrue(record.out().contains("Heap2/PRUNE_VACUUM_SCAN"), record.out());
    }

    @Test
    void withoutAPathPgdataPgWalIsReadAsPgWaldumpReadsIt(@TempDir Path pgdata) throws IOException {
        Path pgWal = Files.createDirectory(pgdata.resolve("pg_wal"));
        try (Stream<Path> s = Files.list(capture().walDir())) {
            for (Path p : s.toList()) {
                Files.copy(p, pgWal.resolve(p.getFileName()));
            }
        }
        UnaryOperator<String> saved = WalRangeOptions.env;
        try {
            WalRangeOptions.env = Map.of("PGDATA", pgdata.toString())::get;
            CliRun.Result r = run("stats");
            assertEquals(0, r.code(), r.err());
            assertEquals(run("stats", "-p", pgWal.toString()).out(), r.out());
        } finally {
            WalRangeOptions.env = saved;
        }
    }

    @Test
    void aFolderWhoseSubdirectoryHoldsTheSegmentsIsNamedInTheError() {
        Path dir = capture().storedDir();
        CliRun.Result r = run("stats", "-p", dir.toString());
        assertEquals(3, r.code(), r.err());
        assertEquals("walprism: error: could not find any WAL file in \"" + dir + "\" (WAL segment files are in its "
                + "subdirectory \"wal\": -p " + dir.resolve("wal") + ")\n", r.err());
    }

    @Test
    void aMistypedLsnInADiffInputIsABadLsnNotAMissingPath() {
        String a = capture().storedDir().resolve("wal").toString();
        CliRun.Result r = run("diff", a + ":0/8F3B00", a + ":0/ZZ");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("invalid WAL location \"0/ZZ\" in \"" + a + ":0/ZZ\""), r.err());
        assertTrue(!r.err().contains("could not open"), r.err());
        CliRun.Result end = run("diff", a + ":0/8F3B00:0/AC6EA8", a + ":0/8F3B00:0/AC6EAG");
        assertEquals(2, end.code(), end.err());
        assertTrue(end.err().contains("invalid WAL location \"0/AC6EAG\""), end.err());
    }

    @Test
    void generateTakesTheMajorAsMajorOrAsAndRefusesVersionWithAHint() {
        String model = TestData.root().resolve("models/vacuum_noindex.properties").toString();
        CliRun.Result major = run("generate", "--major", "17", "--model", model);
        assertEquals(0, major.code(), major.err());
        CliRun.Result as = run("generate", "--as", "17", "--model", model);
        assertEquals(major.out(), as.out());
        CliRun.Result old = run("generate", "--version", "17", "--model", model);
        assertEquals(2, old.code(), old.err());
        assertTrue(old.err().startsWith("walprism: error: generate takes the PostgreSQL major as --major 17 (or --as 17)"),
                old.err());
        CliRun.Result none = run("generate", "--model", model);
        assertEquals(2, none.code(), none.err());
        assertTrue(none.err().contains("--major"), none.err());
    }

    @Test
    void aMisspeltModelKeyIsNamed(@TempDir Path tmp) throws IOException {
        Path m = tmp.resolve("m.properties");
        Files.writeString(m, Files.readString(TestData.root().resolve("models/vacuum_noindex.properties"))
                .replace("table.", "tabel."));
        CliRun.Result r = run("generate", "--major", "16", "--model", m.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("unknown model key: tabel."), r.err());
    }

    @Test
    void streamPrintsTheVersionAndSaysItsLetterRule() {
        CliRun.Result v = run("stream", "-V");
        assertEquals(0, v.code(), v.err());
        assertEquals(run("--version").out(), v.out());
        CliRun.Result help = run("stream", "-?");
        assertEquals(0, help.code(), help.err());
        assertTrue(help.out().replaceAll("\\s+", " ").contains("-h is the host and -p the port here"), help.out());
    }
}
