package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * {@code walprism sql} and {@code walprism export} through the CLI: psql's aligned table, CSV and JSON, the query from
 * a file and standard input, LSN literals compared as LSNs, and every SQL failure as one line with DuckDB's message
 * inside, exit 2, no stack trace.
 */
class SqlCommandTest {

    @TempDir
    Path tmp;

    record Result(int code, String out, String err) {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    static String[] sql(Capture c, String... more) {
        List<String> a = new ArrayList<>(List.of("sql", "-p", c.walDir().toString(), "-s",
                Lsn.format(c.startLsn(), true), "-e", Lsn.format(c.endLsn(), true)));
        a.addAll(List.of(more));
        return a.toArray(new String[0]);
    }

    private static final Capture C = TestData.capture("17/hot_updates");

    @Test
    void printsPsqlsAlignedTable() {
        Result r = run(sql(C, "SELECT start_lsn, xid, record_type FROM pg_get_wal_records_info() LIMIT 2"));
        assertEquals(0, r.code(), r.err());
        // records.tsv: 0/656FC8 741 HOT_UPDATE, 0/6583D8 741 COMMIT; psql right-aligns xid, centres the header
        assertEquals(" start_lsn | xid | record_type \n"
                + "-----------+-----+-------------\n"
                + " 0/656FC8  | 741 | HOT_UPDATE\n"
                + " 0/6583D8  | 741 | COMMIT\n"
                + "(2 rows)\n\n", r.out());
        assertEquals("", r.err());
    }

    @Test
    void lsnLiteralsCompareAsLsns() {
        // as text '0/6583D8' < '0/656FC8' would hold ('8' < 'F'); as LSNs it does not
        Result r = run(sql(C, "--format", "csv", "SELECT count(*) AS n FROM pg_get_wal_records_info() "
                + "WHERE start_lsn >= '0/656FC8' AND start_lsn < '0/6583D9'"));
        assertEquals(0, r.code(), r.err());
        assertEquals("n\n2\n", r.out());
        Result sorted = run(sql(C, "--format", "csv",
                "SELECT start_lsn FROM pg_get_wal_records_info() ORDER BY start_lsn LIMIT 2"));
        assertEquals("start_lsn\n0/656FC8\n0/6583D8\n", sorted.out());
    }

    @Test
    void csvAndJsonCarryTheSameValues() {
        String q = "SELECT start_lsn, xid, block_ref FROM pg_get_wal_records_info() LIMIT 2";
        Result csv = run(sql(C, "--format", "csv", q));
        Result json = run(sql(C, "--format", "json", q));
        assertEquals(0, json.code(), json.err());
        assertEquals("start_lsn,xid,block_ref\n0/656FC8,741,\"blkref #0: rel 1663/5/16391 fork main blk 24 (FPW); "
                + "hole: offset: 176, length: 3152\"\n0/6583D8,741,\n", csv.out());
        assertEquals("{\"start_lsn\":\"0/656FC8\",\"xid\":741,\"block_ref\":\"blkref #0: rel 1663/5/16391 fork main "
                + "blk 24 (FPW); hole: offset: 176, length: 3152\"}\n"
                + "{\"start_lsn\":\"0/6583D8\",\"xid\":741,\"block_ref\":null}\n", json.out());
    }

    @Test
    void readsTheQueryFromAFileOrStandardInput() throws Exception {
        Path f = tmp.resolve("q.sql");
        Files.writeString(f, "SELECT count(*) AS n FROM pg_get_wal_records_info()");
        Result fromFile = run(sql(C, "--format", "csv", "-f", f.toString()));
        assertEquals(0, fromFile.code(), fromFile.err());
        assertEquals("n\n" + C.records() + "\n", fromFile.out());
        SqlCommand.stdin = new ByteArrayInputStream("SELECT count(*) AS n FROM pg_get_wal_records_info()"
                .getBytes(StandardCharsets.UTF_8));
        try {
            Result fromStdin = run(sql(C, "--format", "csv"));
            assertEquals("n\n" + C.records() + "\n", fromStdin.out());
        } finally {
            SqlCommand.stdin = System.in;
        }
    }

