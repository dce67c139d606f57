package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.walprism.cli.CliRun.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** CLI contract of {@code stats --categories}, {@code diff} and {@code report}. */
class AnalyzerCommandsTest {

    private static Capture pairOff() {
        return capture(false);
    }

    private static Capture capture(boolean checksums) {
        for (Capture c : TestData.captures()) {
            if (c.workload().equals("hot_updates") && c.dataChecksums() == checksums) {
                return c;
            }
        }
        throw new AssertionError("no hot_updates capture with data checksums " + checksums);
    }

    /** {@code PATH:START:END} of a capture. */
    private static String input(Capture c) {
        return c.walDir() + ":" + Lsn.format(c.startLsn(), true) + ":" + Lsn.format(c.endLsn(), true);
    }

    @Test
    void parsesPathWithOptionalRange() {
        WalInput a = WalInput.parse("/tmp/wal:0/3000028:0/5000000");
        assertEquals(Path.of("/tmp/wal"), a.path());
        assertEquals(0x3000028L, a.start());
        assertEquals(0x5000000L, a.end());
        WalInput b = WalInput.parse("wal::0/5000000");
        assertEquals(Path.of("wal"), b.path());
        assertNull(b.start());
        assertEquals(0x5000000L, b.end());
        WalInput c = WalInput.parse("wal:1/A");
        assertEquals(0x1_0000000AL, c.start());
        assertNull(c.end());
        WalInput d = WalInput.parse("dir:with:colons");
        assertEquals(Path.of("dir:with:colons"), d.path());
        assertNull(d.start());
    }

