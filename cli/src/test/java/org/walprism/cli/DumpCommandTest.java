package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.walprism.cli.CliRun.run;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** CLI contract of {@code walprism dump}: output equal to the pg_waldump oracle, filters, and usage errors. */
class DumpCommandTest {

    private static String[] range(Capture c, String... more) {
        String[] base = {"dump", "-p", c.walDir().toString(), "-s", Lsn.format(c.startLsn(), true),
            "-e", Lsn.format(c.endLsn(), true)};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    private static String oracle(Capture c, String file, java.util.function.Predicate<String> keep) {
        return c.oracleText(file).lines().filter(keep).map(l -> l + "\n").collect(Collectors.joining());
    }

    @Test
    void printsPgWaldumpLinesForFilteredResourceManagers() {
        int checked = 0;
        for (Capture c : TestData.captures()) {
            if (!c.has("waldump.txt")) {
                continue;
            }
            checked++;
            CliRun.Result r = run(range(c, "-r", "Heap", "-r", "transaction", "-r", "Standby", "-r", "XLOG", "-r", "Btree"));
            assertEquals(0, r.code(), c + ": " + r.err());
            Set<String> selected = Set.of("Heap", "Transaction", "Standby", "XLOG", "Btree");
            String expected = oracle(c, "waldump.txt", l -> l.startsWith("rmgr: ")
                    && selected.contains(l.substring(6, l.indexOf(' ', 6))));
            assertEquals(expected, r.out(), c.name());
        }
        assertTrue(checked > 0, "no capture has a pg_waldump oracle");
    }

    @Test
    void blockDetailsMatchPgWaldumpDashB() {
        Capture c = TestData.capture("19beta1/vacuum_indexed");
        CliRun.Result r = run(range(c, "-b", "-r", "Btree"));
        assertEquals(0, r.code(), r.err());
        List<String> lines = c.oracleText("waldump-b.txt").lines().toList();
        StringBuilder expected = new StringBuilder();
        boolean keep = false;
        for (String l : lines) {
            if (l.startsWith("rmgr: ")) {
                keep = l.startsWith("rmgr: Btree ");
            }
            if (keep) {
                expected.append(l).append('\n');
            }
        }
        assertEquals(expected.toString(), r.out());
    }

    @Test
    void limitFpwXidAndRelationFiltersSelectLikePgWaldump() {
        Capture c = TestData.capture("19beta3/hot_updates_checksums");
        CliRun.Result n = run(range(c, "-r", "Heap", "-n", "3"));
        assertEquals(3, n.out().lines().count());

        CliRun.Result w = run(range(c, "-w", "-r", "XLOG"));
        assertEquals(oracle(c, "waldump.txt", l -> l.startsWith("rmgr: XLOG ") && l.contains(" FPW")), w.out());
        assertTrue(w.out().lines().count() > 0);

        CliRun.Result x = run(range(c, "-x", "700", "-r", "Heap", "-r", "Transaction"));
        assertEquals(oracle(c, "waldump.txt", l -> l.contains("tx:        700,") && !l.startsWith("rmgr: Heap2 ")),
                x.out());
        assertTrue(x.out().lines().count() >= 2);

        CliRun.Result rel = run(range(c, "-R", "1663/5/16391", "-B", "0", "-F", "main", "-r", "Heap"));
        assertEquals(oracle(c, "waldump.txt", l -> l.startsWith("rmgr: Heap ")
                && l.matches(".*blkref #\\d+: rel 1663/5/16391 blk 0( |$|,).*")), rel.out());
        assertTrue(rel.out().lines().count() > 0);

        CliRun.Result q = run(range(c, "-q"));
        assertEquals(0, q.code());
        assertEquals("", q.out());
    }

    @Test
    void jsonHasOneObjectPerRecordWithTypedFields() {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        CliRun.Result r = run(range(c, "--format", "json"));
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(c.oracleText("waldump.txt").lines().count(), lines.size());
        String first = lines.get(0);
        assertTrue(first.startsWith("{\"start_lsn\":\"" + Lsn.format(c.startLsn(), true) + "\""), first);
        assertTrue(first.contains("\"resource_manager\":\"Heap2\""), first);
        assertTrue(first.contains("\"blocks\":[{\"block_id\":0,\"reltablespace\":1663,"), first);
    }

    @Test
    void rejectsBadFilterArguments() {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        String[][] cases = {
            {"-r", "Nope"}, {"-R", "1663/5"}, {"-B", "x", "-R", "1663/5/1"}, {"-B", "1"}, {"-F", "other"},
            {"-x", "abc"}, {"-n", "many"}};
        String[] messages = {"resource manager \"Nope\" does not exist", "invalid relation specification",
            "invalid block number", "option -B/--block requires option -R/--relation",
            "invalid fork name: \"other\"", "invalid transaction ID specification", "invalid value \"many\""};
        for (int i = 0; i < cases.length; i++) {
            CliRun.Result r = run(range(c, cases[i]));
            assertEquals(ExitCode.USAGE.code(), r.code(), String.join(" ", cases[i]));
            assertTrue(r.err().contains(messages[i]), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
        }
    }

    @Test
    void wholeOutputEqualsPgWaldumpWhateverTheJobs() {
        int checked = 0;
        for (Capture c : TestData.captures()) {
            if (!c.has("waldump.txt")) {
                continue;
            }
            checked++;
            String expected = oracle(c, "waldump.txt", l -> true);
            for (String jobs : new String[] {"1", "3"}) {
                CliRun.Result r = run(range(c, "-j", jobs));
                assertEquals(0, r.code(), c + ": " + r.err());
                assertEquals(expected, r.out(), c + " -j " + jobs);
            }
            if (c.has("waldump-b.txt")) {
                CliRun.Result b = run(range(c, "-b", "-j", "2"));
                assertEquals(oracle(c, "waldump-b.txt", l -> true), b.out(), c + " -b");
            }
        }
        assertTrue(checked > 0, "no capture has a pg_waldump oracle");
    }

    @Test
    void limitStopsAtTheNthRecordWhateverTheJobs() {
        Capture c = TestData.capture("18/vacuum_indexed_checksums");
        List<String> lines = c.oracleText("waldump.txt").lines().toList();
        for (String jobs : new String[] {"1", "4"}) {
            CliRun.Result r = run(range(c, "-n", "700", "-j", jobs));
            assertEquals(String.join("\n", lines.subList(0, 700)) + "\n", r.out(), "-j " + jobs);
        }
    }

    @TempDir
    Path tmp;

    /** A copy of a four-segment capture whose third segment has one flipped byte in a record. */
    private Path brokenCopy(Capture c) throws IOException {
        Path wal = tmp.resolve("wal");
        Files.createDirectories(wal);
        List<Path> files;
        try (var s = Files.list(c.walDir())) {
            files = s.sorted().toList();
        }
        for (Path p : files) {
            Files.copy(p, wal.resolve(p.getFileName().toString()));
        }
        assertEquals(4, files.size(), "the capture spans four segments");
        try (FileChannel ch = FileChannel.open(wal.resolve(files.get(2).getFileName()), StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1);
            long at = c.segmentSize() / 2 + 100;
            ch.read(b, at);
            b.put(0, (byte) ~b.get(0)).rewind();
            ch.write(b, at);
        }
        return wal;
    }

    @Test
    void recordsBeforeAnErrorAndTheErrorAreTheSameWhateverTheJobs() throws IOException {
        Capture c = TestData.capture("18/vacuum_indexed_checksums");
        Path wal = brokenCopy(c);
        CliRun.Result one = run("dump", "-p", wal.toString(), "-s", Lsn.format(c.startLsn(), true), "-j", "1");
        assertEquals(ExitCode.CHECKSUM.code(), one.code(), one.err());
        assertEquals(1, one.err().lines().count(), one.err());
        assertTrue(one.out().lines().count() > 100, "records before the broken one are printed");
        assertTrue(oracle(c, "waldump.txt", l -> true).startsWith(one.out()), "a prefix of pg_waldump's lines");
        for (String jobs : new String[] {"2", "5"}) {
            CliRun.Result r = run("dump", "-p", wal.toString(), "-s", Lsn.format(c.startLsn(), true), "-j", jobs);
            assertEquals(one, r, "-j " + jobs);
        }
    }

    @Test
    void rejectsZeroJobs() {
        CliRun.Result r = run(range(TestData.capture("19beta1/vacuum_noindex"), "-j", "0"));
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertTrue(r.err().contains("--jobs must be at least 1"), r.err());
    }

    @Test
    void jsonAndFilteredOutputIsTheSameWhateverTheJobs() {
        Capture c = TestData.capture("18/vacuum_indexed_checksums");
        String[][] variants = {{"--format", "json"}, {"-w", "-b"}, {"-r", "Heap2", "-r", "Btree"}, {"-q"}};
        for (String[] v : variants) {
            CliRun.Result one = run(range(c, concat(v, "-j", "1")));
            assertEquals(0, one.code(), one.err());
            assertEquals(one, run(range(c, concat(v, "-j", "3"))), String.join(" ", v));
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
