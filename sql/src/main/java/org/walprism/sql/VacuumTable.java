package org.walprism.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.walprism.analyzer.vacuums.VacuumAnalyzer;
import org.walprism.analyzer.vacuums.VacuumRun;

/**
 * {@code vacuum_runs}: one row per VACUUM run of the range as {@code walprism vacuums} finds them
 * ({@link VacuumAnalyzer}): its number, table, first and last record, the times around it, whether the range holds
 * its end, and the WAL it wrote (what {@code VACUUM VERBOSE} reports as "WAL usage").
 */
public final class VacuumTable {

    static final String DDL = "CREATE TABLE vacuum_runs (run INTEGER, reldatabase BIGINT, database VARCHAR, "
            + "reltablespace BIGINT, relfilenode BIGINT, relation VARCHAR, start_lsn UBIGINT, end_lsn UBIGINT, "
            + "time_not_before TIMESTAMPTZ, time_not_after TIMESTAMPTZ, complete BOOLEAN, records BIGINT, "
            + "fpi BIGINT, wal_bytes BIGINT, fpi_bytes BIGINT, truncated_to BIGINT)";

    private VacuumTable() {
    }

    /** Creates the table. */
    public static void create(Connection conn) throws SQLException {
        try (Statement s = conn.createStatement()) {
            s.execute(DDL);
        }
    }

    /** Appends the runs of {@code result}. */
    public static void fill(Connection conn, VacuumAnalyzer.Result result) throws SQLException {
        try (DuckDBAppender a = conn.unwrap(DuckDBConnection.class).createAppender("vacuum_runs")) {
            for (VacuumRun r : result.runs()) {
                a.beginRow().append(r.id()).append(r.database());
                text(a, r.databaseName());
                num(a, r.tablespace());
                num(a, r.relfilenode());
                text(a, r.name());
                a.append(r.startLsn()).append(r.endLsn());
                time(a, r.timeNotBefore());
                time(a, r.timeNotAfter());
                a.append(r.complete());
                VacuumRun.WalUsage u = r.walUsage();
                a.append(u.records()).append(u.fullPageImages()).append(u.bytes()).append(u.fullPageImageBytes());
                num(a, r.truncatedTo());
                a.endRow();
            }
        }
    }

    private static void text(DuckDBAppender a, String s) throws SQLException {
        if (s == null) {
            a.appendNull();
        } else {
            a.append(s);
        }
    }

    private static void num(DuckDBAppender a, long v) throws SQLException {
        if (v < 0) {
            a.appendNull();
        } else {
            a.append(v);
        }
    }

    private static void time(DuckDBAppender a, long micros) throws SQLException {
        if (micros == Long.MIN_VALUE) {
            a.appendNull();
        } else {
            a.append(java.time.OffsetDateTime.ofInstant(java.time.Instant.EPOCH.plusNanos(micros * 1000L),
                    java.time.ZoneOffset.UTC));
        }
    }
}
