package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.analyzer.ByteUnits;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * {@code --human} (byte counts as pg_size_pretty writes them; {@code ByteUnitsTest} checks those against a real
 * server) changes only the byte cells of the text tables, and the name columns of {@code vacuums} and {@code diff}
 * are as wide as the longest name instead of cutting it at 32 characters.
 */
class HumanAndWideNamesTest {
    /** A relation name longer than the old 32-character column, given to public.a through the relation map. */
    private static final String LONG_TABLE = "public.a_table_named_past_thirty_two_characters";
    private static final String LONG_INDEX = "public.a_btree_index_named_past_thirty_two_characters";

    private static String[] range(Capture c, String... head) {
        String[] r = {"-p", c.walDir().toString(), "-s", Lsn.format(c.startLsn(), true), "-e",
            Lsn.format(c.endLsn(), true)};
        String[] out = java.util.Arrays.copyOf(head, head.length + r.length);
        System.arraycopy(r, 0, out, head.length, r.length);
        return out;
    }

    /** {@code line} with each 20-column number starting at one of {@code starts} rewritten by pg_size_pretty. */
    private static String prettyAt(String line, int... starts) {
        StringBuilder sb = new StringBuilder(line);
        for (int s : starts) {
            String pretty = ByteUnits.pretty(Long.parseLong(line.substring(s, s + 20).strip()));
            sb.replace(s, s + 20, " ".repeat(20 - pretty.length()) + pretty);
        }
        return sb.toString();
    }

    /**
     * pg_waldump's table with {@code --human}: the count column and every percentage stay; the record, FPI and
     * combined sizes (the {@code %20llu} cells at columns 58, 88 and 118, on every row and the total) are the plain
     * run's numbers as pg_size_pretty writes them.
     */
    @Test
    void statsHumanRewritesOnlyTheSizeColumns() {
        for (String name : new String[] {"13/vacuum_tables", "17/vacuum_indexed", "18/vacuum_tables"}) {
            Capture c = TestData.capture(name);
            for (String mode : new String[] {"--stats=rmgr", "--stats=record"}) {
                CliRun.Result plain = CliRun.run(range(c, "stats", mode));
                CliRun.Result human = CliRun.run(range(c, "stats", mode, "--human"));
                assertEquals(0, human.code(), human.err());
                List<String> p = plain.out().lines().toList();
                List<String> h = human.out().lines().toList();
                assertEquals(p.size(), h.size(), human.out());
                int rows = 0;
                for (int i = 0; i < p.size(); i++) {
                    String line = p.get(i);
                    boolean numbers = line.length() >= 138 && !line.startsWith("Type") && !line.startsWith("----")
                            && !line.substring(58, 78).isBlank() && !line.substring(58, 78).strip().startsWith("-");
                    assertEquals(numbers ? prettyAt(line, 58, 88, 118) : line, h.get(i), name + " " + mode);
                    rows += numbers ? 1 : 0;
                }
                assertTrue(rows > 3, name + ": rows compared " + rows);
                assertTrue(human.out().contains(" kB "), human.out());
            }
        }
    }

    @Test
    void humanIsRefusedWithFollow() {
        Capture c = TestData.capture("17/vacuum_indexed");
        CliRun.Result r = CliRun.run("stats", "--follow", "--human", "-p",
                c.walDir().toString());
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        assertTrue(r.err().startsWith("walprism: error: --human cannot be combined with --follow"), r.err());
    }

    /** The category table of {@code stats --categories --human}: Bytes and FPI bytes pretty, the rest unchanged. */
    @Test
    void categoriesHumanRewritesTheByteColumns() {
        Capture c = TestData.capture("17/vacuum_indexed");
        CliRun.Result plain = CliRun.run(range(c, "stats", "--categories"));
        CliRun.Result human = CliRun.run(range(c, "stats", "--categories", "--human"));
        assertEquals(0, human.code(), human.err());
        List<String> p = plain.out().lines().toList();
        List<String> h = human.out().lines().toList();
        assertEquals(p.size(), h.size());
        int at = p.indexOf(p.stream().filter(l -> l.startsWith("Category ")).findFirst().orElseThrow());
        assertEquals(p.get(at), h.get(at));
        int rows = 0;
        for (int i = at + 1; i < p.size() && !p.get(i).isEmpty(); i++) {
            // %-16s %9d %7s %11d %7s %11d %7d: the bytes at 35..46 and 55..66
            String line = p.get(i);
            StringBuilder want = new StringBuilder(line);
            for (int s : new int[] {55, 35}) {
                String pretty = ByteUnits.pretty(Long.parseLong(line.substring(s, s + 11).strip()));
                want.replace(s, s + 11, " ".repeat(11 - pretty.length()) + pretty);
            }
            assertEquals(want.toString(), h.get(i));
            rows++;
        }
        assertTrue(rows > 5, "category rows " + rows);
        // JSON and CSV carry the numbers whatever --human says
        assertEquals(CliRun.run(range(c, "stats", "--categories", "--format", "json")).out(),
                CliRun.run(range(c, "stats", "--categories", "--format", "json", "--human")).out());
    }

