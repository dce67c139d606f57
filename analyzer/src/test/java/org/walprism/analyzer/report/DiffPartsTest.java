package org.walprism.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.analyzer.diff.Explanation;
import org.walprism.analyzer.diff.Sides;
import org.walprism.analyzer.diff.StreamDiff;
import org.walprism.testdata.Capture;

/**
 * {@code diff} of every corpus pair that differs only in data checksums, both ways: the hint-bit cause's impact is
 * the net change of the Totals' bytes, not the hint-bit images' gross bytes, and the parts of every explanation, as
 * the text and the JSON print them, add up to the Totals' change of bytes.
 */
class DiffPartsTest {
    private static final Pattern TOTAL_BYTES = Pattern.compile("(?m)^bytes +\\d+ +\\d+ +([+-]\\d+) ");
    private static final Pattern TEXT_PART = Pattern.compile("^ {4} *([+-]\\d+) {2}(\\S.*)$");
    private static final Pattern JSON_EXPLANATION = Pattern.compile(
            "\"id\": \"(\\w+)\",\\s*\"main\": \\w+,\\s*\"impact_bytes\": (-?\\d+),\\s*\"text\": \"(?:[^\"\\\\]|\\\\.)*\","
            + "\\s*\"parts\": \\[(.*?)\\]", Pattern.DOTALL);
    private static final Pattern JSON_PART_BYTES = Pattern.compile("\"bytes\": (-?\\d+)");
    private static final Pattern JSON_TOTALS = Pattern.compile("\"section\": \"totals\",\\s*\"metric\": \"bytes\","
            + "\\s*\"rows\": \\[\\s*\\{\\s*\"name\": \"all\",\\s*\"a\": \\d+,\\s*\"b\": \\d+,\\s*\"delta\": (-?\\d+)");

    static Stream<Arguments> pairs() {
        List<Arguments> out = new ArrayList<>();
        for (Capture[] p : Sides.checksumPairs()) {
            out.add(Arguments.of(p[0], p[1]));
            out.add(Arguments.of(p[1], p[0]));
        }
        assertFalse(out.isEmpty(), "the corpus has capture pairs without and with data checksums");
        return out.stream();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("pairs")
    void hintCauseIsTheNetChangeInParts(Capture a, Capture b) {
        StreamDiff d = new StreamDiff(Sides.of(a), Sides.of(b));
        long totalDelta = d.find("totals", "bytes").rows().get(0).delta();
        Explanation hint = d.explanations().get(0);
        assertEquals("hint_fpi", hint.id(), () -> "explanations: " + d.explanations());
        long gross = d.b().summary().get("record_type", "XLOG/FPI_FOR_HINT", "bytes")
                - d.a().summary().get("record_type", "XLOG/FPI_FOR_HINT", "bytes");
        assertNotEquals(gross, hint.impactBytes(), "the impact is not the hint-bit images' gross bytes");
        // the same workload on both sides: the change is all the cause's, nothing left to others
        assertEquals(totalDelta, hint.impactBytes(), "the net change of the Totals");
        Explanation.Part last = hint.parts().get(hint.parts().size() - 1);
        assertEquals(Explanation.OTHER, last.key());
        assertEquals(0, last.bytes(), () -> "bytes the hint-bit cause leaves unexplained: " + hint.parts());
        assertTrue(hint.parts().stream().anyMatch(p -> p.key().equals("main_fork_images")), hint.parts()::toString);
        assertTrue(hint.parts().stream().anyMatch(p -> p.key().equals("record_headers")), hint.parts()::toString);
        for (Explanation e : d.explanations()) {
            assertEquals(totalDelta, e.parts().stream().mapToLong(Explanation.Part::bytes).sum(), e.id());
            assertEquals(e.impactBytes(), totalDelta - e.parts().get(e.parts().size() - 1).bytes(), e.id());
        }
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("pairs")
    void textPartsAddUpToTheTotals(Capture a, Capture b) {
        String text = DiffFormatter.format(new StreamDiff(Sides.of(a), Sides.of(b)), OutputFormat.TEXT);
        Matcher t = TOTAL_BYTES.matcher(text);
        assertTrue(t.find(), text);
        long totalDelta = Long.parseLong(t.group(1));
        String explanations = text.substring(text.indexOf("Explanations"), text.indexOf("\nTotals"));
        int blocks = 0;
        long sum = 0;
        for (String line : explanations.split("\n")) {
            Matcher m = TEXT_PART.matcher(line);
            if (!m.matches()) {
                continue;
            }
            long bytes = Long.parseLong(m.group(1));
            if (m.group(2).startsWith("= Totals bytes")) {
                assertEquals(totalDelta, sum, "parts of explanation " + (blocks + 1) + " in\n" + explanations);
                assertEquals(totalDelta, bytes, explanations);
                blocks++;
                sum = 0;
            } else {
                sum += bytes;
            }
        }
        assertTrue(blocks > 0, () -> "no explanation lists its parts:\n" + explanations);
        assertEquals(0, sum, "part lines after the last sum line");
        assertTrue(explanations.contains("[hint_fpi] Hint-bit images"), explanations);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("pairs")
    void jsonPartsAddUpToTheTotals(Capture a, Capture b) {
        String json = DiffFormatter.format(new StreamDiff(Sides.of(a), Sides.of(b)), OutputFormat.JSON);
        Matcher t = JSON_TOTALS.matcher(json);
        assertTrue(t.find(), json);
        long totalDelta = Long.parseLong(t.group(1));
        Matcher e = JSON_EXPLANATION.matcher(json);
        int n = 0;
        while (e.find()) {
            long sum = 0;
            long other = 0;
            Matcher p = JSON_PART_BYTES.matcher(e.group(3));
            while (p.find()) {
                other = Long.parseLong(p.group(1));
                sum += other;
            }
            assertEquals(totalDelta, sum, e.group(1) + ": parts " + e.group(3));
            assertEquals(totalDelta - other, Long.parseLong(e.group(2)), e.group(1) + ": impact_bytes");
            if (n == 0) {
                assertEquals("hint_fpi", e.group(1));
                assertEquals(totalDelta, Long.parseLong(e.group(2)), "hint_fpi impact_bytes is the net change");
            }
            n++;
        }
        assertTrue(n > 0, json);
    }
}
