package org.walprism.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
            + "(<details class=\"numbers\"><summary>[^<]*</summary><div class=\"tw\"><table class=\"data\" "
            + "id=\"table-\\1\"><caption>([^<]*)</caption>)?");

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

    /**
     * What a screenshot would show, measured on the page Chromium laid out (element boxes, not pixels): at 1000 and
     * 1400 px no element reaches past the window and nothing scrolls sideways; no bar label runs into its bars; with
     * one input every category, record type and part above zero has a bar at least 2 px long (no series hidden
     * in a single stacked bar); and the 525-record range of 17/vacuum_noindex gives a page under 4000 px high
     * (5200 px with the stacked bars and open tables before).
     */
    @Test
    void layoutHoldsAt1000And1400Pixels(@TempDir Path tmp) throws Exception {
        Path chromium = HtmlReportTest.chromium();
        assumeTrue(chromium != null, "chromium not installed: apt-get install -y chromium");
        Capture small = TestData.capture("17/vacuum_noindex");
        assertEquals(525, small.records(), "the issue's 525-record range");
        String one = HtmlReport.render(side("17/vacuum_noindex", 0), null, "w", "d");
        String two = HtmlReport.render(side("18/vacuum_noindex", 0), side("18/vacuum_noindex_checksums", 8192), "w",
                "d");
        String single15 = HtmlReport.render(side("15/vacuum_indexed_pglz", 0), null, "w", "d");
        int n = 0;
        for (int width : new int[] {1000, 1400}) {
            for (String html : List.of(one, two, single15)) {
                Map<String, Integer> m = measure(chromium, tmp, n++, html, width);
                assertTrue(m.get("sw") <= width, "the page is " + m.get("sw") + " px wide in a " + width + " px window");
                assertEquals(0, m.get("overflow"), "elements reaching past the window at " + width + " px");
                assertEquals(0, m.get("overlap"), "bar labels running into their bars at " + width + " px");
                if (html != two) {
                    assertEquals(0, m.get("thin"), "bars under 2 px with one input at " + width + " px");
                    assertTrue(m.get("bars") > 20, "bars drawn: " + m.get("bars"));
                }
                if (html == one) {
                    assertTrue(m.get("sh") < 4000, "the 525-record page is " + m.get("sh") + " px high at " + width);
                }
            }
        }
    }

    /**
     * Lays {@code html} out in headless Chromium at {@code width} px and returns what a script (added to a copy: the
     * page itself has none) measured: {@code sw}/{@code sh} the scroll width and height; {@code overflow} elements
     * whose box ends right of the window; {@code overlap} labels (x=0 texts of a chart) whose box ends right of the
     * chart's first bar; {@code thin} drawn bars (segments) narrower than 2 px outside the LSN bucket charts;
     * {@code bars} the segments drawn.
     */
    private static Map<String, Integer> measure(Path chromium, Path tmp, int n, String html, int width)
            throws Exception {
        String script = "<script>(function(){var d=document.documentElement,W=d.clientWidth,o=0,l=0,t=0,b=0;"
                + "document.querySelectorAll('body *').forEach(function(e){var r=e.getBoundingClientRect();"
                + "if(r.width>0&&r.right>W+0.5&&!e.closest('.tw'))o++;});"
                + "document.querySelectorAll('svg.chart').forEach(function(s){var x=1e9;"
                + "s.querySelectorAll('rect.seg').forEach(function(r){x=Math.min(x,r.getBBox().x);b++;"
                + "if(s.id.indexOf('chart-buckets')!==0&&r.getBBox().width<1.99)t++;});"
                + "s.querySelectorAll('text[x=\"0\"]:not(.ct)').forEach(function(e){var q=e.getBBox();"
                + "if(q.x+q.width>x-1)l++;});});"
                + "var a=document.body;a.setAttribute('data-sw',d.scrollWidth);a.setAttribute('data-sh',d.scrollHeight);"
                + "a.setAttribute('data-overflow',o);a.setAttribute('data-overlap',l);a.setAttribute('data-thin',t);"
                + "a.setAttribute('data-bars',b);})()</script></body>";
        Path page = tmp.resolve("p" + n + ".html");
        Files.writeString(page, html.replace("</body>", script));
        List<String> cmd = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--no-first-run", "--hide-scrollbars", "--window-size=" + width + ",2000",
                "--user-data-dir=" + tmp.resolve("profile" + n), "--dump-dom", page.toUri().toString()));
        Process p = new ProcessBuilder(cmd).redirectError(tmp.resolve("log" + n).toFile()).start();
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        Map<String, Integer> m = new java.util.HashMap<>();
        Matcher a = Pattern.compile("data-(sw|sh|overflow|overlap|thin|bars)=\"(\\d+)\"").matcher(dom);
        while (a.find()) {
            m.put(a.group(1), Integer.parseInt(a.group(2)));
        }
        assertEquals(6, m.size(), "measured: " + m + "; " + Files.readString(tmp.resolve("log" + n)));
        return m;
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
