package org.walprism.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The {@code description} and {@code block_ref} columns are filled only for a query that names them or all
 * columns: the others get NULL there, and the same values in every other column.
 */
class LazyTextsTest {

    @Test
    void onlyAQueryThatNamesTheTextsOrAllColumnsGetsThem() {
        assertFalse(WalSql.contentsFor("SELECT count(*) FROM pg_get_wal_records_info()").texts());
        assertFalse(WalSql.contentsFor("SELECT resource_manager, count( * ), sum(fpi_length) FROM wal_records "
                + "GROUP BY 1").texts());
        assertFalse(WalSql.contentsFor("SELECT * FROM pg_get_wal_stats()").blocks());
        assertFalse(WalSql.contentsFor("SELECT * FROM pg_get_wal_stats('0/1000028', '0/2000000', true) "
                + "WHERE count > 0").texts());
        assertTrue(WalSql.contentsFor("SELECT * FROM pg_get_wal_records_info()").texts());
        assertTrue(WalSql.contentsFor("SELECT r.* FROM wal_records r").texts());
        assertTrue(WalSql.contentsFor("SELECT start_lsn FROM wal_blocks WHERE description LIKE 'off%'").texts());
        assertTrue(WalSql.contentsFor("SELECT block_ref FROM pg_get_wal_records_info()").texts());
    }

    private static String load(Capture c, boolean texts, String query) throws Exception {
        return load(c, true, texts, query);
    }

    private static String load(Capture c, boolean blocks, boolean texts, String query) throws Exception {
        try (WalSql db = WalSql.open(null, new WalSql.Settings(null, null, 1));
             WalReader reader = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()), 0)) {
            db.load(reader, c.startLsn(), c.endLsn(), new WalTables.Contents(blocks, false, true, false, false, false,
                    null, texts), RelationMap.empty(), null);
            StringWriter out = new StringWriter();
            db.query(query, ResultPrinter.Format.csv, new PrintWriter(out));
            return out.toString();
        }
    }

    @Test
    void withoutTheTextsTheOtherColumnsAreTheSame() throws Exception {
        Capture c = TestData.capture("17/hot_updates");
        String others = "SELECT * EXCLUDE (description, block_ref) FROM wal_records ORDER BY start_lsn";
        assertEquals(load(c, true, others), load(c, false, others));
        String blocks = "SELECT * EXCLUDE (description) FROM wal_blocks ORDER BY start_lsn, block_id";
        assertEquals(load(c, true, blocks), load(c, false, blocks));
        assertEquals("n,d,b\n0,0,0\n", load(c, false, "SELECT count(*) - count(*) AS n, count(description) AS d, "
                + "count(block_ref) AS b FROM wal_records"));
        String filled = load(c, true, "SELECT count(*) = count(description) AS d, count(block_ref) > 0 AS b "
                + "FROM wal_records");
        assertEquals("d,b\nt,t\n", filled);
    }

    /**
     * Without block rows or texts the record's columns come from the reader's view, not a decoded copy: the same
     * values, on captures of the oldest and newest majors.
     */
    @Test
    void withoutBlocksOrTextsTheRecordColumnsAreTheSame() throws Exception {
        String others = "SELECT * EXCLUDE (description, block_ref) FROM wal_records ORDER BY start_lsn";
        for (String name : new String[] {"13/hot_updates", "19/rewrite_names"}) {
            Capture c = TestData.capture(name);
            String decoded = load(c, true, true, others);
            assertTrue(decoded.lines().count() > 100, name);
            assertEquals(decoded, load(c, false, false, others), name);
        }
    }

    /** pg_get_wal_block_info and wal_blocks read no wal_records: a query naming only them leaves it empty. */
    @Test
    void aQueryOverTheBlocksAloneLeavesWalRecordsEmpty() {
        assertTrue(WalSql.contentsFor("SELECT relfilenode, sum(block_fpi_length) FROM pg_get_wal_block_info("
                + "'0/1000028', '0/2000000', false) GROUP BY 1").noRecords());
        assertTrue(WalSql.contentsFor("SELECT relation, count(*) FROM wal_blocks WHERE fpi_cause = 'hint' "
                + "GROUP BY 1").noRecords());
        assertFalse(WalSql.contentsFor("SELECT b.relation, r.record_time FROM wal_blocks b JOIN wal_records r "
                + "USING (start_lsn)").noRecords());
        assertFalse(WalSql.contentsFor("SELECT * FROM pg_get_wal_block_info() b, pg_get_wal_records_info() r "
                + "WHERE b.start_lsn = r.start_lsn").noRecords());
        assertFalse(WalSql.contentsFor("SELECT count(*) FROM pg_get_wal_stats()").noRecords());
        assertFalse(WalSql.contentsFor("SELECT count(*) FROM wal_records").noRecords());
        assertFalse(WalTables.Contents.all(false).noRecords());
    }
}
