package org.walprism.analyzer.report;

import java.util.List;
import java.util.Locale;

/**
 * Inline SVG charts written as text: horizontal stacked bars (one bar per input, one segment per series) with a
 * legend and a tooltip ({@code <title>}) per segment. No scripts, no external resources.
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
     * A stacked-bar chart: {@code values[bar][series]}. Bars are scaled to the largest bar total so A and B
     * compare by length.
     *
     * @param id     element id (tests and anchors)
     * @param bars   bar labels (A, B)
     * @param series segment names, in stacking order
     * @param unit   unit for tooltips ("bytes", "records")
     */
    public static String stackedBars(String id, String title, List<String> bars, List<String> series,
                                     long[][] values, String unit) {
        List<String> colours = new java.util.ArrayList<>();
        for (int s = 0; s < series.size(); s++) {
            colours.add(colour(s, series.get(s)));
        }
        return stackedBars(id, title, bars, series, colours, values, unit);
    }

    /** As {@link #stackedBars(String, String, List, List, long[][], String)} with one colour per series. */
    public static String stackedBars(String id, String title, List<String> bars, List<String> series,
                                     List<String> colours, long[][] values, String unit) {
        long max = 1;
        for (long[] row : values) {
            long t = 0;
            for (long v : row) {
                t += v;
            }
            max = Math.max(max, t);
        }
        int longest = 0;
        for (String b : bars) {
            longest = Math.max(longest, b.length());
        }
        int label = Math.max(LABEL, longest * 7 + 10);
        int plot = WIDTH - label - 110;
        int legendCols = 3;
        int legendRows = (series.size() + legendCols - 1) / legendCols;
        int height = 28 + bars.size() * (BAR + GAP) + 8 + legendRows * LEGEND_ROW + 6;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"%s\" class=\"chart\" "
                + "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n", esc(id),
                WIDTH, height, WIDTH, height, esc(title)));
        sb.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"16\" class=\"ct\">%s</text>%n", esc(title)));
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
                double w = (double) v * plot / max;
                sb.append(String.format(Locale.ROOT, "<rect class=\"seg\" x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" "
                        + "fill=\"%s\"><title>%s %s: %d %s</title></rect>%n", x, y, Math.max(w, 0.5), BAR,
                        colours.get(s), esc(bars.get(b)), esc(series.get(s)), v, unit));
                x += w;
            }
            sb.append(String.format(Locale.ROOT, "<text x=\"%.2f\" y=\"%d\" class=\"bv\">%s</text>%n", x + 6,
                    y + BAR / 2 + 5, esc(human(total, unit))));
            y += BAR + GAP;
        }
        y += 8;
        int colW = WIDTH / legendCols;
        for (int s = 0; s < series.size(); s++) {
            int lx = (s % legendCols) * colW;
            int ly = y + (s / legendCols) * LEGEND_ROW;
            sb.append(String.format(Locale.ROOT, "<rect class=\"lg\" x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" "
                    + "fill=\"%s\"/><text x=\"%d\" y=\"%d\" class=\"lt\">%s</text>%n", lx, ly, colours.get(s),
                    lx + 16, ly + 10, esc(ReportText.clip(series.get(s), 34))));
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    /** {@code 1.8 MB}, {@code 264 records}. */
    static String human(long v, String unit) {
        if (!unit.equals("bytes")) {
            return v + " " + unit;
        }
        if (v >= 10L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MiB", v / 1048576.0);
        }
        if (v >= 10L * 1024) {
            return String.format(Locale.ROOT, "%.1f KiB", v / 1024.0);
        }
        return v + " B";
    }
}
