package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** CLI contract of {@code walprism dump}: output equal to the pg_waldump oracle, filters, and usage errors. */
class DumpCommandTest {

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

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
            Result r = run(range(c, "-r", "Heap", "-r", "transaction", "-r", "Standby", "-r", "XLOG", "-r", "Btree"));
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
        Capture c = TestData.capture("19/vacuum_indexed");
        Result r = run(range(c, "-b", "-r", "Btree"));
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
        Capture c = TestData.capture("master/hot_updates_checksums");
        Result n = run(range(c, "-r", "Heap", "-n", "3"));
        assertEquals(3, n.out().lines().count());

        Result w = run(range(c, "-w", "-r", "XLOG"));
        assertEquals(oracle(c, "waldump.txt", l -> l.startsWith("rmgr: XLOG ") && l.contains(" FPW")), w.out());
        assertTrue(w.out().lines().count() > 0);

        Result x = run(range(c, "-x", "700", "-r", "Heap", "-r", "Transaction"));
        assertEquals(oracle(c, "waldump.txt", l -> l.contains("tx:        700,") && !l.startsWith("rmgr: Heap2 ")),
                x.out());
        assertTrue(x.out().lines().count() >= 2);

        Result rel = run(range(c, "-R", "1663/5/16391", "-B", "0", "-F", "main", "-r", "Heap"));
        assertEquals(oracle(c, "waldump.txt", l -> l.startsWith("rmgr: Heap ")
                && l.matches(".*blkref #\\d+: rel 1663/5/16391 blk 0( |$|,).*")), rel.out());
        assertTrue(rel.out().lines().count() > 0);

        Result q = run(range(c, "-q"));
        assertEquals(0, q.code());
        assertEquals("", q.out());
    }

    @Test
    void jsonHasOneObjectPerRecordWithTypedFields() {
        Capture c = TestData.capture("19/vacuum_noindex");
        Result r = run(range(c, "--format", "json"));
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
        Capture c = TestData.capture("19/vacuum_noindex");
        String[][] cases = {
            {"-r", "Nope"}, {"-R", "1663/5"}, {"-B", "x", "-R", "1663/5/1"}, {"-B", "1"}, {"-F", "other"},
            {"-x", "abc"}, {"-n", "many"}};
        String[] messages = {"resource manager \"Nope\" does not exist", "invalid relation specification",
            "invalid block number", "option -B/--block requires option -R/--relation",
            "invalid fork name: \"other\"", "invalid transaction ID specification", "invalid value \"many\""};
        for (int i = 0; i < cases.length; i++) {
            Result r = run(range(c, cases[i]));
            assertEquals(ExitCode.USAGE.code(), r.code(), String.join(" ", cases[i]));
            assertTrue(r.err().contains(messages[i]), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
        }
    }
}
