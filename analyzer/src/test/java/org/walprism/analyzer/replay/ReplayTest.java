package org.walprism.analyzer.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.generate.Calibration;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** Replay across designs against the corpus captures. */
class ReplayTest {
    static final List<String> WORKLOADS = List.of("vacuum_indexed", "vacuum_noindex", "hot_updates",
            "hot_updates_checksums", "vacuum_indexed_checksums", "vacuum_noindex_checksums", "vacuum_indexed_multipass",
            "vacuum_interleaved", "vacuum_concurrent");

    /** The capture of {@code workload} in {@code version}; throws when the corpus has none. */
    static Capture find(String version, String workload) {
        return TestData.capture(version + "/" + workload);
    }

    /** The capture of {@code workload} in {@code version} if the corpus has one (the replay matrix is sparse). */
    static Capture optional(String version, String workload) {
        for (Capture c : TestData.captures(version)) {
            if (c.workload().equals(workload)) {
                return c;
            }
        }
        return null;
    }

    static Replayer.Result replay(Capture c, WalVersion to) {
        return Replayer.replay(c.storedDir().resolve("wal"), c.startLsn(), c.endLsn(), to);
    }

    static long[] heap2(Replayer.Result r, boolean after) {
        return heap2(r.summary(), after);
    }

    static long[] heap2(Replayer.Summary r, boolean after) {
        var stats = after ? r.afterStats() : r.beforeStats();
        long n = 0;
        long bytes = 0;
        for (var row : stats.rows(true)) {
            if (row.name().startsWith("Heap2/")) {
                n += row.count();
                bytes += row.combinedSize();
            }
        }
        return new long[] {n, bytes};
    }

    @Test
    void replayingIntoTheSameDesignReproducesHeap2RecordsAndBytesExactly() {
        int checked = 0;
        for (String w : WORKLOADS) {
            for (String v : List.of("19", "19beta1", "19beta3")) {
                Capture c = optional(v, w);
                if (c == null) {
                    continue;
                }
                Replayer.Result r = replay(c, WalVersion.fromLabel(v));
                assertEquals(heap2(r, false)[0], heap2(r, true)[0], c.name() + " heap2 records");
                assertEquals(heap2(r, false)[1], heap2(r, true)[1], c.name() + " heap2 bytes");
                assertEquals(r.before().size(), r.after().size(), c.name() + " records");
                checked++;
            }
        }
        assertTrue(checked > 0);
    }

    @Test
    void replayingPg19VacuumAsPg16SplitsEachPageStepIntoSeparateRecords() {
        Capture c = find("19", "vacuum_indexed");
        Replayer.Result r = replay(c, WalVersion.PG16);
        Map<String, long[]> t = Replayer.table(r);
        // 133 dead pages: PRUNE, later VACUUM + VISIBLE; 132 freeze-only pages: FREEZE_PAGE + VISIBLE;
        // page 132 holds both: PRUNE + FREEZE_PAGE, later VACUUM + VISIBLE
        assertEquals(133, t.get("Heap2/PRUNE")[2]);
        assertEquals(134, t.get("Heap2/FREEZE_PAGE")[2]);
        assertEquals(133, t.get("Heap2/VACUUM")[2]);
        assertEquals(266, t.get("Heap2/VISIBLE")[2]);
        assertFalse(t.containsKey("Heap2/PRUNE_VACUUM_SCAN") && t.get("Heap2/PRUNE_VACUUM_SCAN")[2] > 0);
        // FPIs move, they are not invented or lost
        long fpiBefore = r.before().stream().filter(e -> e.rmid() == RmgrTable.HEAP2).mapToLong(e -> e.fpiLength()).sum();
        long fpiAfter = r.after().stream().filter(e -> e.rmid() == RmgrTable.HEAP2).mapToLong(e -> e.fpiLength()).sum();
        assertEquals(fpiBefore, fpiAfter);
    }

    /** Heap2 records and bytes of one side of a diff, from its record_type section. */
    static long[] heap2(CategorySummary s) {
        long n = 0;
        long bytes = 0;
        for (var e : s.section("record_type").entrySet()) {
            if (e.getKey().startsWith("Heap2/")) {
                n += e.getValue().getOrDefault("records", 0L);
                bytes += e.getValue().getOrDefault("bytes", 0L);
            }
        }
        return new long[] {n, bytes};
    }

    /** Heap2 record counts per type (pg_waldump's "Heap2/TYPE") of one side of a diff. */
    static Map<String, Long> heap2Types(CategorySummary s) {
        Map<String, Long> out = new java.util.TreeMap<>();
        for (var e : s.section("record_type").entrySet()) {
            long n = e.getValue().getOrDefault("records", 0L);
            if (e.getKey().startsWith("Heap2/") && n > 0) {
                out.put(e.getKey(), n);
            }
        }
        return out;
    }

    /** Heap2 record counts per type of a real capture, from the same oracle as {@link #heap2(Capture)}. */
    static Map<String, Long> heap2Types(Capture real) {
        var rows = real.has("stats.tsv") ? Calibration.heap2FromStatsTsv(real.oracleText("stats.tsv"))
                : real.has("waldump-stats-record.txt")
                ? Calibration.heap2FromWaldumpStats(real.oracleText("waldump-stats-record.txt"))
                : Calibration.heap2(StatsCollector.collect(real.walDir(), real.startLsn(), real.endLsn(), 0, 1));
        Map<String, Long> out = new java.util.TreeMap<>();
        rows.forEach((k, v) -> {
            if (v.count() > 0) {
                out.put(k, v.count());
            }
        });
        return out;
    }

