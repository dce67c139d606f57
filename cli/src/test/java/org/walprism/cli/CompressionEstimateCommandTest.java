package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.analyzer.replay.CompressionEstimate;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * {@code stats --categories --compression-estimate} and {@code report --compression-estimate}: the figures of
 * {@link CompressionEstimate} over the same range in text, JSON (parsed) and CSV (parsed), the categories output
 * unchanged before them, a range already compressed said so, and the option refused where it means nothing.
 */
class CompressionEstimateCommandTest {
    private static final Capture PLAIN = TestData.capture("16/vacuum_noindex");
    private static final Capture LZ4 = TestData.capture("15/vacuum_indexed_lz4");

    private static String[] range(Capture c) {
        return new String[] {"-p", c.walDir().toString(), "-s", Lsn.format(c.startLsn(), true), "-e",
            Lsn.format(c.endLsn(), true)};
    }

    private static String input(Capture c) {
        return c.walDir() + ":" + Lsn.format(c.startLsn(), true) + ":" + Lsn.format(c.endLsn(), true);
    }

    private static CliRun.Result stats(Capture c, String... options) {
        return CliRun.run(Stream.concat(Stream.of("stats"), Stream.concat(Stream.of(options),
                Stream.of(range(c)))).toArray(String[]::new));
    }

    private static CompressionEstimate.Result estimate(Capture c) {
        return CompressionEstimate.estimate(c.walDir(), c.startLsn(), c.endLsn(), 0);
    }

