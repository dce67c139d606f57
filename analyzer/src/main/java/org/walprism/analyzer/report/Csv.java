package org.walprism.analyzer.report;

/** RFC 4180 quoting of one CSV field. */
final class Csv {
    private Csv() {
    }

    static String field(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    static String row(Object... cells) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(field(String.valueOf(cells[i])));
        }
        return sb.append('\n').toString();
    }
}
