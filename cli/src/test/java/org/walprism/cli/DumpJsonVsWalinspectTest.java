package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * {@code dump --format json} against pg_walinspect's {@code pg_get_wal_records_info} (the corpus' records.tsv):
 * every record's {@code start_lsn}, {@code end_lsn}, {@code prev_lsn}, {@code xid}, {@code resource_manager},
 * {@code record_type}, {@code record_length}, {@code main_data_length}, {@code fpi_length}, {@code description}
 * and {@code block_ref} as pg_walinspect printed them; and {@code -b} adding the image details.
 */
class DumpJsonVsWalinspectTest {

    private static final List<String> COLUMNS = List.of("start_lsn", "end_lsn", "prev_lsn", "xid", "resource_manager",
            "record_type", "record_length", "main_data_length", "fpi_length", "description", "block_ref");

    static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    private static String[] dump(Capture c, String... extra) {
        List<String> a = new ArrayList<>(List.of("dump", "--format", "json", "-p", c.walDir().toString(), "-s",
                Lsn.format(c.startLsn(), true), "-e", Lsn.format(c.endLsn(), true)));
        a.addAll(List.of(extra));
        return run(a.toArray(String[]::new));
    }

    /** The value of top-level key {@code key} of one JSON line, as psql's unaligned output shows it ("" for null). */
    static String value(String json, String key) {
        Matcher m = Pattern.compile("\"" + key + "\":(null|-?[0-9]+|\"((?:[^\"\\\\]++|\\\\.)*+)\")").matcher(json);
        assertTrue(m.find(), key + " missing in " + json);
        if (m.group(1).equals("null")) {
            return "";
        }
        if (m.group(2) == null) {
            return m.group(1);
        }
        return m.group(2).replace("\\\"", "\"").replace("\\n", "\n").replace("\\t", "\t").replace("\\\\", "\\");
    }

    @TestFactory
    Stream<DynamicTest> everyRecordEqualsPgGetWalRecordsInfo() {
        List<Capture> with = TestData.captures().stream().filter(c -> c.has("records.tsv")).toList();
        assertFalse(with.isEmpty(), "no capture has records.tsv");
        return with.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            List<String> tsv = c.oracleText("records.tsv").lines().toList();
            // -j 1 takes the reader's end of each record, -j 2 computes it (parallel printers have no reader)
            for (String jobs : c.name().startsWith("18/") ? List.of("1", "2") : List.of("2")) {
                String[] r = dump(c, "-j", jobs);
                assertEquals("0", r[0], r[2]);
                List<String> lines = r[1].lines().toList();
                assertEquals(tsv.size(), lines.size(), c + " -j " + jobs);
                List<String> failures = new ArrayList<>();
                for (int i = 0; i < lines.size() && failures.size() < 5; i++) {
                    String[] want = tsv.get(i).split("\t", -1);
                    for (int k = 0; k < COLUMNS.size(); k++) {
                        String got = value(lines.get(i), COLUMNS.get(k));
                        if (!got.equals(want[k])) {
                            failures.add(want[0] + " " + COLUMNS.get(k) + ": pg_walinspect \"" + want[k]
                                    + "\", walprism \"" + got + "\"");
                        }
                    }
                }
                assertTrue(failures.isEmpty(), c + " -j " + jobs + ":\n" + String.join("\n", failures));
            }
        }));
    }

    @Test
    void blockDetailsAddTheImages() {
        Capture c = TestData.capture("18/vacuum_noindex");
        String[] plain = dump(c, "-n", "3");
        String[] details = dump(c, "-n", "3", "-b");
        assertEquals("0", details[0], details[2]);
        assertNotEquals(plain[1], details[1]);
        assertFalse(plain[1].contains("\"image\""), plain[1]);
        // the first record of the range carries a full-page image (records.tsv: "(FPW); hole: offset: 376, ...")
        String first = details[1].lines().findFirst().orElseThrow();
        assertTrue(first.contains("\"image\":{\"block_fpi_length\":7064,\"hole_offset\":376,\"hole_length\":1128,"),
                first);
        assertEquals(plain[1].lines().count(), details[1].lines().count());
    }
}
