package org.walprism.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.analyzer.diff.Sides;
import org.walprism.analyzer.diff.StreamDiff;

/**
 * The HTML report is self-contained and, opened in headless Chromium, renders its SVG charts. Chromium comes
 * from Debian's {@code chromium} package ({@code apt-get install -y chromium}); without it the browser tests
 * are skipped with that hint.
 */
class HtmlReportTest {
    private static final String[] CHARTS = {"chart-category-bytes", "chart-category-records", "chart-type-bytes",
        "chart-type-records", "chart-part-groups", "chart-parts", "chart-fpi-cause", "chart-fpi-cause-images",
        "chart-fpi-fork", "chart-fpi-compression", "chart-buckets-a", "chart-buckets-b"};

    private static String render() {
        org.walprism.testdata.Capture[] pair = Sides.checksumPairs().get(0);
        return HtmlReport.render(Sides.of(pair[0]), Sides.of(pair[1]));
    }

    @Test
    void pageIsSelfContainedAndHasEveryChart() {
        String html = render();
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.replace("http://www.w3.org/2000/svg", "").matches("(?s).*(https?:|//[a-z]).*"),
                "no network reference");
        for (String id : CHARTS) {
            assertTrue(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" + id + "\""), id);
        }
        assertTrue(html.contains("<code>hint_fpi</code> (main cause)"), "explanations listed, main cause marked");
    }

    @Test
    void everyCategoryIsExplainedOnThePage() {
        String html = render();
        for (org.walprism.analyzer.categories.Category c : org.walprism.analyzer.categories.Category.values()) {
            assertTrue(html.contains("<dt><code>" + c.key() + "</code></dt><dd>" + Svg.esc(HtmlReport.meaning(c))), c.key());
        }
    }

    @Test
    void bucketChartsSayWhenTheRangeHasNoCommit() {
        org.walprism.testdata.Capture[] pair = Sides.checksumPairs().get(0);
        StreamDiff.Side a = Sides.of(pair[0]);
        org.walprism.analyzer.categories.CategoryStats st = a.summary().stats();
        boolean timed = false;
        for (int i = 0; i < st.bucketCount(); i++) {
            timed |= !CategoryFormatter.timeSpan(st.bucket(i)).isEmpty();
        }
        String html = HtmlReport.render(a, null, "w", "d");
        assertEquals(!timed, html.contains("id=\"chart-buckets-a-no-commits\""), "note iff no commit in the range");
        assertEquals(timed, html.contains("with the times of its commits (UTC)"), "title claims times iff there are some");
    }

    @Test
    void inputPathsBreakAtSeparatorsOnly() {
        String html = render();
        Matcher m = Pattern.compile("<table id=\"inputs\">.*?</table>", Pattern.DOTALL).matcher(html);
        assertTrue(m.find());
        Matcher code = Pattern.compile("<code>(.*?)</code>").matcher(m.group());
        assertTrue(code.find());
        assertTrue(code.group(1).contains("/<wbr>"), code.group(1));
        assertTrue(html.contains("#inputs code{overflow-wrap:break-word}"), "no break inside a name unless it must");
        assertFalse(html.contains("table.data td"), "one font for every table");
    }

    /**
     * The renderer keeps no state between pages (no static or thread-local state): pages rendered at the same time
     * on several threads, one input and two alternating, are the pages rendered one after the other.
     */
    @Test
    void pagesRenderedConcurrentlyAreThePagesRenderedAlone() throws Exception {
        org.walprism.testdata.Capture[] pair = Sides.checksumPairs().get(0);
        StreamDiff.Side a = Sides.of(pair[0]);
        StreamDiff.Side b = Sides.of(pair[1]);
        String two = HtmlReport.render(a, b, "w", "d");
        String one = HtmlReport.render(b, null, "w", "d");
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<String>> pages = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                boolean single = i % 2 == 1;
                pages.add(pool.submit(() -> single ? HtmlReport.render(b, null, "w", "d")
                        : HtmlReport.render(a, b, "w", "d")));
            }
            for (int i = 0; i < pages.size(); i++) {
                assertEquals(i % 2 == 1 ? one : two, pages.get(i).get(), "page " + i);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    static Path chromium() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            for (String name : new String[] {"chromium", "chromium-browser"}) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    private static List<String> command(Path chromium, Path profile, String... extra) {
        List<String> cmd = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile));
        cmd.addAll(List.of(extra));
        return cmd;
    }

    private static String run(List<String> cmd, Path log) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium finished");
        assertEquals(0, p.exitValue(), () -> "chromium exit; stderr: " + tail(log));
        return new String(out, StandardCharsets.UTF_8);
    }

    private static String tail(Path log) {
        try {
            String s = Files.readString(log);
            return s.length() > 2000 ? s.substring(s.length() - 2000) : s;
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void chromiumRendersTheCharts(@TempDir Path tmp) throws Exception {
        Path chromium = chromium();
        assumeTrue(chromium != null, "chromium not installed: apt-get install -y chromium");
        Path page = tmp.resolve("report.html");
        String html = render();
        Files.writeString(page, html);
        int segments = count(html, "<rect class=\"seg\"");

        String dom = run(command(chromium, Files.createDirectory(tmp.resolve("p1")), "--dump-dom",
                page.toUri().toString()), tmp.resolve("dom.log"));
        assertEquals(CHARTS.length, count(dom, "<svg "), "every chart is an SVG element after load");
        assertEquals(segments, count(dom, "<rect class=\"seg\""), "every bar segment in the DOM");
        assertTrue(segments > 20, "segments: " + segments);

        Path png = tmp.resolve("shot.png");
        run(command(chromium, Files.createDirectory(tmp.resolve("p2")), "--window-size=900,3000",
                "--hide-scrollbars", "--screenshot=" + png, page.toUri().toString()), tmp.resolve("shot.log"));
        byte[] img = Files.readAllBytes(png);
        assertTrue(img.length > 8 && img[1] == 'P' && img[2] == 'N' && img[3] == 'G', "a PNG");
        ByteBuffer bb = ByteBuffer.wrap(img);
        assertEquals(900, bb.getInt(16), "screenshot width");
        assertEquals(3000, bb.getInt(20), "screenshot height");
        // A blank page compresses to a few KB; coloured bars, legends and text make it far larger.
        assertTrue(img.length > 40_000, "screenshot shows drawn content: " + img.length + " bytes");
        assertTrue(colouredPixels(png) > 0, "bars drawn in chart colours");
    }

    /** Whether the PNG contains the first palette colour, via ImageIO. */
    private static long colouredPixels(Path png) throws IOException {
        java.awt.image.BufferedImage im = javax.imageio.ImageIO.read(png.toFile());
        Matcher m = Pattern.compile("#(..)(..)(..)").matcher(Svg.PALETTE[0]);
        assertTrue(m.matches());
        int rgb = Integer.parseInt(m.group(1), 16) << 16 | Integer.parseInt(m.group(2), 16) << 8
                | Integer.parseInt(m.group(3), 16);
        long n = 0;
        for (int y = 0; y < im.getHeight(); y += 2) {
            for (int x = 0; x < im.getWidth(); x += 2) {
                if ((im.getRGB(x, y) & 0xFFFFFF) == rgb) {
                    n++;
                }
            }
        }
        return n;
    }
}
