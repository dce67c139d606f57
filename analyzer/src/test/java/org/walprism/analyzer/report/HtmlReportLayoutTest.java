package org.walprism.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.diff.StreamDiff;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The report's charts have axes with ticks and one unit shared by the chart, its bar totals and its table; the
 * header names the tool, the date and the ranges; a single input is not labelled "A"; dropped LSN buckets are
 * counted; index-vacuum and hint-bit images have their own series; and the page lays out within 1000 px in Chromium.
 */
class HtmlReportLayoutTest {

    private static StreamDiff.Side side(String name, long bucket) {
        Capture c = TestData.capture(name);
        // an input as long as real ones get: an archiver's repository path with a range
        String label = "/srv/backup/pgbackrest/repo/archive/production-eu-west-1-main-cluster/" + c.versionLabel()
                + "-1/0000000100000000:" + c.startLsn() + ":" + c.endLsn();
        return new StreamDiff.Side(label, new CategorySummary(
                CategoryAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0, bucket)));
    }

    private static final Pattern SVG = Pattern.compile("(?s)<svg [^>]*id=\"([^\"]+)\"[^>]*>(.*?)</svg>\\n"
            + "(<div class=\"tw\"><table class=\"data\" id=\"table-\\1\"><caption>([^<]*)</caption>)?");

    @Test
    void everyChartHasAnAxisAndOneUnitWithItsTable() {
        String html = HtmlReport.render(side("18/vacuum_noindex", 0), side("18/vacuum_noindex_checksums", 0),
                "walprism 9.9", "2026-12-01 12:00 UTC");
        Matcher m = SVG.matcher(html);
        int charts = 0;
        for (; m.find(); charts++) {
            String id = m.group(1);
            String body = m.group(2);
            assertTrue(body.contains("<g class=\"axis\">"), id + " has an axis");
            assertTrue(count(body, "class=\"tick\"") >= 2, id + " has ticks");
            Matcher t = Pattern.compile("class=\"ct\">[^<]*\\(([^)]+)\\)</text>").matcher(body);
            assertTrue(t.find(), id + " title names its unit");
            String unit = t.group(1);
            Matcher totals = Pattern.compile("class=\"bv\">[0-9.]+ ([^<]+)</text>").matcher(body);
            int bars = 0;
            for (; totals.find(); bars++) {
                assertEquals(unit, totals.group(1), id + ": a bar total in another unit");
            }
            assertTrue(bars > 0, id);
            assertTrue(m.group(3) != null, id + " has its table right under it");
            assertTrue(m.group(4).equals(unit) || m.group(4).endsWith("(" + unit + ")"),
                    id + ": table in " + m.group(4) + ", chart in " + unit);
        }
        assertEquals(12, charts);
        assertTrue(html.contains("<p id=\"tool\">walprism 9.9, generated 2026-12-01 12:00 UTC</p>"), "header");
        assertTrue(html.contains("0/929F28..0/AFB698"), "A's range in the header");
    }

    @Test
    void aSingleInputIsNotLabelledA() {
        String html = HtmlReport.render(side("15/vacuum_indexed_pglz", 0), null, "walprism", null);
        String text = html.replaceAll("<[^>]+>", " ");
        assertFalse(Pattern.compile("\\bA\\b[ :(]").matcher(text).find(), "an A label in a single-input report");
        assertTrue(html.contains(">PostgreSQL 15</text>"), "bars named by the input's version");
        // index-vacuum and hint-bit images are series of their own, not "other"
        for (String series : new String[] {"index_vacuum", "hint"}) {
            assertTrue(html.contains("<title>PostgreSQL 15 " + series + ": "), series);
        }
    }

    @Test
    void droppedBucketsAreCounted() {
        String html = HtmlReport.render(side("18/vacuum_noindex", 8192), null, "walprism", null);
        Matcher m = Pattern.compile("(\\d+) of (\\d+) buckets drawn: the last (\\d+) are not \\(<code>--bucket (\\d+)"
                + "</code>").matcher(html);
        assertTrue(m.find(), "the dropped buckets are counted");
        assertEquals(Integer.parseInt(m.group(2)) - Integer.parseInt(m.group(1)), Integer.parseInt(m.group(3)));
        assertTrue(Long.parseLong(m.group(4)) * HtmlReport.MAX_BUCKETS >= 8192L * Integer.parseInt(m.group(2)));
        String all = HtmlReport.render(side("18/vacuum_noindex", 0), null, "walprism", null);
        assertFalse(all.contains("buckets drawn"), "the default width draws every bucket");
    }

    @Test
    void layoutHoldsAt1000Pixels(@TempDir Path tmp) throws Exception {
        Path chromium = HtmlReportTest.chromium();
        assumeTrue(chromium != null, "chromium not installed: apt-get install -y chromium");
        Set<String> widths = new HashSet<>();
        for (String html : List.of(
                HtmlReport.render(side("18/vacuum_noindex", 0), side("18/vacuum_noindex_checksums", 8192), "w", "d"),
                HtmlReport.render(side("15/vacuum_indexed_pglz", 0), null, "w", "d"))) {
            // the page has no script; a copy gets one that writes the laid-out width into the DOM
            Path page = tmp.resolve("p" + widths.size() + ".html");
            Files.writeString(page, html.replace("</body>", "<script>document.body.setAttribute('data-sw',"
                    + "document.documentElement.scrollWidth)</script></body>"));
            List<String> cmd = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
                    "--disable-gpu", "--no-first-run", "--hide-scrollbars", "--window-size=1000,2000",
                    "--user-data-dir=" + tmp.resolve("profile" + widths.size()), "--dump-dom", page.toUri().toString()));
            Process p = new ProcessBuilder(cmd).redirectError(tmp.resolve("log").toFile()).start();
            String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            Matcher m = Pattern.compile("data-sw=\"(\\d+)\"").matcher(dom);
            assertTrue(m.find(), "width measured");
            int width = Integer.parseInt(m.group(1));
            assertTrue(width <= 1000, "the page is " + width + " px wide in a 1000 px window");
            widths.add(m.group(1));
        }
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