    private static Path longNames(Path tmp) throws IOException {
        Capture c = TestData.capture("13/vacuum_tables");
        String map;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(c.storedDir().resolve("relmap.csv.gz")))) {
            map = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        assertTrue(map.contains(",public.a,r,") && map.contains(",public.a_btree,i,"), "the capture's map");
        Path file = tmp.resolve("relmap.csv");
        Files.writeString(file, map.replace(",public.a,r,", "," + LONG_TABLE + ",r,")
                .replace(",public.a_btree,i,public.a,", "," + LONG_INDEX + ",i," + LONG_TABLE + ",")
                .replace(",public.a,", "," + LONG_TABLE + ","));
        return file;
    }

    /** Every line of the table headed by the line starting with {@code head}, up to the blank line after it. */
    private static List<String> table(String out, String head) {
        List<String> lines = out.lines().toList();
        int at = 0;
        while (at < lines.size() && !lines.get(at).startsWith(head)) {
            at++;
        }
        assertTrue(at < lines.size(), "no table " + head + " in\n" + out);
        int end = at + 1;
        while (end < lines.size() && !lines.get(end).isEmpty()) {
            end++;
        }
        return lines.subList(at, end);
    }

    @Test
    void vacuumsShowsWholeNames(@TempDir Path tmp) throws IOException {
        Capture c = TestData.capture("13/vacuum_tables");
        Path map = longNames(tmp);
        CliRun.Result r = CliRun.run("vacuums", "-p", c.walDir().toString(), "--relmap",
                map.toString());
        assertEquals(0, r.code(), r.err());
        List<String> runs = table(r.out(), "  # Relation");
        assertTrue(runs.get(1).contains(" " + LONG_TABLE + " "), String.join("\n", runs));
        for (String line : runs) {
            assertEquals(runs.get(0).length(), line.length(), "aligned with the header: " + line);
        }
        assertTrue(r.out().contains("  index " + LONG_INDEX + " "), r.out());
        // run 1's tables widen with its longest index name and stay aligned with one another
        List<String> run1 = r.out().lines().dropWhile(l -> !l.startsWith("Run 1:")).toList();
        String phase = run1.stream().filter(l -> l.startsWith("  Phase ")).findFirst().orElseThrow();
        for (String l : run1.subList(1, run1.indexOf(run1.stream().filter(x -> x.startsWith("  FPI cause "))
                .findFirst().orElseThrow()))) {
            if (l.startsWith("  ") && !l.startsWith("  LSN") && !l.contains(": ")) {
                assertEquals(phase.length(), l.length(), "aligned with the Phase header: " + l);
            }
        }
        // no name cut with ~ (the old 32-character column)
        assertFalse(java.util.regex.Pattern.compile("\\S~\\s").matcher(r.out()).find(), r.out());
        // --human: the runs table's Bytes column as pg_size_pretty writes the plain run's
        CliRun.Result h = CliRun.run("vacuums", "-p", c.walDir().toString(), "--relmap",
                map.toString(), "--human");
        List<String> hr = table(h.out(), "  # Relation");
        for (int i = 1; i < runs.size(); i++) {
            String[] plain = runs.get(i).strip().split(" +");
            String bytes = plain[plain.length - 2];
            assertTrue(hr.get(i).contains(" " + ByteUnits.pretty(Long.parseLong(bytes)) + " "), hr.get(i));
        }
    }

    @Test
    void diffShowsWholeNames(@TempDir Path tmp) throws IOException {
        Capture c = TestData.capture("13/vacuum_tables");
        Path map = longNames(tmp);
        String input = c.walDir().toString();
        CliRun.Result r = CliRun.run("diff", input, input, "--relmap", map.toString());
        assertEquals(0, r.code(), r.err());
        List<String> t = table(r.out(), "Bytes per table");
        assertTrue(t.get(1).startsWith(LONG_TABLE + " "), String.join("\n", t));
        for (String line : t) {
            assertEquals(t.get(0).length(), line.length(), "aligned with the header: " + line);
        }
        CliRun.Result h = CliRun.run("diff", input, input, "--relmap", map.toString(),
                "--human");
        List<String> ht = table(h.out(), "Bytes per table");
        String[] plain = t.get(1).substring(LONG_TABLE.length()).strip().split(" +");
        assertEquals(String.format(java.util.Locale.ROOT, "%-" + LONG_TABLE.length() + "s %11s %11s %12s %8s",
                LONG_TABLE, ByteUnits.pretty(Long.parseLong(plain[0])), ByteUnits.pretty(Long.parseLong(plain[1])),
                "+" + ByteUnits.pretty(Long.parseLong(plain[2].substring(1))), plain[3]), ht.get(1));
    }
}
