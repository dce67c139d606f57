package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The five example queries of docs/sql.md, read from it, run through {@code walprism sql} on corpus captures; each
 * result is checked against what the capture's server said: pg_walinspect's rows (blocks.tsv, records.tsv,
 * stats.tsv) and VACUUM VERBOSE's WAL usage (measured.log).
 */
class SqlExamplesTest {

    @TempDir
    Path tmp;

    /** The {@code ```sql} blocks of docs/sql.md's "Five questions", in order. */
    static List<String> examples() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "sql.md"));
        String five = doc.substring(doc.indexOf("## Five questions"));
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("```sql\n(.*?)```", Pattern.DOTALL).matcher(five);
        while (m.find()) {
            out.add(m.group(1));
        }
        assertEquals(5, out.size(), "docs/sql.md's five questions");
        return out;
    }

    /** The CSV rows of {@code query} on capture {@code c} (without the header), fields split. */
    static List<List<String>> sql(Capture c, String query, String... more) {
        List<String> a = new ArrayList<>(List.of(SqlCommandTest.sql(c, more)));
        a.add("--format");
        a.add("csv");
        a.add(query);
        SqlCommandTest.Result r = SqlCommandTest.run(a.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        List<List<String>> rows = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            rows.add(csvFields(l));
        }
        return rows;
    }

    /** The capture's relation map (relmap.csv, from the server's pg_class), as a plain file. */
    private String relmap(Capture c) throws IOException {
        Path gz = c.storedDir().resolve("relmap.csv.gz");
        Path plain = tmp.resolve(c.name().replace('/', '_') + "-relmap.csv");
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(gz))) {
            Files.copy(in, plain, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return plain.toString();
    }

    /** RFC 4180 fields of one CSV line. */
    static List<String> csvFields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted && ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                f.append('"');
                i++;
            } else if (ch == '"') {
                quoted = !quoted;
            } else if (ch == ',' && !quoted) {
                out.add(f.toString());
                f.setLength(0);
            } else {
                f.append(ch);
            }
        }
        out.add(f.toString());
        return out;
    }

    private static List<String[]> tsv(Capture c, String name) {
        return c.oracleText(name).lines().map(l -> l.split("\t", -1)).toList();
    }

    /** blocks.tsv columns: start_lsn, block_id, spc, db, rel, fork, blkno, type, rec len, main len, data len, fpi len, info. */
    private static List<Long> imageBytesPerRelation(Capture c, boolean hintOnly) {
        Map<String, Long> bytes = new TreeMap<>();
        for (String[] f : tsv(c, "blocks.tsv")) {
            long fpi = Long.parseLong(f[11]);
            if (fpi > 0 && (!hintOnly || f[7].equals("FPI_FOR_HINT"))) {
                bytes.merge(f[2] + "/" + f[3] + "/" + f[4], fpi, Long::sum);
            }
        }
        return bytes.values().stream().sorted(Comparator.reverseOrder()).toList();
    }

    @Test
    void topRelationsByImageBytes() throws IOException {
        Capture c = TestData.capture("18/vacuum_tables");
        List<List<String>> rows = sql(c, examples().get(0), "--relmap", relmap(c));
        List<Long> expected = imageBytesPerRelation(c, false);
        assertEquals(expected.subList(0, Math.min(10, expected.size())),
                rows.stream().map(r -> Long.parseLong(r.get(2))).toList());
        // the relation map names them: the largest is a table of the workload, not a file number
        assertFalse(rows.get(0).get(0).matches("[0-9/]+"), rows.get(0).toString());
    }

    @Test
    void walPerMinute() throws IOException {
        Capture c = TestData.capture("17/hot_updates");
        // the minute of each record: of the latest commit or abort at or before it (pg_walinspect's description of a
        // commit starts with its time)
        Map<String, long[]> expected = new TreeMap<>();
        String minute = "";
        for (String[] f : tsv(c, "records.tsv")) {
            if (f[4].equals("Transaction") && f[5].matches("COMMIT|ABORT|COMMIT_PREPARED|ABORT_PREPARED")) {
                minute = f[9].substring(0, 16) + ":00+00";
            }
            long[] v = expected.computeIfAbsent(minute, k -> new long[3]);
            v[0]++;
            v[1] += Long.parseLong(f[6]);
            v[2] += Long.parseLong(f[8]);
        }
        List<String> want = new ArrayList<>();
        expected.forEach((k, v) -> want.add(k + " " + v[0] + " " + v[1] + " " + v[2]));
        List<String> got = sql(c, examples().get(1)).stream().map(r -> String.join(" ", r)).toList();
        assertEquals(want, got);
    }

    @Test
    void recordsPerVacuumRun() throws IOException {
        Capture c = TestData.capture("18/vacuum_tables");
        // VACUUM VERBOSE's "WAL usage: N records, M full page images, B bytes" of each table, in the order run
        Matcher m = Pattern.compile("WAL usage: (\\d+) records, (\\d+) full page images, (\\d+) bytes")
                .matcher(Files.readString(c.storedDir().resolve("measured.log")));
        List<String> want = new ArrayList<>();
        while (m.find()) {
            if (!m.group(1).equals("0")) {
                want.add(m.group(1) + " " + m.group(2) + " " + m.group(3));
            }
        }
        assertFalse(want.isEmpty());
        List<List<String>> rows = sql(c, examples().get(2), "--relmap", relmap(c));
        assertEquals(want, rows.stream().map(r -> r.get(4) + " " + r.get(5) + " " + r.get(6)).toList());
        assertTrue(rows.stream().allMatch(r -> r.get(7).equals("t")), rows.toString());
    }

    @Test
    void hintBitImagesPerTable() throws IOException {
        Capture c = TestData.capture("18/vacuum_tables_checksums");
        List<Long> expected = imageBytesPerRelation(c, true);
        assertFalse(expected.isEmpty(), "no FPI_FOR_HINT in " + c.name());
        List<List<String>> rows = sql(c, examples().get(3), "--relmap", relmap(c));
        assertEquals(expected, rows.stream().map(r -> Long.parseLong(r.get(2))).toList());
    }

    @Test
    void seventeenAgainstEighteenByJoiningTwoExports() throws IOException {
        Capture c17 = TestData.capture("17/vacuum_noindex");
        Capture c18 = TestData.capture("18/vacuum_noindex");
        Path db17 = tmp.resolve("pg17.duckdb");
        Path db18 = tmp.resolve("pg18.duckdb");
        for (Object[] e : new Object[][] {{c17, db17}, {c18, db18}}) {
            Capture c = (Capture) e[0];
            SqlCommandTest.Result r = SqlCommandTest.run("export", "--duckdb", e[1].toString(), "-p",
                    c.walDir().toString(), "-s", Lsn.format(c.startLsn(), true), "-e", Lsn.format(c.endLsn(), true));
            assertEquals(0, r.code(), r.err());
        }
        String q = examples().get(4).replace("'pg17.duckdb'", "'" + db17 + "'").replace("'pg18.duckdb'", "'" + db18
                + "'");
        // stats.tsv: pg_get_wal_stats(start, end, true) of each server: name, count, record_size, fpi_size, combined
        Map<String, String[]> a = new TreeMap<>();
        Map<String, String[]> b = new TreeMap<>();
        tsv(c17, "stats.tsv").forEach(f -> a.put(f[0], f));
        tsv(c18, "stats.tsv").forEach(f -> b.put(f[0], f));
        TreeMap<String, String> want = new TreeMap<>();
        java.util.Set<String> names = new java.util.TreeSet<>(a.keySet());
        names.addAll(b.keySet());
        for (String n : names) {
            String[] x = a.get(n);
            String[] y = b.get(n);
            long diff = (y == null ? 0 : Long.parseLong(y[4])) - (x == null ? 0 : Long.parseLong(x[4]));
            want.put(n, String.join(" ", n, x == null ? "" : x[1], y == null ? "" : y[1], x == null ? "" : x[4],
                    y == null ? "" : y[4], Long.toString(diff)));
        }
        List<String> got = sql(c18, q).stream().map(r -> String.join(" ", r)).toList();
        assertEquals(new ArrayList<>(want.values()), got);
    }
}
