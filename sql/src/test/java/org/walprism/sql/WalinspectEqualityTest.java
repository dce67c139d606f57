package org.walprism.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.walprism.source.WalSources;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * pg_walinspect's own queries (the ones testdata/capture/capture.sh ran on the capture's server) run unchanged on
 * walprism's relations, and their rows equal the corpus' oracles row for row: {@code records.tsv}
 * ({@code pg_get_wal_records_info}), {@code blocks.tsv} ({@code pg_get_wal_block_info(..., false)}),
 * {@code blocks-md5.tsv} (the block data and restored pages, {@code show_data} true) and {@code stats.tsv}
 * ({@code pg_get_wal_stats(..., true)}). psql's unaligned output, which wrote them, prints null as nothing, as
 * walprism's CSV does.
 */
class WalinspectEqualityTest {

    /** The CSV rows of {@code sql} on {@code db}, each as psql -At -F tab would print it. */
    static List<String> rows(WalSql db, String sql) throws Exception {
        StringWriter w = new StringWriter();
        db.query(sql, ResultPrinter.Format.csv, new PrintWriter(w));
        List<String> lines = w.toString().lines().toList();
        List<String> out = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            out.add(String.join("\t", csvFields(l)));
        }
        return out;
    }

    /** RFC 4180 fields of one CSV line. */
    static List<String> csvFields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted && ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                f.append('"');
                i++;
            } else if (ch == '"') {
                quoted = !quoted;
            } else if (ch == ',' && !quoted) {
                out.add(f.toString());
                f.setLength(0);
            } else {
                f.append(ch);
            }
        }
        out.add(f.toString());
        return out;
    }

    /** A database with capture {@code c}'s range, {@code contents} filled. */
    static WalSql load(Capture c, WalTables.Contents contents) throws Exception {
        WalSql db = WalSql.open(null, new WalSql.Settings("1GB", null, 2));
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()), 0)) {
            db.load(r, c.startLsn(), c.endLsn(), contents, RelationMap.empty(), null);
        }
        return db;
    }

    private static void assertRows(List<String> expected, List<String> actual, String what) {
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < Math.max(expected.size(), actual.size()) && failures.size() < 5; i++) {
            String e = i < expected.size() ? expected.get(i) : "(none)";
            String a = i < actual.size() ? actual.get(i) : "(none)";
            if (!e.equals(a)) {
                failures.add("row " + (i + 1) + ":\n  pg_walinspect " + e + "\n  walprism      " + a);
            }
        }
        assertTrue(failures.isEmpty(), what + " (" + expected.size() + " rows expected, " + actual.size() + "):\n"
                + String.join("\n", failures));
    }

    @TestFactory
    Stream<DynamicTest> pgWalinspectQueriesEqualTheirOracles() {
        List<Capture> with = TestData.captures().stream().filter(c -> c.has("records.tsv") || c.has("stats.tsv"))
                .toList();
        assertFalse(with.isEmpty(), "no capture has pg_walinspect's output");
        return with.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            String s = Lsn.format(c.startLsn(), false);
            String e = Lsn.format(c.endLsn(), false);
            try (WalSql db = load(c, new WalTables.Contents(c.has("blocks.tsv"), c.has("blocks-md5.tsv"), false,
                    false, false))) {
                if (c.has("records.tsv")) {
                    assertRows(c.oracleText("records.tsv").lines().toList(), rows(db, "SELECT start_lsn, end_lsn, "
                            + "prev_lsn, xid, resource_manager, record_type, record_length, main_data_length, "
                            + "fpi_length, description, block_ref FROM pg_get_wal_records_info('" + s + "', '" + e
                            + "')"), c.name() + " records.tsv");
                }
                if (c.has("blocks.tsv")) {
                    assertRows(c.oracleText("blocks.tsv").lines().toList(), rows(db, "SELECT start_lsn, block_id, "
                            + "reltablespace, reldatabase, relfilenode, relforknumber, relblocknumber, record_type, "
                            + "record_length, main_data_length, block_data_length, block_fpi_length, block_fpi_info "
                            + "FROM pg_get_wal_block_info('" + s + "', '" + e + "', false)"), c.name() + " blocks.tsv");
                }
                if (c.has("blocks-md5.tsv")) {
                    assertRows(c.oracleText("blocks-md5.tsv").lines().toList(), rows(db, "SELECT start_lsn, block_id, "
                            + "coalesce(md5(block_data), ''), coalesce(md5(block_fpi_data), '') "
                            + "FROM pg_get_wal_block_info('" + s + "', '" + e + "', true)"), c.name() + " blocks-md5.tsv");
                }
                if (c.has("stats.tsv")) {
                    assertRows(c.oracleText("stats.tsv").lines().toList(), rows(db, "SELECT "
                            + "\"resource_manager/record_type\", count, record_size, fpi_size, combined_size "
                            + "FROM pg_get_wal_stats('" + s + "', '" + e + "', true) WHERE count > 0 "
                            + "ORDER BY \"resource_manager/record_type\""), c.name() + " stats.tsv");
                }
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> theWholeRangeFormsEqualTheRangedOnes() {
        Capture c = TestData.capture("17/vacuum_noindex");
        String s = Lsn.format(c.startLsn(), false);
        String e = Lsn.format(c.endLsn(), false);
        return Stream.of(
                new String[] {"pg_get_wal_records_info()", "pg_get_wal_records_info('" + s + "', '" + e + "')"},
                new String[] {"pg_get_wal_block_info()", "pg_get_wal_block_info('" + s + "', '" + e + "', true)"},
                new String[] {"pg_get_wal_stats()", "pg_get_wal_stats('" + s + "', '" + e + "', false)"})
                .map(q -> DynamicTest.dynamicTest(q[0], () -> {
                    try (WalSql db = load(c, WalTables.Contents.all(true))) {
                        List<String> all = rows(db, "SELECT * FROM " + q[0]);
                        assertFalse(all.isEmpty());
                        assertEquals(rows(db, "SELECT * FROM " + q[1]), all);
                    }
                }));
    }
}