    @Test
    void statsCategoriesPrintsTheAttribution() {
        Capture c = pairOff();
        CliRun.Result r = run("stats", "--categories", "-p", c.walDir().toString(), "-s", Lsn.format(c.startLsn(), true),
                "-e", Lsn.format(c.endLsn(), true));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("WAL categories between "), r.out());
        assertTrue(r.out().contains(c.records() + " records, "), "record count of the manifest");
        CliRun.Result csv = run("stats", "--categories", "--format", "csv", "-p", c.walDir().toString(), "-s",
                Lsn.format(c.startLsn(), true), "-e", Lsn.format(c.endLsn(), true));
        assertTrue(csv.out().contains("totals,all,records," + c.records() + "\n"), csv.out());
    }

    @Test
    void diffNamesHintImagesInEveryFormat() {
        String a = input(capture(false));
        String b = input(capture(true));
        CliRun.Result text = run("diff", a, b);
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("[main cause] [hint_fpi] Hint-bit images appear in B"), text.out());
        CliRun.Result json = run("diff", "--format", "json", a, b);
        assertTrue(json.out().contains("\"id\": \"hint_fpi\",\n      \"main\": true"), json.out());
        CliRun.Result csv = run("diff", "--format", "csv", a, b);
        assertTrue(csv.out().startsWith("section,name,metric,a,b,delta,relative\nexplanation,hint_fpi,"),
                csv.out());
    }

    @Test
    void diffOfAMissingDirectoryFailsWithOneLine() {
        CliRun.Result r = run("diff", "/nonexistent/wal", input(pairOff()));
        assertEquals(ExitCode.INPUT.code(), r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("/nonexistent/wal"), r.err());
    }

    @Test
    void diffWithOneInputIsAUsageError() {
        CliRun.Result r = run("diff", input(pairOff()));
        assertEquals(ExitCode.USAGE.code(), r.code());
    }

    @Test
    void reportWritesOneHtmlPage(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("report.html");
        CliRun.Result r = run("report", input(capture(false)), input(capture(true)), "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        String html = Files.readString(out);
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("id=\"chart-category-bytes\""));
        assertTrue(html.contains("<code>hint_fpi</code> (main cause)"));
        Path single = tmp.resolve("one.html");
        assertEquals(0, run("report", input(capture(false)), "-o", single.toString()).code());
        assertTrue(!Files.readString(single).contains("What changed"), "no diff section for one input");
    }

    @Test
    void reportToAnUnwritablePathIsAnOutputError(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        for (Path out : new Path[] {tmp.resolve("missing-dir").resolve("r.html"), file.resolve("r.html")}) {
            CliRun.Result r = run("report", input(pairOff()), "-o", out.toString());
            assertEquals(ExitCode.OUTPUT.code(), r.code(), r.err());
            assertEquals("walprism: error: could not write \"" + out + "\": no such directory\n", r.err());
            assertEquals("", r.out());
        }
        // an existing file stays a usage error (walprism never overwrites), an unreadable input an input error
        assertEquals(ExitCode.USAGE.code(), run("report", input(pairOff()), "-o", file.toString()).code());
        assertEquals(ExitCode.INPUT.code(),
                run("report", "/nonexistent/wal", "-o", tmp.resolve("r.html").toString()).code());
        assertEquals(8, ExitCode.OUTPUT.code());
    }

    @Test
    void diffListsOnlyRealChangesAndAllRowsOnRequest() {
        // 18 -> 19: the VISIBLE records merge into the prunes; the other record types keep their counts
        String a = input(TestData.capture("18/vacuum_noindex"));
        String b = input(TestData.capture("19beta1/vacuum_noindex"));
        CliRun.Result text = run("diff", a, b);
        assertEquals(0, text.code(), text.err());
        String flat = text.out().replaceAll("\\s+", " ");
        assertTrue(flat.contains("largest changes: Heap2/VISIBLE -260."), flat);
        String largest = flat.substring(flat.indexOf("largest changes:"));
        largest = largest.substring(0, largest.indexOf('.'));
        assertTrue(!largest.contains("+0") && !largest.contains("-0"), "a change of 0 listed: " + largest);
        assertTrue(text.out().contains("more rows: --rows all shows them)"), text.out());
        CliRun.Result all = run("diff", "--rows", "all", a, b);
        assertEquals(0, all.code(), all.err());
        assertTrue(!all.out().contains("more rows"), all.out());
        assertTrue(all.out().length() > text.out().length());
        CliRun.Result two = run("diff", "--rows", "2", a, b);
        assertTrue(two.out().contains("more rows"), two.out());
        assertTrue(two.out().length() < text.out().length());
        CliRun.Result bad = run("diff", "--rows", "-3", a, b);
        assertEquals(ExitCode.USAGE.code(), bad.code());
        assertTrue(bad.err().contains("--rows"), bad.err());
    }

    @Test
    void oneCategoryVocabularyInEveryFormat(@TempDir Path tmp) throws Exception {
        Capture c = TestData.capture("17/vacuum_noindex");
        String[] range = {"-p", c.walDir().toString(), "-s", Lsn.format(c.startLsn(), true), "-e",
                Lsn.format(c.endLsn(), true)};
        CliRun.Result json = run(java.util.stream.Stream.concat(java.util.stream.Stream.of("stats", "--categories",
                "--format", "json"), java.util.Arrays.stream(range)).toArray(String[]::new));
        CliRun.Result text = run(java.util.stream.Stream.concat(java.util.stream.Stream.of("stats", "--categories"),
                java.util.Arrays.stream(range)).toArray(String[]::new));
        Path html = tmp.resolve("r.html");
        assertEquals(0, run("report", input(c), "-o", html.toString()).code());
        String page = Files.readString(html);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"name\": \"([^\"]+)\"").matcher(
                json.out().substring(json.out().indexOf("\"category\""), json.out().indexOf("]")));
        int n = 0;
        for (; m.find(); n++) {
            String name = m.group(1);
            assertTrue(name.matches("[a-z_]+"), name);
            assertTrue(text.out().lines().anyMatch(l -> l.startsWith(name + " ")), name + " not in the text:\n"
                    + text.out());
            assertTrue(page.contains(">" + name + "<"), name + " not in the HTML report");
        }
        assertEquals(org.walprism.analyzer.categories.Category.COUNT, n);
        for (String label : new String[] {"prune only", "freeze only", "prune+freeze", "on-access prune"}) {
            assertTrue(!text.out().contains(label) && !page.contains(label), label);
        }
    }
}
