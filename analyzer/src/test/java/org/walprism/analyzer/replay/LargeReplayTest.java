package org.walprism.analyzer.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.walprism.analyzer.generate.Calibration;
import org.walprism.codec.WalVersion;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Replay at the scale of the issues' seeds, where the 13-16 classification of a lone PRUNE (VACUUM's scan or
 * an on-access prune) decides the 17+ record mix: a 3.5M-row table with an index vacuumed with
 * {@code maintenance_work_mem = 1MB} (many index passes), and a 4M-row table without an index where every
 * 7th row was updated.
 *
 * <p>The captures are hundreds of MB and stay out of git ({@code testdata/large}, made by
 * {@code capture.sh --large}); what PostgreSQL said about each target capture ({@code pg_get_wal_stats} per
 * record type) is committed under {@code testdata/large-oracles}. The test replays a source when it is present
 * (16 as 17, 18 and 19; 17 and 18 as 19: the 19 design logs the visibility-map bits inside the prune record,
 * so each source's VISIBLE records must vanish into it) and compares with the committed oracle: each Heap2
 * record type's count within 2% (or one record), Heap2 bytes within 5%. When a target capture is present as
 * well, its own stats.tsv must equal the committed one, so the committed numbers stay what the server said.
 */
class LargeReplayTest {

    private static Path large(String name) {
        return TestData.root().resolve("large").resolve(name);
    }

    private static Path oracle(String name) {
        return TestData.root().resolve("large-oracles").resolve(name).resolve("stats.tsv");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A stats.tsv without its Standby/RUNNING_XACTS row: the background writer logs a standby snapshot when 15 s
     * have passed with WAL written (LOG_SNAPSHOT_INTERVAL_MS, bgwriter.c), so a capture made again has it or not.
     */
    static String withoutTimedRecords(String statsTsv) {
        StringBuilder sb = new StringBuilder();
        for (String line : statsTsv.lines().toList()) {
            if (!line.startsWith("Standby/RUNNING_XACTS\t")) {
                sb.append(line).append('\n');
            }
        }
        return sb.toString();
    }

    @ParameterizedTest(name = "{0} as {1}")
    @CsvSource({
        "16/vacuum_indexed_3500k, 17/vacuum_indexed_3500k",
        "16/vacuum_indexed_3500k, 18/vacuum_indexed_3500k",
        "16/vacuum_noindex, 17/vacuum_noindex",
        "16/vacuum_noindex, 18/vacuum_noindex",
        "16/vacuum_indexed_3500k, 19/vacuum_indexed_3500k",
        "17/vacuum_indexed_3500k, 19/vacuum_indexed_3500k",
        "18/vacuum_indexed_3500k, 19/vacuum_indexed_3500k",
        "16/vacuum_noindex, 19/vacuum_noindex",
        "17/vacuum_noindex, 19/vacuum_noindex",
        "18/vacuum_noindex, 19/vacuum_noindex",
    })
    void replayedSeedScaleVacuumMatchesTheRealCaptureTypeByType(String source, String target) {
        Path oracleFile = oracle(target);
        assertTrue(Files.isRegularFile(oracleFile), "committed oracle missing: " + oracleFile);
        String oracleTsv = read(oracleFile);
        Path targetDir = large(target);
        if (Files.isRegularFile(targetDir.resolve("stats.tsv"))) {
            assertEquals(withoutTimedRecords(oracleTsv), withoutTimedRecords(read(targetDir.resolve("stats.tsv"))),
                    "the committed oracle is no longer what the capture in " + targetDir + " says");
        }
        Path sourceDir = large(source);
        Assumptions.assumeTrue(Files.isRegularFile(sourceDir.resolve("capture.meta")),
                "no " + sourceDir + ": make it with testdata/capture/capture.sh --large (see testdata/README.md)");
        Capture src = TestData.fromDirectory(sourceDir);
        ReplayDiff.Outcome o = ReplayDiff.run(src.walDir(), src.startLsn(), src.endLsn(), 0,
                WalVersion.fromLabel(target.substring(0, target.indexOf('/'))), src.name());
        Map<String, Long> got = ReplayTest.heap2Types(o.diff().b().summary());
        Map<String, Long> want = new TreeMap<>();
        Calibration.heap2FromStatsTsv(oracleTsv).forEach((k, v) -> {
            if (v.count() > 0) {
                want.put(k, v.count());
            }
        });
        long[] gotTotals = ReplayTest.heap2(o.diff().b().summary());
        long wantBytes = Calibration.heap2FromStatsTsv(oracleTsv).values().stream()
                .mapToLong(Calibration.Numbers::combined).sum();
        List<String> lines = new ArrayList<>();
        lines.add(source + " as " + target + ": Heap2 bytes " + gotTotals[1] + " (real " + wantBytes + ")");
        Set<String> types = new TreeSet<>(got.keySet());
        types.addAll(want.keySet());
        boolean ok = Math.abs(gotTotals[1] - wantBytes) <= 0.05 * wantBytes;
        for (String t : types) {
            long g = got.getOrDefault(t, 0L);
            long w = want.getOrDefault(t, 0L);
            lines.add("  " + t + ": " + g + " (real " + w + ")");
            ok &= Math.abs(g - w) <= Math.max(1, 0.02 * w);
        }
        System.out.println(String.join("\n", lines));
        if (!ok) {
            fail(String.join("\n", lines));
        }
    }
}
