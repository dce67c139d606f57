package org.walprism.analyzer.categories;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Index-vacuum records and hint-bit / XLOG FPI images have categories of their own instead of "other": on every
 * capture with pg_waldump's {@code --stats=record} output, each such category holds exactly the records, bytes and
 * image bytes pg_waldump counts for its record types.
 */
class IndexVacuumAndHintCategoryTest {

    private static final Map<String, String> CATEGORY_OF = Map.ofEntries(Map.entry("XLOG/FPI_FOR_HINT", "hint"),
            Map.entry("XLOG/FPI", "xlog_fpi"), Map.entry("Btree/VACUUM", "index_vacuum"),
            Map.entry("Btree/MARK_PAGE_HALFDEAD", "index_vacuum"), Map.entry("Btree/UNLINK_PAGE", "index_vacuum"),
            Map.entry("Btree/UNLINK_PAGE_META", "index_vacuum"), Map.entry("Hash/DELETE", "index_vacuum"),
            Map.entry("Gin/VACUUM_PAGE", "index_vacuum"), Map.entry("Gin/VACUUM_DATA_LEAF_PAGE", "index_vacuum"),
            Map.entry("Gin/DELETE_PAGE", "index_vacuum"), Map.entry("Gist/PAGE_DELETE", "index_vacuum"),
            Map.entry("SPGist/VACUUM_LEAF", "index_vacuum"), Map.entry("SPGist/VACUUM_ROOT", "index_vacuum"),
            Map.entry("SPGist/VACUUM_REDIRECT", "index_vacuum"));

    @TestFactory
    Stream<DynamicTest> categoriesHoldWhatPgWaldumpCountsForTheirTypes() {
        return TestData.captures().stream().filter(c -> c.has("waldump-stats-record.txt"))
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
    }

    private static void check(Capture c) {
        // pg_waldump --stats=record: Type, N, (%), Record size, (%), FPI size, (%), Combined size, (%)
        Map<String, long[]> expected = new HashMap<>();
        for (String cat : new String[] {"hint", "xlog_fpi", "index_vacuum"}) {
            expected.put(cat, new long[3]);
        }
        for (String line : c.oracleText("waldump-stats-record.txt").lines().toList()) {
            // without the bracketed percentages: Type, N, Record size, FPI size, Combined size
            String[] f = line.replaceAll("\\([^)]*\\)", " ").trim().split("\\s+");
            String cat = f.length == 5 ? CATEGORY_OF.get(f[0]) : null;
            if (cat != null) {
                long[] e = expected.get(cat);
                e[0] += Long.parseLong(f[1]);
                e[1] += Long.parseLong(f[4]);
                e[2] += Long.parseLong(f[3]);
            }
        }
        CategorySummary s = new CategorySummary(CategoryAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0, 0,
                2));
        for (Map.Entry<String, long[]> e : expected.entrySet()) {
            String cat = e.getKey();
            assertEquals(e.getValue()[0], s.get("category", cat, "records"), c + " " + cat + " records");
            assertEquals(e.getValue()[1], s.get("category", cat, "bytes"), c + " " + cat + " bytes");
            assertEquals(e.getValue()[2], s.get("category", cat, "fpi_bytes"), c + " " + cat + " FPI bytes");
            assertEquals(e.getValue()[2], s.get("fpi_cause", cat, "stored_bytes"), c + " " + cat + " cause");
        }
        if (c.name().equals("15/vacuum_indexed_pglz")) {
            // the capture the issue names: 79% of its bytes were "other"
            assertTrue(s.get("category", "other", "bytes") * 100 < s.get("totals", "all", "bytes"),
                    "other is under 1% of the bytes");
        }
    }
}
