package org.walprism.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.diff.Sides;
import org.walprism.analyzer.diff.StreamDiff;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** Text fits 80 columns; JSON is balanced and carries the documented keys; CSV rows have constant width. */
class FormatterTest {

    static List<Capture> captures() {
        return TestData.captures();
    }

    private static void fits80(String text) {
        for (String line : text.split("\n")) {
            assertTrue(line.length() <= 80, "longer than 80 columns (" + line.length() + "): " + line);
        }
    }

    /** Structural JSON check: balanced brackets outside strings, no trailing commas. */
    static void wellFormedJson(String json) {
        int depth = 0;
        boolean str = false;
        char last = 0;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (str) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    str = false;
                }
                continue;
            }
            if (c == '"') {
                str = true;
            } else if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                assertTrue(last != ',', "trailing comma at " + i);
                depth--;
                assertTrue(depth >= 0, "unbalanced at " + i);
            }
            if (!Character.isWhitespace(c)) {
                last = c;
            }
        }
        assertEquals(0, depth, "balanced");
        assertTrue(!str, "strings closed");
    }

    private static void csvRectangular(String csv, int columns) {
        for (String line : csv.split("\n")) {
            int n = 1;
            boolean q = false;
            for (char c : line.toCharArray()) {
                if (c == '"') {
                    q = !q;
                } else if (c == ',' && !q) {
                    n++;
                }
            }
            assertEquals(columns, n, line);
        }
    }

    @ParameterizedTest
    @MethodSource("captures")
    void categoriesInEveryFormat(Capture c) {
        CategoryStats s = CategoryAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0);
        String text = CategoryFormatter.format(s, OutputFormat.TEXT);
        fits80(text);
        assertTrue(text.contains(s.records() + " records, " + s.bytes() + " bytes"));
        String json = CategoryFormatter.format(s, OutputFormat.JSON);
        wellFormedJson(json);
        for (String key : new String[] {"\"version\"", "\"totals\"", "\"category\"", "\"record_type\"", "\"part\"",
            "\"fpi_cause\"", "\"fpi_compression\"", "\"fpi_fork\"", "\"fpi\"", "\"layout\"", "\"relations\"",
            "\"lsn_buckets\"", "\"parts\""}) {
            assertTrue(json.contains(key + ": "), key);
        }
        assertTrue(json.contains("\"records\": " + s.records()), "records total in JSON");
        String csv = CategoryFormatter.format(s, OutputFormat.CSV);
        csvRectangular(csv, 4);
        assertTrue(csv.contains("totals,all,bytes," + s.bytes() + "\n"), "bytes total in CSV");
    }

    @Test
    void diffInEveryFormat() {
        StreamDiff d = new StreamDiff(Sides.of(TestData.captures().get(0)),
                Sides.of(TestData.captures().get(TestData.captures().size() - 1)));
        fits80(DiffFormatter.format(d, OutputFormat.TEXT));
        String json = DiffFormatter.format(d, OutputFormat.JSON);
        wellFormedJson(json);
        for (String key : new String[] {"\"a\"", "\"b\"", "\"explanations\"", "\"tables\"", "\"section\"",
            "\"metric\"", "\"rows\"", "\"delta\"", "\"relative\""}) {
            assertTrue(json.contains(key + ": "), key);
        }
        csvRectangular(DiffFormatter.format(d, OutputFormat.CSV), 7);
    }
}
