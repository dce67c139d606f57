package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.cli.CliRun.Result;
import org.walprism.testdata.TestData;

/**
 * Archives written by PostgreSQL's own tools (pg_basebackup -Ft plain, gzip, client-lz4 and client-zstd;
 * pg_receivewal --compress gzip and lz4), made live by testdata/capture/archives.sh from a Debian postgresql-15
 * server: walprism reads each as it lies and prints what pg_waldump 15 prints for the same segments extracted
 * with GNU tar and the compressors' own tools (pg_waldump reads plain files only).
 */
class RealArchiveToolsTest {
    private static final Path WALDUMP = Path.of("/usr/lib/postgresql/15/bin/pg_waldump");

    @TempDir
    static Path tmp;

    private static Path out;

    @BeforeAll
    static void makeArchives() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/lib/postgresql/15/bin/pg_basebackup")),
                "postgresql-15 is not installed (testdata/capture/prereqs.sh installs it)");
        for (String tool : List.of("tar", "gzip", "lz4", "zstd")) {
            Assumptions.assumeTrue(sh("command -v " + tool).exit == 0, tool + " is not installed");
        }
        out = tmp.resolve("archives");
        Run r = run(List.of("bash", TestData.root().resolve("capture/archives.sh").toString(), out.toString()),
                10);
        Assumptions.assumeTrue(r.exit != 77, "no unprivileged OS user can be made to run the server: " + r.out);
        assertEquals(0, r.exit, "archives.sh failed:\n" + r.out);
    }

    record Run(int exit, String out) {
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

    private static Run sh(String cmd) throws Exception {
        return run(List.of("sh", "-c", cmd), 2);
    }

    /** pg_waldump 15's stdout (its exit status only says where the WAL ended: it prints the stats first). */
    private static String waldump(Path dir, String... args) throws Exception {
        StringBuilder cmd = new StringBuilder(WALDUMP + " -p " + dir);
        for (String m : args) {
            cmd.append(' ').append(m);
        }
        Path stdout = Files.createTempFile(tmp, "waldump", ".out");
        sh(cmd + " > " + stdout + " 2>/dev/null");
        String s = Files.readString(stdout);
        assertTrue(s.startsWith("WAL statistics between "), cmd + " printed: " + s);
        return s;
    }

    private static List<String[]> backups() throws Exception {
        return Files.readAllLines(out.resolve("segments.tsv")).stream().map(l -> l.split("\t")).toList();
    }

    @Test
    void pgBasebackupTarsReadAsPgWaldumpReadsTheirExtractedSegments() throws Exception {
        List<String[]> backups = backups();
        assertEquals(4, backups.size());
        for (String[] b : backups) {
            String name = b[0];
            String start = b[1];
            String end = b[2];
            String first = b[3];
            Path dir = out.resolve(name);
            Path x = Files.createDirectories(tmp.resolve("x-" + name));
            String extract = switch (name) {
                case "ft", "ft-lz4" -> "tar -xf " + dir.resolve("pg_wal.tar") + " -C " + x;
                case "ft-gzip" -> "tar -xzf " + dir.resolve("pg_wal.tar.gz") + " -C " + x;
                case "ft-zstd-fetch" -> "zstd -qdc " + dir.resolve("base.tar.zst") + " | tar -x -C " + x
                        + " --wildcards '*pg_wal/0*'";
                default -> throw new AssertionError(name);
            };
            assertEquals(0, sh(extract).exit, extract);
            Path segDir = Files.exists(x.resolve(first)) ? x : x.resolve("pg_wal");
            // the WAL range the backup needs, from its backup_manifest
            for (String mode : List.of("--stats", "--stats=record")) {
                String expected = waldump(segDir, "-s", start, "-e", end, mode);
                // -p at the backup directory: walprism finds pg_wal.tar*, else base.tar*
                Result r = CliRun.run("stats", "-p", dir.toString(), "-s", start, "-e", end, mode);
                assertEquals(0, r.code(), name + ": " + r.err());
                assertEquals(expected, r.out(), name + " " + mode);
            }
        }
    }

    @Test
    void pgReceivewalCompressedSegmentsReadAsPgWaldumpReadsThePlainOnes() throws Exception {
        for (String method : List.of("gzip", "lz4")) {
            Path dir = out.resolve("receivewal-" + method);
            List<String> complete;
            try (var s = Files.list(dir)) {
                complete = s.map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".partial")).sorted()
                        .map(n -> n.substring(0, 24)).toList();
            }
            assertTrue(complete.size() >= 3, dir + ": " + complete);
            String first = complete.get(1);
            String last = complete.get(complete.size() - 1);
            String expected = waldump(out.resolve("pg_wal"), first, last, "--stats=record");
            assertTrue(expected.contains("Heap"), expected);
            Result r = CliRun.run("stats", "-p", dir.toString(), first, last, "--stats=record");
            assertEquals(0, r.code(), method + ": " + r.err());
            assertEquals(expected, r.out(), method);
        }
    }

    /** To the end of WAL: through the newest segment, still {@code .partial} and, compressed, not padded. */
    @Test
    void pgReceivewalPartialSegmentEndsTheWal() throws Exception {
        for (String method : List.of("gzip", "lz4")) {
            Path dir = out.resolve("receivewal-" + method);
            Result all = CliRun.run("stats", "-p", dir.toString());
            assertEquals(0, all.code(), method + ": " + all.err());
            assertTrue(all.err().contains(".partial is a partial segment"), all.err());
        }
    }
}
