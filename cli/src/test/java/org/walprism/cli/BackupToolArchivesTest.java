package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.cli.CliRun.Result;
import org.walprism.testdata.TestData;

/**
 * Archives written by the backup tools themselves (Debian bookworm's pgBackRest 2.45 archive-push with each
 * compress-type, barman 3.4 archive-wal with gzip and bzip2), made live by testdata/capture/backup-tools.sh from a
 * Debian postgresql-15 server whose archive_command feeds them: walprism pointed at each layout prints what
 * pg_waldump 15 prints over the server's own pg_wal for the archived segments.
 */
class BackupToolArchivesTest {
    private static final Path WALDUMP = Path.of("/usr/lib/postgresql/15/bin/pg_waldump");

    @TempDir
    static Path tmp;

    private static Path out;
    private static String first;
    private static String last;

    @BeforeAll
    static void makeArchives() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(WALDUMP),
                "postgresql-15 is not installed (testdata/capture/prereqs.sh installs it)");
        Assumptions.assumeTrue(installed("pgbackrest") || installed("barman"),
                "neither pgbackrest nor barman is installed (test.sh installs Debian's packages as root)");
        out = tmp.resolve("archives");
        Run r = run(List.of("bash", TestData.root().resolve("capture/backup-tools.sh").toString(), out.toString()),
                5);
        Assumptions.assumeTrue(r.exit != 77, "no unprivileged OS user can be made to run the server: " + r.out);
        assertEquals(0, r.exit, "backup-tools.sh failed:\n" + r.out);
        List<String> archived = Files.readAllLines(out.resolve("archived.txt"));
        assertTrue(archived.size() >= 5, "the server archived " + archived);
        first = archived.get(0);
        last = archived.get(archived.size() - 1);
    }

    record Run(int exit, String out) {
    }

    private static boolean installed(String tool) throws Exception {
        return run(List.of("sh", "-c", "command -v " + tool), 1).exit == 0;
    }

    private static Run run(List<String> cmd, int minutes) throws Exception {
        Path log = Files.createTempFile(tmp, "run", ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
            p.destroy();
            throw new AssertionError(String.join(" ", cmd) + " ran over " + minutes + " minutes");
        }
        return new Run(p.exitValue(), Files.readString(log));
    }

    /** pg_waldump 15's stdout over the server's pg_wal, from the first to the last archived segment. */
    private static String waldump(String... mode) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(WALDUMP.toString(), "-p", out.resolve("pg_wal").toString(),
                first, last));
        cmd.addAll(List.of(mode));
        Path stdout = Files.createTempFile(tmp, "waldump", ".out");
        Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), cmd + " ran over 2 minutes");
        return Files.readString(stdout);
    }

    /**
     * walprism pointed at each of {@code paths} prints pg_waldump's stats and dump; stderr names the layout.
     * Returns the number of comparisons made.
     */
    private static int compare(String layout, List<Path> paths) throws Exception {
        String stats = waldump("--stats=record");
        assertTrue(stats.startsWith("WAL statistics between ") && stats.contains("Heap/INSERT"), stats);
        String dump = waldump();
        assertTrue(dump.lines().count() > 1000 && dump.contains("desc: SWITCH"), "pg_waldump dump: "
                + dump.lines().count() + " lines");
        int n = 0;
        for (Path p : paths) {
            Result s = CliRun.run("stats", "-p", p.toString(), first, last, "--stats=record");
            assertEquals(0, s.code(), p + ": " + s.err());
            assertTrue(s.err().contains(layout), p + " was not read as " + layout + ": " + s.err());
            assertEquals(stats, s.out(), p + " stats --stats=record");
            Result d = CliRun.run("dump", "-p", p.toString(), first, last);
            assertEquals(0, d.code(), p + ": " + d.err());
            assertEquals(dump, d.out(), p + " dump");
            n += 2;
        }
        return n;
    }

    /** The files the tool wrote under {@code dir}, with their names relative to it. */
    private static List<String> files(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void pgBackRestRepositoriesReadAsPgWaldumpReadsTheServersPgWal() throws Exception {
        Assumptions.assumeTrue(installed("pgbackrest"), "pgbackrest is not installed (test.sh installs Debian's)");
        int compared = 0;
        for (String type : List.of("gz", "lz4", "zst", "bz2")) {
            Path repo = out.resolve("pgbackrest-" + type);
            Path stanza = repo.resolve("archive/walprism");
            // what archive-push wrote: NAME-<sha1>.<type> under <version>-<db-id>/<16 hex>/
            List<String> segs = files(stanza.resolve("15-1")).stream()
                    .filter(f -> f.matches("[0-9A-F]{16}/[0-9A-F]{24}-[0-9a-f]{40}\\." + type)).toList();
            assertEquals(Files.readAllLines(out.resolve("archived.txt")).size(), segs.size(), type + ": " + segs);
            compared += compare("note: pgBackRest stanza walprism in ", List.of(repo, stanza));
        }
        assertEquals(16, compared);
    }

    @Test
    void barmanServersReadAsPgWaldumpReadsTheServersPgWal() throws Exception {
        Assumptions.assumeTrue(installed("barman"), "barman is not installed (test.sh installs Debian's)");
        int compared = 0;
        for (String type : List.of("gzip", "bzip2")) {
            Path home = out.resolve("barman-" + type);
            Path server = home.resolve("pg");
            // what archive-wal wrote: compressed segments under the plain name, and barman's xlog.db index
            List<String> segs = files(server.resolve("wals")).stream()
                    .filter(f -> f.matches("[0-9A-F]{16}/[0-9A-F]{24}")).toList();
            assertEquals(Files.readAllLines(out.resolve("archived.txt")).size(), segs.size(), type + ": " + segs);
            assertTrue(Files.readString(server.resolve("wals/xlog.db")).contains("\t" + type), type);
            compared += compare("note: barman ", List.of(home, server, server.resolve("wals")));
        }
        assertEquals(12, compared);
    }
}
