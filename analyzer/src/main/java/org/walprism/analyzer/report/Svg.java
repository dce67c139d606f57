package org.walprism.analyzer.report;

import java.util.List;
import java.util.Locale;

/**
 * Inline SVG charts written as text: horizontal stacked bars (one bar per input, one segment per series) with a
 * legend, or with one input a bar per series; a tooltip ({@code <title>}) per segment. No scripts, no external
 * resources.
 */
public final class Svg {
    /** Series colours, then grey for "rest". */
    static final String[] PALETTE = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
        "#ff9da7", "#9c755f", "#bab0ac", "#86bcb6", "#d37295", "#8cd17d", "#499894"};
    static final String REST = "#cccccc";

    private static final int WIDTH = 760;
    private static final int LABEL = 70;
    private static final int BAR = 26;
    private static final int GAP = 10;
    private static final int LEGEND_ROW = 18;
    /** Room under the bars for the axis' tick labels. */
    private static final int AXIS = 32;

    private Svg() {
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Colour of series {@code i} of {@code n}; the last is grey when it is "rest". */
    static String colour(int i, String name) {
        return name.startsWith("(rest") ? REST : PALETTE[i % PALETTE.length];
    }

    /**
     * The one unit a chart and its table show their values in: for bytes the binary multiple that keeps the
     * largest bar under 10240 of it (B, KiB, MiB, GiB), for counts the count itself.
     *
     * @param name    unit name for headers and the axis ("bytes", "records", "images")
     * @param label   the shown unit ("KiB", "records")
     * @param divisor bytes per shown unit
     */
    record Unit(String name, String label, long divisor) {
        static Unit of(String name, long max) {
            if (!name.equals("bytes")) {
                return new Unit(name, name, 1);
            }
            String[] labels = {"B", "KiB", "MiB", "GiB", "TiB"};
            int i = 0;
            long div = 1;
            while (i < labels.length - 1 && max / div >= 10240) {
                div <<= 10;
                i++;
            }
            return new Unit(name, labels[i], div);
        }

        /** {@code v} in this unit: whole numbers for B and counts, one decimal for the multiples. */
        String format(long v) {
            return divisor == 1 ? Long.toString(v) : String.format(Locale.ROOT, "%.1f", (double) v / divisor);
        }

        /** The header naming the unit: "bytes (KiB)", "records". */
        String header() {
            return divisor == 1 && name.equals(label) ? name : name + " (" + label + ")";
        }
    }

    /** A step of 1, 2 or 5 times a power of ten that cuts {@code max} into at most {@code n} intervals. */
    static double niceStep(double max, int n) {
        if (max <= 0) {
            return 1;
        }
        double raw = max / n;
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= raw) {
                return m * p;
            }
        }
        return 10 * p;
    }

    private static String tick(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /**
     * A stacked-bar chart: {@code values[bar][series]}, bars scaled on one axis (ticks at round values of the
     * chart's {@link Unit}) so that A and B compare by length; each bar's total at its end in the same unit.
     *
     * @param id     element id (tests and anchors)
     * @param bars   bar labels
     * @param series segment names, in stacking order
     * @param unit   unit name ("bytes", "records", "images")
     */
    public static String stackedBars(String id, String title, List<String> bars, List<String> series,
                                     long[][] values, String unit) {
        List<String> colours = new java.util.ArrayList<>();
        for (int s = 0; s < series.size(); s++) {
            colours.add(colour(s, series.get(s)));
        }
        return stackedBars(id, title, bars, series, colours, values, unit);
    }

    /** The largest row total of {@code values}, at least 1 (the scale of a stacked chart). */
    private static long largestTotal(long[][] values) {
        long max = 1;
        for (long[] row : values) {
            long t = 0;
            for (long v : row) {
                t += v;
            }
            max = Math.max(max, t);
        }
        return max;
    }

    /** As {@link #stackedBars(String, String, List, List, long[][], String)} with one colour per series. */
    public static String stackedBars(String id, String title, List<String> bars, List<String> series,
                                     List<String> colours, long[][] values, String unit) {
        if (bars.size() == 1 && series.size() > 1) {
            // one input: a bar per series, so that a small one is as visible as its number (in one stacked bar a
            // category of 0.4% is a sliver no label can point at)
            return seriesBars(id, title, bars.get(0), series, colours, values[0], unit);
        }
        long max = largestTotal(values);
        Unit u = Unit.of(unit, max);
        double step = niceStep((double) max / u.divisor(), 4);
        double axisMax = Math.ceil((double) max / u.divisor() / step) * step;
        double scaleMax = axisMax * u.divisor();
        int longest = 0;
        for (String b : bars) {
            longest = Math.max(longest, b.length());
        }
        int label = Math.max(LABEL, longest * 7 + 10);
        int plot = WIDTH - label - 90;
        int legendCols = 3;
        int legendRows = (series.size() + legendCols - 1) / legendCols;
        int axisY = 28 + bars.size() * (BAR + GAP);
        int height = axisY + AXIS + legendRows * LEGEND_ROW + 6;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"%s\" class=\"chart\" "
                + "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n", esc(id),
                WIDTH, height, WIDTH, height, esc(title + " (" + u.label() + ")")));
        sb.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"16\" class=\"ct\">%s (%s)</text>%n", esc(title),
                esc(u.label())));
        // the axis: a baseline under the bars, a tick and a light grid line at each round value, its unit at the end
        sb.append(String.format(Locale.ROOT, "<g class=\"axis\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                + "stroke=\"#555\"/>%n", label, axisY - GAP / 2, label + plot, axisY - GAP / 2));
        for (int k = 0; k * step <= axisMax + step / 1e6; k++) {
            double x = label + k * step / axisMax * plot;
            sb.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.2f\" y1=\"24\" x2=\"%.2f\" y2=\"%d\" "
                    + "stroke=\"#e4e4e4\"/><line class=\"tick\" x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\" "
                    + "stroke=\"#555\"/><text class=\"tl\" x=\"%.2f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    x, x, axisY - GAP / 2, x, axisY - GAP / 2, x, axisY - GAP / 2 + 4, x, axisY - GAP / 2 + 16,
                    tick(k * step)));
        }
        sb.append(String.format(Locale.ROOT, "<text class=\"tl\" x=\"%d\" y=\"%d\">%s</text></g>%n",
                label + plot + 20, axisY - GAP / 2 + 16, esc(u.label())));
        int y = 28;
        for (int b = 0; b < bars.size(); b++) {
            sb.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"%d\" class=\"bl\">%s</text>%n", y + BAR / 2 + 5,
                    esc(bars.get(b))));
            double x = label;
            long total = 0;
            for (int s = 0; s < series.size(); s++) {
                long v = values[b][s];
                total += v;
                if (v <= 0) {
                    continue;
                }
                double w = (double) v * plot / scaleMax;
                sb.append(String.format(Locale.ROOT, "<rect class=\"seg\" x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" "
                        + "fill=\"%s\"><title>%s %s: %d %s</title></rect>%n", x, y, Math.max(w, 0.5), BAR,
                        colours.get(s), esc(bars.get(b)), esc(series.get(s)), v, unit));
                x += w;
            }
            sb.append(String.format(Locale.ROOT, "<text x=\"%.2f\" y=\"%d\" class=\"bv\">%s %s</text>%n", x + 6,
                    y + BAR / 2 + 5, u.format(total), esc(u.label())));
            y += BAR + GAP;
        }
        y = axisY + AXIS - 8;
        int colW = WIDTH / legendCols;
        for (int s = 0; s < series.size(); s++) {
            int lx = (s % legendCols) * colW;
            int ly = y + (s / legendCols) * LEGEND_ROW;
            sb.append(String.format(Locale.ROOT, "<rect class=\"lg\" x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" "
                    + "fill=\"%s\"/><text x=\"%d\" y=\"%d\" class=\"lt\">%s</text>%n", lx, ly, colours.get(s),
                    lx + 16, ly + 10, esc(ReportText.clip(series.get(s), 34))));
        }
        sb.append("</svg>\n");
        sb.append(table(id, bars, series, values, u));
        return sb.toString();
    }

    /** Height of a row of {@link #seriesBars}. */
    private static final int ROW = 20;
    /** Shortest bar drawn for a value above zero, so that no series vanishes. */
    private static final double MIN_BAR = 2;

    /**
     * The chart of one input ({@code bar} names it, e.g. "PostgreSQL 17"): one horizontal bar per series above
     * zero, in the given order, each with its value at its end, on one axis in the chart's {@link Unit}; no legend
     * (each bar is labelled).
     */
    static String seriesBars(String id, String title, String bar, List<String> series, List<String> colours,
                             long[] values, String unit) {
        long max = 1;
        int longest = 0;
        int rows = 0;
        for (int s = 0; s < series.size(); s++) {
            if (values[s] > 0) {
                max = Math.max(max, values[s]);
                longest = Math.max(longest, ReportText.clip(series.get(s), 34).length());
                rows++;
            }
        }
        Unit u = Unit.of(unit, max);
        double step = niceStep((double) max / u.divisor(), 4);
        double axisMax = Math.ceil((double) max / u.divisor() / step) * step;
        double scaleMax = axisMax * u.divisor();
        // 12px sans-serif: upper-case record type names run to 8 px a character
        int label = Math.max(LABEL, longest * 8 + 10);
        int plot = WIDTH - label - 100;
        int top = 28;
        int axisY = top + Math.max(rows, 1) * ROW + 4;
        int height = axisY + AXIS - 8;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"%s\" class=\"chart\" "
                + "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n", esc(id),
                WIDTH, height, WIDTH, height, esc(title + " (" + u.label() + ")")));
        sb.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"16\" class=\"ct\">%s (%s)</text>%n", esc(title),
                esc(u.label())));
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"16\" class=\"bl\" text-anchor=\"end\">%s</text>%n",
                WIDTH, esc(bar)));
        sb.append(String.format(Locale.ROOT, "<g class=\"axis\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                + "stroke=\"#555\"/>%n", label, axisY, label + plot, axisY));
        for (int k = 0; k * step <= axisMax + step / 1e6; k++) {
            double x = label + k * step / axisMax * plot;
            sb.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\" "
                    + "stroke=\"#e4e4e4\"/><line class=\"tick\" x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\" "
                    + "stroke=\"#555\"/><text class=\"tl\" x=\"%.2f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    x, top - 4, x, axisY, x, axisY, x, axisY + 4, x, axisY + 16, tick(k * step)));
        }
        sb.append(String.format(Locale.ROOT, "<text class=\"tl\" x=\"%d\" y=\"%d\">%s</text></g>%n",
                label + plot + 20, axisY + 16, esc(u.label())));
        int y = top;
        for (int s = 0; s < series.size(); s++) {
            long v = values[s];
            if (v <= 0) {
                continue;
            }
            double w = Math.max((double) v * plot / scaleMax, MIN_BAR);
            sb.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"%d\" class=\"lt\">%s</text>%n", y + 14,
                    esc(ReportText.clip(series.get(s), 34))));
            sb.append(String.format(Locale.ROOT, "<rect class=\"seg\" x=\"%d\" y=\"%d\" width=\"%.2f\" height=\"%d\" "
                    + "fill=\"%s\"><title>%s %s: %d %s</title></rect>%n", label, y + 3, w, ROW - 6, colours.get(s),
                    esc(bar), esc(series.get(s)), v, unit));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.2f\" y=\"%d\" class=\"bv\">%s %s</text>%n",
                    label + w + 6, y + 14, u.format(v), esc(u.label())));
            y += ROW;
        }
        sb.append("</svg>\n");
        long[][] column = new long[1][];
        column[0] = values;
        sb.append(table(id, List.of(bar), series, column, u));
        return sb.toString();
    }

    /**
     * The numbers of a chart in its unit, under it: one row per series and a column per bar, or one row per bar
     * when there are many bars (LSN buckets).
     */
    static String table(String id, List<String> bars, List<String> series, long[][] values, Unit u) {
        boolean rowsAreBars = bars.size() > 3;
        List<String> rows = rowsAreBars ? bars : series;
        List<String> cols = rowsAreBars ? series : bars;
        StringBuilder h = new StringBuilder();
        // the numbers are one click away (a details element, no script): the chart above shows them, the page stays short
        h.append("<details class=\"numbers\"><summary>").append(esc(u.header())).append("</summary>");
        h.append("<div class=\"tw\"><table class=\"data\" id=\"table-").append(esc(id)).append("\"><caption>")
                .append(esc(u.header())).append("</caption><tr><th>").append(rowsAreBars ? "Bucket start" : "Name")
                .append("</th>");
        for (String c : cols) {
            h.append("<th>").append(esc(c)).append("</th>");
        }
        h.append("</tr>\n");
        for (int r = 0; r < rows.size(); r++) {
            h.append("<tr><td>").append(esc(rows.get(r))).append("</td>");
            for (int c = 0; c < cols.size(); c++) {
                long v = rowsAreBars ? values[r][c] : values[c][r];
                h.append("<td>").append(u.format(v)).append("</td>");
            }
            h.append("</tr>\n");
        }
        return h.append("</table></div></details>\n").toString();
    }
}