    /**
     * Heap2 records and bytes of a real capture: pg_get_wal_stats, else pg_waldump --stats=record (13), else
     * walprism's reader (14 has no PostgreSQL oracle in the corpus).
     */
    static long[] heap2(Capture real) {
        var rows = real.has("stats.tsv") ? Calibration.heap2FromStatsTsv(real.oracleText("stats.tsv"))
                : real.has("waldump-stats-record.txt")
                ? Calibration.heap2FromWaldumpStats(real.oracleText("waldump-stats-record.txt"))
                : Calibration.heap2(StatsCollector.collect(real.walDir(), real.startLsn(), real.endLsn(), 0, 1));
        return new long[] {rows.values().stream().mapToLong(Calibration.Numbers::count).sum(),
            rows.values().stream().mapToLong(Calibration.Numbers::combined).sum()};
    }

    /**
     * Replays {@code from}/w as each target for every workload with a real target capture, through
     * {@link ReplayDiff} (what {@code walprism replay} reports), and checks side B against the real capture
     * within 2% of Heap2 records and 5% of Heap2 bytes. Returns the number of comparisons.
     */
    static int compareWithRealCaptures(String from, List<String> targets, List<String> lines) {
        int compared = 0;
        for (String w : WORKLOADS) {
            Capture src = optional(from, w);
            if (src == null) {
                continue;
            }
            for (String target : targets) {
                Capture real = optional(target, w);
                if (real == null) {
                    continue;
                }
                ReplayDiff.Outcome o = ReplayDiff.run(src.walDir(), src.startLsn(), src.endLsn(), 0,
                        WalVersion.fromLabel(target), src.name());
                long[] before = heap2(o.diff().a().summary());
                long[] got = heap2(o.diff().b().summary());
                long[] want = heap2(real);
                // the written and re-read side B holds exactly the records the replay encoded
                assertEquals(heap2(o.replay(), true)[0], got[0], src.name() + " as " + target + " records");
                assertEquals(heap2(o.replay(), true)[1], got[1], src.name() + " as " + target + " bytes");
                assertEquals(heap2(o.replay(), false)[0], before[0], src.name() + " before");
                lines.add(String.format(java.util.Locale.ROOT,
                        "%s as %s: Heap2 records %d -> %d (real %s: %d, %+.2f%%), bytes %d -> %d (real %d, %+.2f%%)",
                        src.name(), target, before[0], got[0], real.name(), want[0], 100.0 * (got[0] - want[0]) / want[0],
                        before[1], got[1], want[1], 100.0 * (got[1] - want[1]) / want[1]));
                assertTrue(Math.abs(got[0] - want[0]) <= 0.02 * want[0], String.join("\n", lines));
                assertTrue(Math.abs(got[1] - want[1]) <= 0.05 * want[1], String.join("\n", lines));
                // the mix as well as the totals: each Heap2 record type within 2% of the real count, or one
                // record (a capture's own on-access prune of a catalog page comes and goes between runs)
                Map<String, Long> gotTypes = heap2Types(o.diff().b().summary());
                Map<String, Long> wantTypes = heap2Types(real);
                java.util.Set<String> types = new java.util.TreeSet<>(gotTypes.keySet());
                types.addAll(wantTypes.keySet());
                for (String t : types) {
                    long g = gotTypes.getOrDefault(t, 0L);
                    long real0 = wantTypes.getOrDefault(t, 0L);
                    if (Math.abs(g - real0) > Math.max(1, 0.02 * real0)) {
                        lines.add("  " + t + ": " + g + " (real " + real0 + ")");
                        org.junit.jupiter.api.Assertions.fail(String.join("\n", lines));
                    }
                }
                compared++;
            }
        }
        return compared;
    }

    /**
     * Acceptance: PG16 captures replayed as 17, 18 and 19 match the real 17, 18 and 19 captures of the same
     * workload within 2% of Heap2 records and 5% of Heap2 bytes, and each Heap2 type within 2%.
     */
    @Test
    void pg16CapturesReplayedAsLaterDesignsMatchTheRealCaptures() {
        List<String> lines = new ArrayList<>();
        int compared = compareWithRealCaptures("16", List.of("17", "18", "19"), lines);
        System.out.println(String.join("\n", lines));
        assertTrue(compared >= 3, "16 -> 17, 16 -> 18 and 16 -> 19 comparisons expected, got: " + lines);
    }

    /** 13, 14 and 15 captures replayed as 16 and 17 match the real 16 and 17 captures of the same workloads. */
    @Test
    void olderCapturesReplayedAs16And17MatchTheRealCaptures() {
        List<String> lines = new ArrayList<>();
        int compared = 0;
        for (String from : List.of("13", "14", "15")) {
            compared += compareWithRealCaptures(from, List.of("16", "17"), lines);
        }
        System.out.println(String.join("\n", lines));
        assertTrue(compared >= 6, "expected 13/14/15 -> 16/17 comparisons, got: " + lines);
    }

    /**
     * The other direction: 16 captures replayed in the older designs (13: CLEAN for both heap passes and a
     * CLEANUP_INFO before the index round; 14/15: per-tuple FREEZE_PAGE) match the real 13, 14 and 15 captures.
     */
    @Test
    void pg16CapturesReplayedAsOlderDesignsMatchTheRealCaptures() {
        List<String> lines = new ArrayList<>();
        int compared = compareWithRealCaptures("16", List.of("13", "14", "15"), lines);
        System.out.println(String.join("\n", lines));
        assertTrue(compared >= 6, "expected 16 -> 13/14/15 comparisons, got: " + lines);
    }
}