    private static void assertOneLine(Result r, String contains) {
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("walprism: error: sql: "), r.err());
        assertTrue(r.err().contains(contains), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void badSqlIsOneLineWithDuckdbsMessage() {
        assertOneLine(run(sql(C, "SELEC 1")), "Parser Error: syntax error at or near \"SELEC\"");
    }

    @Test
    void badSqlFailsBeforeAnyWalIsRead() {
        // the path does not exist: the query is refused first, so the error is DuckDB's, not the missing input's
        assertOneLine(run("sql", "-p", tmp.resolve("none").toString(), "SELECT * FROM no_such_table"), "no_such_table");
        assertOneLine(run("sql", "-p", tmp.resolve("none").toString(), "SELEC 1"), "Parser Error");
    }

    @Test
    void anUnknownRelationIsOneLine() {
        assertOneLine(run(sql(C, "SELECT * FROM pg_get_wal_nothing()")), "pg_get_wal_nothing");
        assertOneLine(run(sql(C, "SELECT * FROM no_such_table")), "no_such_table");
    }

    @Test
    void aRangeThatDoesNotExistIsOneLine() {
        assertOneLine(run(sql(C, "SELECT * FROM pg_get_wal_records_info('0/7000000', '0/6000000')")),
                "WAL start LSN 0/7000000 must be less than end LSN 0/6000000");
        assertOneLine(run(sql(C, "SELECT * FROM pg_get_wal_records_info('0/1000000', '0/2000000')")),
                "WAL range 0/1000000..0/2000000 is not within the range read, 0/656FC8..0/74AFE8");
        assertOneLine(run(sql(C, "SELECT * FROM pg_get_wal_stats('0/656FC8', 'FF/FFFFFFFF', true)")),
                "is not within the range read");
    }

    @Test
    void exportsADatabaseAndParquetWithTheSameRows() throws Exception {
        Path db = tmp.resolve("w.duckdb");
        Path pq = tmp.resolve("pq");
        List<String> range = List.of("-p", C.walDir().toString(), "-s", Lsn.format(C.startLsn(), true), "-e",
                Lsn.format(C.endLsn(), true));
        List<String> a = new ArrayList<>(List.of("export", "--duckdb", db.toString()));
        a.addAll(range);
        Result r = run(a.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        List<String> b = new ArrayList<>(List.of("export", "--parquet", pq.toString()));
        b.addAll(range);
        Result rp = run(b.toArray(new String[0]));
        assertEquals(0, rp.code(), rp.err());
        assertTrue(Files.isRegularFile(pq.resolve("wal_records.parquet")));
        // the Spark job's tables in its output's layout, named after the source (-p's file name)
        for (String t : List.of("stats", "categories", "buckets", "ranges")) {
            assertTrue(Files.isRegularFile(pq.resolve(t).resolve("wal.parquet")), t);
        }
        Result fleet = run(sql(C, "--format", "csv", "SELECT (SELECT count(*) FROM '" + pq.resolve("stats")
                + "/*.parquet') = (SELECT count(*) FROM stats) AS same"));
        assertEquals("same\nt\n", fleet.out(), fleet.err());
        Result q = run(sql(C, "--format", "csv", "ATTACH '" + db + "' AS x (READ_ONLY); "
                + "SELECT (SELECT count(*) FROM x.wal_records) AS db, "
                + "(SELECT count(*) FROM '" + pq.resolve("wal_records.parquet") + "') AS parquet, "
                + "(SELECT count(*) FROM pg_get_wal_records_info()) AS here"));
        assertEquals(0, q.code(), q.err());
        assertEquals("db,parquet,here\n" + C.records() + "," + C.records() + "," + C.records() + "\n", q.out());
        // an existing file is never overwritten
        Result again = run(a.toArray(new String[0]));
        assertEquals(2, again.code(), again.err());
    }
}
