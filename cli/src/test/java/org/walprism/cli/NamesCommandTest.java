package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** {@code dump --names}, {@code stats --by relation} and {@code diff} by table, on a capture with relmap.csv. */
class NamesCommandTest {
    private static Capture capture() {
        return TestData.captures().stream().filter(c -> c.name().equals("18/vacuum_tables")).findFirst()
                .orElseThrow();
    }

    private static Path relmap(Capture c, Path tmp) throws IOException {
        Path plain = tmp.resolve("relmap.csv");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(c.storedDir().resolve("relmap.csv.gz")))) {
            Files.copy(in, plain);
        }
        return plain;
    }

    private static String[] range(Capture c) {
        return new String[] {"-p", c.walDir().toString(), "-s", Lsn.format(c.startLsn(), true), "-e",
            Lsn.format(c.endLsn(), true)};
    }

    private static String[] args(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void dumpNamesOnlyAddsNamesToPgWaldumpsText(@TempDir Path tmp) throws IOException {
        Capture c = capture();
        Path map = relmap(c, tmp);
        RelationMap catalog = RelationMap.load(map);
        String[] dump = args(new String[] {"dump", "-b"}, range(c));
        CliRun.Result plain = CliRun.run(dump);
        CliRun.Result named = CliRun.run(args(dump, "--names", "--relmap",
                map.toString()));
        assertEquals(0, named.code(), named.err());
        Pattern rel = Pattern.compile("rel (\\d+)/(\\d+)/(\\d+) \\(([^)]+)\\)");
        Map<String, String> seen = new HashMap<>();
        Matcher m = rel.matcher(named.out());
        int checked = 0;
        while (m.find()) {
            RelationMap.Relation truth = catalog.find(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                    Long.parseLong(m.group(3)));
            if (truth != null) {
                assertEquals(truth.name(), m.group(4), m.group());
                checked++;
            }
            seen.put(m.group(1) + "/" + m.group(2) + "/" + m.group(3), m.group(4));
        }
        assertTrue(checked > 1000, "names checked against pg_class: " + checked);
        // the files TRUNCATE d created inside the range are named too (followed through the WAL)
        assertTrue(seen.containsValue("public.d") && seen.containsValue("public.d_pkey"), seen.toString());
        assertEquals(plain.out(), named.out().replaceAll(" \\([a-z_.0-9]+\\)", ""));
        String[] json = args(new String[] {"dump", "--format", "json"}, range(c));
        CliRun.Result plainJson = CliRun.run(json);
        CliRun.Result namedJson = CliRun.run(args(json, "--names", "--relmap",
                map.toString()));
        assertEquals(0, namedJson.code(), namedJson.err());
        assertTrue(namedJson.out().contains("\"relation\":\"public.d\""), "new file named in JSON");
        assertEquals(plainJson.out(), namedJson.out().replaceAll("\"relation\":(null|\"[a-z_.0-9]+\"),", ""));
    }

    @Test
    void reportHasTablesAndATimeAxis(@TempDir Path tmp) throws IOException {
        Capture c = capture();
        Path map = relmap(c, tmp);
        Path html = tmp.resolve("r.html");
        String input = c.walDir() + ":" + Lsn.format(c.startLsn(), true) + ":" + Lsn.format(c.endLsn(), true);
        CliRun.Result r = CliRun.run("report", input, input, "--relmap", map.toString(),
                "--bucket", "1s", "-o", html.toString());
        assertEquals(0, r.code(), r.err());
        String h = Files.readString(html);
        assertTrue(h.contains("id=\"relations-a\"") && h.contains("<td>public.a</td>") && h.contains("table-diff"), h);
        assertTrue(h.contains("chart-buckets-a-time") && h.contains("Bytes per 1 s (UTC"), "time chart");
    }

    @Test
    void dumpNamesNeedsAMapAndTheTextForm() {
        Capture c = capture();
        CliRun.Result r = CliRun.run(args(new String[] {"dump", "--names"}, range(c)));
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("walprism: error: --names needs --relmap FILE or --dbname CONNINFO"), r.err());
    }

    @Test
    void topRelationsAndDiffByTable(@TempDir Path tmp) throws IOException {
        Capture c = capture();
        Path map = relmap(c, tmp);
        CliRun.Result top = CliRun.run(args(new String[] {"stats", "--by", "relation",
            "--top", "3", "--sort", "fpi", "--format", "csv", "--relmap", map.toString()}, range(c)));
        assertEquals(0, top.code(), top.err());
        List<String> lines = top.out().lines().toList();
        assertEquals(4, lines.size(), top.out());
        assertTrue(lines.get(1).startsWith("1,public.a,r,"), lines.get(1));
        String input = c.walDir() + ":" + Lsn.format(c.startLsn(), true) + ":" + Lsn.format(c.endLsn(), true);
        CliRun.Result diff = CliRun.run("diff", input, input, "--format", "csv",
                "--relmap", map.toString());
        assertEquals(0, diff.code(), diff.err());
        assertTrue(diff.out().contains("\ntable,public.a,bytes,"), diff.out());
        CliRun.Result bad = CliRun.run(args(new String[] {"stats", "--by", "relation",
            "--sort", "size"}, range(c)));
        assertEquals(2, bad.code());
    }

    /**
     * The Table column of {@code stats --by relation} widens to the longest name shown: every cell is a whole
     * relation name of the capture's relation map, never cut with {@code ~} ({@code pg_catalog.pg_attri~}), and
     * every row keeps the header's width.
     */
    @Test
    void byRelationShowsWholeRelationNames(@TempDir Path tmp) throws IOException {
        Capture c = TestData.capture("13/vacuum_tables");
        Path map = relmap(c, tmp);
        java.util.Set<String> names = new java.util.HashSet<>();
        for (RelationMap.Relation r : RelationMap.load(map).all()) {
            names.add(r.name());
        }
        CliRun.Result r = CliRun.run(args(new String[] {"stats", "--by", "relation",
            "--top", "100"}, "-p", c.walDir().toString(), "--relmap", map.toString()));
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        int at = 0;
        while (at < lines.size() && !lines.get(at).startsWith("Rank ")) {
            at++;
        }
        assertTrue(at < lines.size(), r.out());
        int longNames = 0;
        for (String line : lines.subList(at + 1, lines.size())) {
            String cell = line.strip().split(" +")[1];
            assertTrue(names.contains(cell), line);
            assertEquals(lines.get(at).length(), line.length(), "aligned with the header: " + line);
            longNames += cell.length() > 20 ? 1 : 0;
        }
        assertTrue(longNames > 0, "a name longer than the old 20-character column is shown:\n" + r.out());
    }
}