    @Test
    void textFollowsTheCategoriesWithTheEstimatesFigures() {
        var plain = stats(PLAIN, "--categories");
        var r = stats(PLAIN, "--categories", "--compression-estimate");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith(plain.out() + "\nwal_compression estimate: "), r.out());
        CompressionEstimate.Result e = estimate(PLAIN);
        assertEquals(3, e.methods().size());
        for (CompressionEstimate.Method m : e.methods()) {
            String row = r.out().lines().filter(l -> l.startsWith(m.method().label() + " ")).findFirst().orElseThrow();
            String[] cells = row.trim().split("\\s+");
            assertEquals(List.of(String.valueOf(m.images()), String.valueOf(m.compressed()),
                    String.valueOf(m.storedBytes()), String.valueOf(m.wouldStoreBytes() + m.holeFieldBytes()),
                    String.valueOf(m.saved()), String.format(Locale.ROOT, "%.2f", m.savedPercent(e.rangeBytes()))),
                    List.of(cells).subList(1, 7), row);
            assertTrue(m.saved() > 0, row);
        }
        assertTrue(r.out().contains("CPU: thread CPU time (ThreadMXBean.getCurrentThreadCpuTime) around each "
                + "compression call"), r.out());
    }

    @Test
    void jsonHasTheEstimateAsAMemberOfTheCategoriesObject() {
        var r = stats(PLAIN, "--categories", "--compression-estimate", "--format", "json");
        assertEquals(0, r.code(), r.err());
        @SuppressWarnings("unchecked")
        Map<String, Object> root = (Map<String, Object>) new MiniJson(r.out()).parse();
        assertTrue(root.containsKey("category") && root.containsKey("lsn_buckets"), root.keySet().toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> est = (Map<String, Object>) root.get("compression_estimate");
        CompressionEstimate.Result e = estimate(PLAIN);
        assertEquals("estimated", est.get("status"));
        assertEquals((double) e.rangeBytes(), est.get("range_bytes"));
        assertEquals((double) e.uncompressed(), est.get("uncompressed_images"));
        assertTrue(((String) est.get("cpu_measure")).startsWith("thread CPU time"), est.toString());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> methods = (List<Map<String, Object>>) est.get("methods");
        assertEquals(e.methods().size(), methods.size());
        for (int i = 0; i < methods.size(); i++) {
            CompressionEstimate.Method m = e.methods().get(i);
            Map<String, Object> j = methods.get(i);
            assertEquals(m.method().label(), j.get("method"));
            assertEquals((double) m.images(), j.get("images"));
            assertEquals((double) m.compressed(), j.get("compressed"));
            assertEquals((double) m.storedBytes(), j.get("stored_bytes"));
            assertEquals((double) m.wouldStoreBytes(), j.get("would_store_bytes"));
            assertEquals((double) m.holeFieldBytes(), j.get("hole_field_bytes"));
            assertEquals((double) m.saved(), j.get("saved_bytes"));
            assertEquals(m.savedPercent(e.rangeBytes()), (double) j.get("saved_percent"), 0.0001);
            assertTrue((double) j.get("cpu_ms") > 0, j.toString());
        }
    }

    @Test
    void csvHasCompressionEstimateRowsWithTheSameKeys() throws IOException {
        var r = stats(PLAIN, "--categories", "--compression-estimate", "--format", "csv");
        assertEquals(0, r.code(), r.err());
        Map<String, String> est = new HashMap<>();
        try (var p = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get()
                .parse(new StringReader(r.out()))) {
            assertEquals(List.of("section", "name", "metric", "value"), p.getHeaderNames());
            for (CSVRecord row : p) {
                assertEquals(4, row.size(), row.toString());
                if (row.get(0).equals("compression_estimate")) {
                    est.put(row.get(1) + "." + row.get(2), row.get(3));
                }
            }
        }
        CompressionEstimate.Result e = estimate(PLAIN);
        assertEquals("estimated", est.get("all.status"));
        assertEquals(String.valueOf(e.rangeBytes()), est.get("all.range_bytes"));
        for (CompressionEstimate.Method m : e.methods()) {
            String n = m.method().label() + ".";
            assertEquals(String.valueOf(m.saved()), est.get(n + "saved_bytes"), n);
            assertEquals(String.valueOf(m.wouldStoreBytes()), est.get(n + "would_store_bytes"), n);
            assertEquals(String.valueOf(m.storedBytes()), est.get(n + "stored_bytes"), n);
            assertEquals(String.format(Locale.ROOT, "%.2f", m.savedPercent(e.rangeBytes())),
                    est.get(n + "saved_percent"), n);
        }
    }

    @Test
    void aRangeAlreadyCompressedSaysSoInEveryFormat() {
        var text = stats(LZ4, "--categories", "--compression-estimate");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("wal_compression estimate: the range's images are already compressed ("),
                text.out());
        assertTrue(text.out().contains("stored with lz4): it was written with wal_compression on; no estimate\n"),
                text.out());
        var json = stats(LZ4, "--categories", "--compression-estimate", "--format", "json");
        @SuppressWarnings("unchecked")
        Map<String, Object> est = (Map<String, Object>) ((Map<String, Object>) new MiniJson(json.out()).parse())
                .get("compression_estimate");
        assertEquals("already_compressed", est.get("status"));
        assertEquals("lz4", est.get("compressed_with"));
        assertEquals(List.of(), est.get("methods"));
        var csv = stats(LZ4, "--categories", "--compression-estimate", "--format", "csv");
        assertTrue(csv.out().contains("compression_estimate,all,status,already_compressed\n"), csv.out());
        assertTrue(!csv.out().contains("compression_estimate,pglz,"), csv.out());
    }

    @Test
    void reportShowsTheEstimateOrWhyThereIsNone(@TempDir Path tmp) throws IOException {
        Path html = tmp.resolve("r.html");
        var r = CliRun.run("report", "--compression-estimate", input(PLAIN),
                "-o", html.toString());
        assertEquals(0, r.code(), r.err());
        String page = Files.readString(html);
        assertTrue(page.contains("<h2>What wal_compression would save</h2>"), page);
        assertTrue(page.contains("<table id=\"compression-estimate\">"), page);
        for (CompressionEstimate.Method m : estimate(PLAIN).methods()) {
            assertTrue(page.contains(String.format(Locale.ROOT, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%d</td>"
                    + "<td>%d</td><td>%d</td>", m.method().label(), m.images(), m.compressed(), m.storedBytes(),
                    m.wouldStoreBytes() + m.holeFieldBytes(), m.saved())), m.toString());
        }
        assertTrue(page.contains("CPU: thread CPU time"), "CPU method");
        Path both = tmp.resolve("both.html");
        assertEquals(0, CliRun.run("report", "--compression-estimate",
                input(PLAIN), input(LZ4), "-o", both.toString()).code());
        String two = Files.readString(both);
        assertTrue(two.contains("<table id=\"compression-estimate-a\">"), two);
        assertTrue(two.contains("<p id=\"compression-estimate-b\">B: the range's images are already compressed ("),
                two);
        Path none = tmp.resolve("none.html");
        assertEquals(0, CliRun.run("report", input(PLAIN), "-o",
                none.toString()).code());
        assertTrue(!Files.readString(none).contains("wal_compression would save"), "only on request");
    }

    @Test
    void theOptionNeedsCategories() {
        var r = stats(PLAIN, "--compression-estimate");
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        GenerateReplayCommandTest.assertOneErrorLine(r);
        assertTrue(r.err().contains("--compression-estimate needs --categories"), r.err());
        var by = stats(PLAIN, "--categories", "--compression-estimate", "--by", "relation");
        assertEquals(ExitCode.USAGE.code(), by.code(), by.err());
        GenerateReplayCommandTest.assertOneErrorLine(by);
    }

    /** Just enough JSON to read the output back: objects, arrays, strings, numbers (as double), true/false/null. */
    static final class MiniJson {
        private final String s;
        private int i;

        MiniJson(String s) {
            this.s = s;
        }

        Object parse() {
            Object v = value();
            ws();
            assertEquals(s.length(), i, "trailing text after the JSON value");
            return v;
        }

        private void ws() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private Object value() {
            ws();
            char c = s.charAt(i);
            switch (c) {
                case '{' -> {
                    i++;
                    Map<String, Object> m = new LinkedHashMap<>();
                    ws();
                    if (s.charAt(i) == '}') {
                        i++;
                        return m;
                    }
                    while (true) {
                        ws();
                        String k = string();
                        ws();
                        expect(':');
                        m.put(k, value());
                        ws();
                        if (s.charAt(i++) == '}') {
                            return m;
                        }
                        assertEquals(',', s.charAt(i - 1), "at " + i);
                    }
                }
                case '[' -> {
                    i++;
                    List<Object> l = new ArrayList<>();
                    ws();
                    if (s.charAt(i) == ']') {
                        i++;
                        return l;
                    }
                    while (true) {
                        l.add(value());
                        ws();
                        if (s.charAt(i++) == ']') {
                            return l;
                        }
                        assertEquals(',', s.charAt(i - 1), "at " + i);
                    }
                }
                case '"' -> {
                    return string();
                }
                default -> {
                    for (String lit : new String[] {"true", "false", "null"}) {
                        if (s.startsWith(lit, i)) {
                            i += lit.length();
                            return lit.equals("null") ? null : Boolean.valueOf(lit);
                        }
                    }
                    int st = i;
                    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                        i++;
                    }
                    assertTrue(i > st, "a JSON value at " + st);
                    return Double.parseDouble(s.substring(st, i));
                }
            }
        }

        private void expect(char c) {
            assertEquals(c, s.charAt(i), "at " + i);
            i++;
        }

        private String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return b.toString();
                }
                if (c == '\\') {
                    char e = s.charAt(i++);
                    switch (e) {
                        case 'n' -> b.append('\n');
                        case 't' -> b.append('\t');
                        case 'r' -> b.append('\r');
                        case 'b' -> b.append('\b');
                        case 'f' -> b.append('\f');
                        case 'u' -> {
                            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                            i += 4;
                        }
                        default -> b.append(e);
                    }
                } else {
                    b.append(c);
                }
            }
        }
    }
}
