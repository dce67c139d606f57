package org.walprism.analyzer.report;

/** Small text helpers shared by the report writers. */
final class ReportText {
    private ReportText() {
    }

    static String clip(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "~";
    }
}
