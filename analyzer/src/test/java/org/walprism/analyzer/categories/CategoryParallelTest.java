package org.walprism.analyzer.categories;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.analyzer.report.CategoryFormatter;
import org.walprism.analyzer.report.OutputFormat;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The attribution is the same whatever the number of threads: every capture read on one thread (one pass) and on
 * 2 and 4 (one chunk per segment, merged) gives the same JSON, layout, relations and LSN buckets included, for the
 * measured range and for the whole directory.
 */
class CategoryParallelTest {

    static List<Capture> captures() {
        return TestData.captures();
    }

    private static String json(Capture c, long start, long end, long bucket, int threads) {
        CategoryStats s = CategoryAnalyzer.analyze(c.walDir(), start, end, 0, bucket, threads);
        return CategoryFormatter.format(s, OutputFormat.JSON);
    }

    @ParameterizedTest
    @MethodSource("captures")
    void everyJobCountGivesTheSameResult(Capture c) {
        long[][] ranges = {{c.startLsn(), c.endLsn()}, {0, 0}};
        for (long[] r : ranges) {
            for (long bucket : new long[] {0, 65536}) {
                String one = json(c, r[0], r[1], bucket, 1);
                assertTrue(one.contains("\"records\""), one);
                for (int threads : new int[] {2, 4}) {
                    assertEquals(one, json(c, r[0], r[1], bucket, threads),
                            c + " range " + Long.toHexString(r[0]) + ".." + Long.toHexString(r[1]) + " bucket "
                                    + bucket + ": -j 1 vs -j " + threads);
                }
            }
        }
    }

    /** The comparison above merges chunks: most measured ranges cross segment boundaries. */
    @Test
    void measuredRangesSpanSeveralSegments() {
        long multi = captures().stream()
                .filter(c -> (c.endLsn() - 1) / c.segmentSize() > c.startLsn() / c.segmentSize()).count();
        assertTrue(multi * 2 > captures().size(), multi + " of " + captures().size() + " captures span segments");
    }
}
