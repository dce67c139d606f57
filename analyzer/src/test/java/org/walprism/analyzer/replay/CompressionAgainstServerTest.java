package org.walprism.analyzer.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.walprism.analyzer.stats.StatsRow;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage.Compression;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * {@code replay --compression} against the real thing: one workload captured twice by the same server, once with
 * {@code wal_compression=off} and once with it on. The uncompressed capture replayed with the method must have, per
 * record type, the FPI bytes the server wrote with it on (its {@code pg_waldump --stats=record}, captured beside it),
 * within 2%: the pages are not byte-identical between two runs (xids, LSNs and hint bits differ), the method is.
 */
class CompressionAgainstServerTest {
    /** {@code NAME  N (%)  record size (%)  FPI size (%) ...} of pg_waldump --stats=record. */
    private static final Pattern ROW = Pattern.compile(
            "^(\\S+)\\s+(\\d+)\\s+\\(\\s*[\\d.]+\\)\\s+(\\d+)\\s+\\(\\s*[\\d.]+\\)\\s+(\\d+)\\s+\\(.*");

    /** FPI bytes per record type in the capture's pg_waldump --stats=record oracle. */
    static Map<String, Long> serverFpi(Capture c) throws IOException {
        Map<String, Long> m = new TreeMap<>();
        for (String line : Files.readAllLines(c.oracle("waldump-stats-record.txt"))) {
            Matcher x = ROW.matcher(line);
            if (x.matches() && !x.group(1).equals("Total") && Long.parseLong(x.group(4)) > 0) {
                m.put(x.group(1), Long.parseLong(x.group(4)));
            }
        }
        return m;
    }

    @ParameterizedTest(name = "{0} with {2} vs {1}")
    @CsvSource({"15/vacuum_indexed_1518, 15/vacuum_indexed_lz4, lz4", "15/vacuum_indexed_1518, 15/vacuum_indexed_zstd, zstd",
        "19/vacuum_noindex, 19/vacuum_noindex_pglz, pglz", "19/vacuum_noindex, 19/vacuum_noindex_lz4, lz4",
        "19/vacuum_noindex, 19/vacuum_noindex_zstd, zstd", "13/vacuum_noindex, 13/vacuum_noindex_pglz, on",
        "16/vacuum_noindex, 16/vacuum_noindex_pglz, pglz", "17/vacuum_noindex, 17/vacuum_noindex_pglz, pglz"})
    void replayedFpiBytesAreWithin2PercentOfTheCompressedCapturePerRecordType(String off, String on, String method)
            throws IOException {
        Capture plain = TestData.capture(off);
        Capture real = TestData.capture(on);
        assertEquals(plain.provenance().replaceAll(".*server (.*?) from.*", "$1"),
                real.provenance().replaceAll(".*server (.*?) from.*", "$1"), "the same server made both");
        assertEquals("off", plain.settings().get("wal_compression"));
        assertEquals(method, real.settings().get("wal_compression"));
        WalVersion v = WalVersion.fromLabel(plain.versionLabel());
        Replayer.Result r = Replayer.replay(plain.storedDir().resolve("wal"), plain.startLsn(), plain.endLsn(), 0, v,
                method.equals("on") ? Compression.PGLZ : Compression.valueOf(method.toUpperCase()));
        Map<String, Long> ours = new TreeMap<>();
        Map<String, Long> uncompressed = new TreeMap<>();
        for (StatsRow row : r.afterStats().rows(true)) {
            if (row.fpiSize() > 0) {
                ours.put(row.name(), row.fpiSize());
            }
        }
        for (StatsRow row : r.beforeStats().rows(true)) {
            if (row.fpiSize() > 0) {
                uncompressed.put(row.name(), row.fpiSize());
            }
        }
        Map<String, Long> server = serverFpi(real);
        assertEquals(server.keySet(), ours.keySet(), "record types with images");
        List<String> off2 = new ArrayList<>();
        StringBuilder table = new StringBuilder();
        long sumOurs = 0;
        long sumServer = 0;
        for (var e : server.entrySet()) {
            long o = ours.get(e.getKey());
            long s = e.getValue();
            sumOurs += o;
            sumServer += s;
            double rel = (o - s) * 100.0 / s;
            table.append(String.format("  %-28s uncompressed %9d  replayed %9d  server %9d  %+6.2f%%%n", e.getKey(),
                    uncompressed.getOrDefault(e.getKey(), 0L), o, s, rel));
            if (Math.abs(rel) > 2.0) {
                off2.add(e.getKey() + String.format(" %+.2f%%", rel));
            }
        }
        System.out.printf("%s with %s vs %s: FPI bytes replayed %d, server %d (%+.2f%%)%n%s", off, method, on, sumOurs,
                sumServer, (sumOurs - sumServer) * 100.0 / sumServer, table);
        assertTrue(sumServer > 10_000, "server FPI bytes " + sumServer);
        assertEquals(List.of(), off2, "record types off by more than 2%");
    }
}
