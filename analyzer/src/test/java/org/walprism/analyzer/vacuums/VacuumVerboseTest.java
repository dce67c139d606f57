package org.walprism.analyzer.vacuums;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.analyzer.relmap.PgClassRow;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Every vacuum run walprism finds against PostgreSQL's own account of it: the {@code VACUUM (VERBOSE)} output the
 * capture tool kept in measured.log, and autovacuum's log entries where the capture kept the server log. Figures walprism states exactly must equal the server's (WAL usage on 15+,
 * index scans, pages and tuples remaining, relfrozenxid, pages frozen, VM bits, dead items, tuples removed); figures
 * it can only estimate (counts left out of records that carry a page image) are compared and reported, not
 * asserted. The whole comparison is written to target/vacuums-verbose.md.
 */
class VacuumVerboseTest {
    private static final List<String> REPORT = new ArrayList<>();

    static Stream<Arguments> captures() {
        return TestData.captures().stream().filter(c -> c.storedFiles().contains("measured.log"))
                .filter(c -> !VerboseLog.parse(log(c)).isEmpty()).map(Arguments::of);
    }

    /**
     * The server's account of the runs: VACUUM (VERBOSE) output in measured.log, and autovacuum's entries in the
     * server log between the marks the workload logs at the start and end of the measured range.
     */
    static String log(Capture c) {
        try {
            String log = Files.readString(c.storedDir().resolve("measured.log"), StandardCharsets.UTF_8);
            Path server = c.storedDir().resolve("server.log");
            if (Files.exists(server)) {
                String s = Files.readString(server, StandardCharsets.UTF_8);
                int from = s.indexOf("walprism: measured range starts");
                int to = s.indexOf("walprism: measured range ends");
                if (from < 0 || to < from) {
                    throw new AssertionError(c.name() + ": server.log lacks the marks of the measured range");
                }
                log += "\n" + s.substring(from, to);
            }
            return log;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void runsMatchVacuumVerbose(Capture c) {
        List<VerboseLog.Table> tables = VerboseLog.parse(log(c));
        VacuumAnalyzer.Result res = VacuumAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0,
                RelationMap.empty());
        List<VacuumRun> unmatched = new ArrayList<>(res.runs());
        List<String> failures = new ArrayList<>();
        for (VerboseLog.Table t : tables) {
            Long wal = t.figures().get("wal_records");
            if (wal != null && wal == 0) {
                // a run that wrote no WAL leaves nothing to find (autovacuum of a table with nothing removable yet):
                // it must not take, by its table's name, a later run of the same table that did write
                new Check(c, t.relation(), t.figures(), failures).line("run", 1, "none", "no record in the WAL");
                continue;
            }
            VacuumRun run = match(t, unmatched);
            if (run == null) {
                // a run that wrote no WAL leaves nothing to find (13 and 14 skip an unchanged pg_class row)
                Long records = t.figures().get("wal_records");
                if (records != null && records != 0) {
                    failures.add(c.name() + " " + t.relation() + ": no run found, VACUUM VERBOSE reports " + records
                            + " WAL records");
                }
                new Check(c, t.relation(), t.figures(), failures).line("run", 1, "none",
                        records == null ? "no record in the WAL (13/14 print no WAL usage)" : "MISMATCH");
                continue;
            }
            unmatched.remove(run);
            compare(c, t, run, failures);
        }
        assertTrue(unmatched.isEmpty(), c.name() + ": runs VACUUM VERBOSE does not report: " + unmatched.size());
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /**
     * The run of table {@code t}: the one whose pg_class row has its name; else, when the row was in a compressed
     * image, the first unnamed run (runs and VERBOSE tables come in the same order).
     */
    private static VacuumRun match(VerboseLog.Table t, List<VacuumRun> runs) {
        for (VacuumRun r : runs) {
            if (r.relstats() != null && r.relstats().relname().equals(t.relation())) {
                return r;
            }
        }
        for (VacuumRun r : runs) {
            if (r.relstats() == null) {
                return r;
            }
        }
        return null;
    }

    private static void compare(Capture c, VerboseLog.Table t, VacuumRun run, List<String> failures) {
        Map<String, Long> v = t.figures();
        RunFigures f = run.figures();
        VacuumRun.WalUsage w = run.walUsage();
        PgClassRow row = run.relstats();
        Check k = new Check(c, t.relation(), v, failures);
        if (run.walUsageExact()) {
            k.exact("wal_records", w.records());
            k.exact("wal_fpi", w.fullPageImages());
            k.exact("wal_bytes", w.bytes());
            k.exact("wal_fpi_bytes", w.fullPageImageBytes());
        } else {
            // marked approximate: another backend's prunes or hint-bit images (no xid, 13-16 PRUNE as VACUUM's own)
            // may be counted as the run's, never fewer records than the run wrote; and the doubt must be real here,
            // walprism's figures differ from VERBOSE's (a run marked approximate that matches claims doubt in vain)
            String why = run.walUsageDoubt().orElseThrow();
            k.atLeast("wal_records", w.records(), why);
            k.atLeast("wal_fpi", w.fullPageImages(), why);
            k.atLeast("wal_bytes", w.bytes(), why);
            k.atLeast("wal_fpi_bytes", w.fullPageImageBytes(), why);
            if (Long.valueOf(w.bytes()).equals(v.get("wal_bytes"))
                    && Long.valueOf(w.records()).equals(v.get("wal_records"))) {
                failures.add(c.name() + " " + t.relation() + ": WAL usage marked approximate (" + why
                        + ") but equals VACUUM VERBOSE's");
            }
        }
        k.exact("index_scans", f.indexPasses());
        if (run.truncatedTo() < 0) {
            k.exact("pages_removed", 0L);
        } else {
            k.lowerBound("pages_removed", f.pagesRemovedAtLeast(run.truncatedTo()));
        }
        k.exact("pages_remain", row == null ? null : (long) row.relpages());
        k.exact("tuples_remain", row == null ? null : (long) row.reltuples());
        k.exact("relfrozenxid", row == null ? null : row.relfrozenxid());
        k.exact("frozen_pages", f.pagesFrozen());
        k.count("frozen_tuples", f.tuplesFrozen());
        k.exact("all_visible", f.pagesAllVisible());
        k.exact("all_frozen", f.pagesAllFrozen());
        k.exact("dead_item_pages", f.deadItemPages());
        k.count("dead_items", f.deadItemsRemoved());
        k.count("tuples_removed", f.tuplesRemoved());
        Long logged = v.get("log_time_ms");
        if (logged != null) {
            // the server logs the run as it ends: after the stream's last time before the run, and (to the
            // millisecond the log prints) not after its first time after the run
            long from = run.timeNotBefore() / 1000;
            long to = run.timeNotAfter() / 1000;
            boolean inside = run.timeNotBefore() != Long.MIN_VALUE && run.timeNotAfter() != Long.MIN_VALUE
                    && from <= logged && logged <= to;
            if (!inside) {
                failures.add(c.name() + " " + t.relation() + ": logged at " + logged + " ms, walprism's bounds "
                        + from + " .. " + to);
            }
            k.line("log_time", logged, from + " .. " + to, inside ? "match (within walprism's time bounds)"
                    : "MISMATCH");
        }
    }

    /** Compares one figure and adds a line to the report. */
    private record Check(Capture c, String rel, Map<String, Long> verbose, List<String> failures) {
        void exact(String key, long walprism) {
            exact(key, Long.valueOf(walprism));
        }

        void exact(String key, Long walprism) {
            Long expected = verbose.get(key);
            if (expected == null) {
                return;
            }
            String status;
            if (walprism == null) {
                status = "not known (pg_class row in a compressed image)";
            } else if (expected.equals(walprism)) {
                status = "match";
            } else {
                status = "MISMATCH";
                failures.add(c.name() + " " + rel + " " + key + ": VACUUM VERBOSE " + expected + ", walprism "
                        + walprism);
            }
            line(key, expected, walprism == null ? "-" : walprism.toString(), status);
        }

        /** walprism's figure may exceed VERBOSE's, for {@code why}, but not fall short of it. */
        void atLeast(String key, long walprism, String why) {
            Long expected = verbose.get(key);
            if (expected == null) {
                return;
            }
            if (walprism < expected) {
                failures.add(c.name() + " " + rel + " " + key + ": VACUUM VERBOSE " + expected + ", walprism only "
                        + walprism);
            }
            line(key, expected, Long.toString(walprism), (walprism == expected.longValue() ? "match" : walprism > expected.longValue()
                    ? "more (" + why + ")" : "MISMATCH"));
        }

        void lowerBound(String key, long atLeast) {
            Long expected = verbose.get(key);
            if (expected == null) {
                return;
            }
            if (atLeast > expected) {
                failures.add(c.name() + " " + rel + " " + key + ": VACUUM VERBOSE " + expected + ", walprism at least "
                        + atLeast);
            }
            line(key, expected, ">= " + atLeast, (atLeast == expected ? "match" : "differs") + " (lower bound: "
                    + "the highest page written, the size before truncation is not in the WAL)");
        }

        void count(String key, RunFigures.Count n) {
            Long expected = verbose.get(key);
            if (expected == null) {
                return;
            }
            if (n.isExact()) {
                exact(key, n.value());
                return;
            }
            // an estimate must say so; its value is reported, not asserted
            assertFalse(n.isExact());
            String why = n.unknownRecords() > 0 ? n.unknownRecords() + " records whose count the WAL does not hold: "
                    + "compressed image, or a page emptied of its line pointers"
                    : n.fromImages() + " read from the images of " + n.imageRecords() + " records";
            String shown = n.value() + (n.unknownRecords() > 0 ? " + ?" : "");
            line(key, expected, shown, (expected == n.value() && n.unknownRecords() == 0 ? "match (estimate: "
                    : "differs (estimate: ") + why + ")");
        }

        void line(String key, long expected, String walprism, String status) {
            synchronized (REPORT) {
                REPORT.add("| " + c.name() + " | " + rel + " | " + key + " | " + expected + " | " + walprism + " | "
                        + status + " |");
            }
        }
    }

    @AfterAll
    static void writeReport() throws IOException {
        List<String> out = new ArrayList<>();
        out.add("| capture | relation | figure | VACUUM VERBOSE | walprism | status |");
        out.add("|---|---|---|---|---|---|");
        out.addAll(REPORT);
        Path target = Path.of("target");
        if (Files.isDirectory(target)) {
            Files.write(target.resolve("vacuums-verbose.md"), out, StandardCharsets.UTF_8);
        }
    }
}
