package org.walprism.analyzer.vacuums;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures of each table in {@code VACUUM (VERBOSE)} output, as the capture tool keeps it in measured.log: the
 * real server's own account of each run, the oracle of the vacuums tests. Parses the 13, 14 and 15+ wordings.
 */
final class VerboseLog {
    /** One table's figures, by key (see {@link #parse}); absent keys were not printed by that major. */
    record Table(String relation, Map<String, Long> figures) {
    }

    private static final Pattern START = Pattern.compile("INFO:  (?:aggressively )?vacuuming \"([^\"]+)\"");
    /** An autovacuum run in the server log (log_autovacuum_min_duration): its header line, then tab-indented lines. */
    private static final Pattern AUTOVACUUM = Pattern.compile(
            "LOG:  automatic (?:aggressive )?vacuum (?:to prevent wraparound )?of table \"([^\"]+)\": index scans: (\\d+)");
    private static final Pattern FINISHED = Pattern.compile(
            "INFO:  finished vacuuming \"([^\"]+)\": index scans: (\\d+)");
    private static final Pattern LOG_TIME = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2}) (\\d{2}:\\d{2}:\\d{2}\\.\\d{3}) UTC ");
    private static final Pattern PAGES = Pattern.compile("^pages: (\\d+) removed, (\\d+) remain");
    private static final Pattern TUPLES = Pattern.compile("^tuples: (\\d+) removed, (\\d+) remain");
    /** 15+: tuples counted in "remain" that are dead (recently_dead_tuples), not stored in reltuples. */
    private static final Pattern RECENTLY_DEAD = Pattern.compile("^tuples: .*, (\\d+) are dead but not yet removable");
    /** Dead tuples left for lack of a cleanup lock (missed_dead_tuples), also counted in "remain". */
    private static final Pattern MISSED = Pattern.compile("^tuples missed: (\\d+) dead");
    private static final Pattern RELFROZENXID = Pattern.compile("^new relfrozenxid: (\\d+)");
    private static final Pattern FROZEN = Pattern.compile("^frozen: (\\d+) pages from table .* had (\\d+) tuples frozen");
    private static final Pattern VM = Pattern.compile(
            "^visibility map: (\\d+) pages set all-visible, (\\d+) pages set all-frozen");
    private static final Pattern DEAD_ITEMS = Pattern.compile(
            "^index scan (?:not )?needed: (\\d+) pages from table .* had (\\d+) dead item identifiers removed");
    private static final Pattern WAL = Pattern.compile(
            "^WAL usage: (\\d+) records, (\\d+) full page images, (\\d+) bytes(?:, (\\d+) full page image bytes)?");
    // 13 and 14
    private static final Pattern SCANNED_INDEX = Pattern.compile("INFO:  scanned index \"([^\"]+)\" to remove");
    private static final Pattern REMOVED_OLD = Pattern.compile(
            "INFO:  (?:table )?\"[^\"]+\": removed (\\d+) (?:row versions|dead item identifiers) in (\\d+) pages");
    private static final Pattern TRUNCATED = Pattern.compile(
            "INFO:  (?:table )?\"[^\"]+\": truncated (\\d+) to (\\d+) pages");
    private static final Pattern FOUND_OLD = Pattern.compile("INFO:  (?:table )?\"[^\"]+\": found (\\d+) removable, "
            + "(\\d+) nonremovable row versions in (\\d+) out of (\\d+) pages");

    private VerboseLog() {
    }

    /**
     * The tables of a log, in order. Keys: {@code index_scans}, {@code pages_removed}, {@code pages_remain},
     * {@code tuples_removed}, {@code tuples_remain} (live tuples left: "remain" less those dead but not yet removable
     * and those missed, as pg_class.reltuples stores them), {@code relfrozenxid}, {@code frozen_pages},
     * {@code frozen_tuples}, {@code all_visible}, {@code all_frozen}, {@code dead_item_pages}, {@code dead_items},
     * {@code wal_records}, {@code wal_fpi}, {@code wal_bytes}, {@code wal_fpi_bytes}; for autovacuum's entries
     * {@code log_time_ms}, when the server logged the run (ms since the Unix epoch).
     */
    static List<Table> parse(String log) {
        List<Table> out = new ArrayList<>();
        Map<String, Long> f = null;
        String rel = null;
        Set<String> scannedIndexes = new HashSet<>();
        int scannedLines = 0;
        for (String raw : log.split("\n")) {
            String line = raw.strip();
            Matcher m;
            if ((m = AUTOVACUUM.matcher(line)).find()) {
                if (f != null) {
                    out.add(close(rel, f, scannedIndexes, scannedLines));
                }
                rel = last(m.group(1));
                f = new LinkedHashMap<>();
                f.put("index_scans", Long.parseLong(m.group(2)));
                Matcher t = LOG_TIME.matcher(line);
                if (t.find()) {
                    // log_line_prefix %m: when the run was logged, just after it ended (milliseconds, UTC)
                    f.put("log_time_ms", java.time.LocalDateTime.parse(t.group(1) + "T" + t.group(2))
                            .toInstant(java.time.ZoneOffset.UTC).toEpochMilli());
                }
                scannedIndexes = new HashSet<>();
                scannedLines = 0;
                continue;
            }
            if (line.contains(" LOG:  ")) {
                // another server log entry (an automatic analyze, which logs its own WAL usage in 18+)
                if (f != null) {
                    out.add(close(rel, f, scannedIndexes, scannedLines));
                }
                f = null;
                continue;
            }
            if ((m = FINISHED.matcher(line)).find()) {
                f.put("index_scans", Long.parseLong(m.group(2)));
                continue;
            }
            if ((m = START.matcher(line)).find()) {
                if (f != null) {
                    out.add(close(rel, f, scannedIndexes, scannedLines));
                }
                rel = last(m.group(1));
                f = new LinkedHashMap<>();
                scannedIndexes = new HashSet<>();
                scannedLines = 0;
                continue;
            }
            if (f == null) {
                continue;
            }
            if ((m = PAGES.matcher(line)).find()) {
                put(f, m, "pages_removed", "pages_remain");
            } else if ((m = TUPLES.matcher(line)).find()) {
                put(f, m, "tuples_removed", "tuples_remain");
                Matcher d = RECENTLY_DEAD.matcher(line);
                if (d.find()) {
                    // reltuples is new_live_tuples; "remain" is new_rel_tuples = live + recently dead + missed
                    f.put("tuples_remain", f.get("tuples_remain") - Long.parseLong(d.group(1)));
                }
            } else if ((m = MISSED.matcher(line)).find()) {
                long missed = Long.parseLong(m.group(1));
                f.computeIfPresent("tuples_remain", (k, v) -> v - missed);
            } else if ((m = RELFROZENXID.matcher(line)).find()) {
                put(f, m, "relfrozenxid");
            } else if ((m = FROZEN.matcher(line)).find()) {
                put(f, m, "frozen_pages", "frozen_tuples");
            } else if ((m = VM.matcher(line)).find()) {
                put(f, m, "all_visible", "all_frozen");
            } else if ((m = DEAD_ITEMS.matcher(line)).find()) {
                put(f, m, "dead_item_pages", "dead_items");
            } else if ((m = WAL.matcher(line)).find()) {
                put(f, m, "wal_records", "wal_fpi", "wal_bytes", "wal_fpi_bytes");
            } else if ((m = SCANNED_INDEX.matcher(line)).find()) {
                scannedIndexes.add(m.group(1));
                scannedLines++;
            } else if ((m = REMOVED_OLD.matcher(line)).find()) {
                f.merge("dead_items", Long.parseLong(m.group(1)), Long::sum);
                f.merge("dead_item_pages", Long.parseLong(m.group(2)), Long::sum);
            } else if ((m = FOUND_OLD.matcher(line)).find()) {
                f.put("tuples_removed", Long.parseLong(m.group(1)));
                f.put("tuples_remain", Long.parseLong(m.group(2)));
                f.putIfAbsent("pages_remain", Long.parseLong(m.group(4)));
            } else if ((m = TRUNCATED.matcher(line)).find()) {
                long from = Long.parseLong(m.group(1));
                long to = Long.parseLong(m.group(2));
                f.put("pages_removed", from - to);
                f.put("pages_remain", to);
            }
        }
        if (f != null) {
            out.add(close(rel, f, scannedIndexes, scannedLines));
        }
        return out;
    }

    private static Table close(String rel, Map<String, Long> f, Set<String> indexes, int lines) {
        if (!f.containsKey("index_scans") && f.containsKey("tuples_removed")) {
            // 13, 14: one "scanned index" line per index and pass
            f.put("index_scans", indexes.isEmpty() ? 0L : (long) (lines / indexes.size()));
        }
        return new Table(rel, f);
    }

    private static void put(Map<String, Long> f, Matcher m, String... keys) {
        for (int i = 0; i < keys.length; i++) {
            if (m.group(i + 1) != null) {
                f.put(keys[i], Long.parseLong(m.group(i + 1)));
            }
        }
    }

    private static String last(String qualified) {
        int dot = qualified.lastIndexOf('.');
        return dot < 0 ? qualified : qualified.substring(dot + 1);
    }
}
