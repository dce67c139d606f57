package org.walprism.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.regex.Pattern;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;

/**
 * LSNs in SQL as pg_walinspect's users write them, and pg_walinspect's functions as DuckDB table macros.
 *
 * <p>DuckDB has no {@code pg_lsn} type, and a cast from text cannot be added without an extension. So an LSN is a
 * {@code UBIGINT} (compared, sorted and subtracted as a number; {@code pg_lsn} is an alias of it), and
 * <ul>
 *   <li>a string literal that is an LSN's text, {@code '0/1000028'} ({@code [0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}},
 *       whole), is rewritten to {@code pg_lsn('0/1000028')} before DuckDB sees the query ({@link #rewrite}), so
 *       {@code WHERE start_lsn >= '0/1000028'} and {@code pg_get_wal_records_info('0/1000028', '0/2000000')}
 *       compare LSNs, not text; the macro {@code pg_lsn(text)} does the same for text that is not a literal;
 *   <li>no other column of walprism's relations is a {@code UBIGINT}, and every {@code UBIGINT} column of a
 *       result prints as {@code pg_lsn} text of the WAL's major ({@code %X/%X} up to 18, {@code %X/%08X} from 19):
 *       cast a computed {@code UBIGINT} that is not an LSN to {@code BIGINT}; {@code pg_wal_lsn_diff(a, b)} gives
 *       the distance in bytes as PostgreSQL's function does; {@code pg_lsn_out(lsn)} gives the text.
 * </ul>
 *
 * <p>The macros follow contrib/pg_walinspect (pg_walinspect.c, GetWALRecordsInfo, GetWALBlockInfo, GetWalStats):
 * the records from the first at or after {@code start_lsn} whose end is at or before {@code end_lsn}; a start not
 * before the end, or a range outside the one read ({@code -p/-s/-e/-t}), is an error naming both.
 */
public final class LsnSql {

    private static final Pattern LSN = Pattern.compile("[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}");

    private LsnSql() {
    }

    /**
     * {@code sql} with every string literal that is an LSN's text wrapped in {@code pg_lsn(...)}. Quoted identifiers,
     * comments and dollar-quoted text are left alone.
     */
    public static String rewrite(String sql) {
        StringBuilder out = new StringBuilder(sql.length() + 16);
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'') {
                int j = i + 1;
                StringBuilder lit = new StringBuilder();
                while (j < n) {
                    char d = sql.charAt(j);
                    if (d == '\'') {
                        if (j + 1 < n && sql.charAt(j + 1) == '\'') {
                            lit.append('\'');
                            j += 2;
                            continue;
                        }
                        break;
                    }
                    lit.append(d);
                    j++;
                }
                int close = Math.min(j + 1, n);
                String text = sql.substring(i, close);
                boolean prefixed = i > 0 && (Character.isLetterOrDigit(sql.charAt(i - 1)) || sql.charAt(i - 1) == '_');
                if (!prefixed && j < n && LSN.matcher(lit).matches()) {
                    out.append("pg_lsn(").append(text).append(')');
                } else {
                    out.append(text);
                }
                i = close;
            } else if (c == '"') {
                int j = sql.indexOf('"', i + 1);
                j = j < 0 ? n : j + 1;
                out.append(sql, i, j);
                i = j;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int j = sql.indexOf('\n', i);
                j = j < 0 ? n : j;
                out.append(sql, i, j);
                i = j;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int j = sql.indexOf("*/", i + 2);
                j = j < 0 ? n : j + 2;
                out.append(sql, i, j);
                i = j;
            } else if (c == '$' && i + 1 < n && sql.charAt(i + 1) == '$') {
                int j = sql.indexOf("$$", i + 2);
                j = j < 0 ? n : j + 2;
                out.append(sql, i, j);
                i = j;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** The {@code printf} format of {@code pg_lsn} text in {@code version}. */
    static String format(WalVersion version) {
        // Lsn is the one place that knows which majors pad the low half
        return Lsn.of(1).format(version).length() > "0/1".length() ? "%X/%08X" : "%X/%X";
    }

    private static final String RECORD_COLUMNS = "start_lsn, end_lsn, prev_lsn, xid, resource_manager, record_type, "
            + "record_length, main_data_length, fpi_length, description, block_ref";

    private static final String BLOCK_COLUMNS = "b.start_lsn, b.end_lsn, b.prev_lsn, b.block_id, b.reltablespace, "
            + "b.reldatabase, b.relfilenode, b.relforknumber, b.relblocknumber, b.xid, b.resource_manager, "
            + "b.record_type, b.record_length, b.main_data_length, b.block_data_length, b.block_fpi_length, "
            + "b.block_fpi_info, b.description";

    /** The macros, for WAL of {@code version}. */
    static List<String> macros(WalVersion version) {
        String f = format(version);
        String rec = "FROM wal_records WHERE start_lsn >= wp_check(s, e) AND end_lsn <= e ORDER BY start_lsn";
        String recAll = "FROM wal_records ORDER BY start_lsn";
        String blocks = "FROM wal_blocks b LEFT JOIN wal_block_data d ON d.start_lsn = b.start_lsn AND "
                + "d.block_id = b.block_id";
        String blockWhere = " WHERE b.start_lsn >= wp_check(s, e) AND b.end_lsn <= e ORDER BY b.start_lsn, b.block_id";
        String data = ", CASE WHEN show_data THEN d.block_data END AS block_data, "
                + "CASE WHEN show_data THEN d.block_fpi_data END AS block_fpi_data ";
        String allData = ", d.block_data, d.block_fpi_data ";
        return List.of(
                "CREATE MACRO pg_lsn_out(lsn) AS printf('" + f + "', (lsn::UBIGINT) >> 32, (lsn::UBIGINT) & 4294967295)",
                "CREATE MACRO pg_lsn(t) AS CASE WHEN regexp_full_match(t::VARCHAR, '[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}') "
                        + "THEN ((('0x' || split_part(t::VARCHAR, '/', 1))::UBIGINT << 32) "
                        + "| ('0x' || split_part(t::VARCHAR, '/', 2))::UBIGINT)::pg_lsn "
                        + "ELSE error('invalid input syntax for type pg_lsn: \"' || t::VARCHAR || '\"') END",
                "CREATE MACRO pg_wal_lsn_diff(a, b) AS a::HUGEINT - b::HUGEINT",
                "CREATE MACRO wp_check(s, e) AS CASE "
                        + "WHEN s IS NULL OR e IS NULL THEN error('WAL start and end LSN must not be null') "
                        + "WHEN s::UBIGINT >= e::UBIGINT THEN error('WAL start LSN ' || pg_lsn_out(s) "
                        + "|| ' must be less than end LSN ' || pg_lsn_out(e)) "
                        + "WHEN s::UBIGINT < (SELECT start_lsn FROM wal_range) OR e::UBIGINT > (SELECT end_lsn FROM wal_range) "
                        + "THEN error('WAL range ' || pg_lsn_out(s) || '..' || pg_lsn_out(e) "
                        + "|| ' is not within the range read, ' || (SELECT pg_lsn_out(start_lsn) || '..' "
                        + "|| pg_lsn_out(end_lsn) FROM wal_range) || ' (see -p, -s, -e, -t)') "
                        + "ELSE s::UBIGINT END",
                "CREATE MACRO pg_get_wal_records_info() AS TABLE (SELECT " + RECORD_COLUMNS + " " + recAll + "), "
                        + "(s, e) AS TABLE (SELECT " + RECORD_COLUMNS + " " + rec + ")",
                "CREATE MACRO pg_get_wal_records_info_till_end_of_wal(s) AS TABLE (SELECT " + RECORD_COLUMNS
                        + " FROM wal_records WHERE start_lsn >= wp_check(s, (SELECT end_lsn FROM wal_range)) "
                        + "ORDER BY start_lsn)",
                "CREATE MACRO pg_get_wal_record_info(s) AS TABLE (SELECT " + RECORD_COLUMNS + " FROM wal_records "
                        + "WHERE start_lsn >= wp_check(s, (SELECT end_lsn FROM wal_range)) ORDER BY start_lsn LIMIT 1)",
                "CREATE MACRO pg_get_wal_block_info() AS TABLE (SELECT " + BLOCK_COLUMNS + allData + blocks
                        + " ORDER BY b.start_lsn, b.block_id), "
                        + "(s, e) AS TABLE (SELECT " + BLOCK_COLUMNS + allData + blocks + blockWhere + "), "
                        + "(s, e, show_data) AS TABLE (SELECT " + BLOCK_COLUMNS + data + blocks + blockWhere + ")",
                "CREATE MACRO wp_stats(s, e, per_record) AS TABLE ("
                        + "WITH recs AS (SELECT rmid, stats_key, stats_name, resource_manager, record_length, fpi_length "
                        + "FROM wal_records WHERE start_lsn >= wp_check(s, e) AND end_lsn <= e), "
                        + "g AS (SELECT rmid, CASE WHEN per_record THEN stats_key ELSE 0 END AS k, "
                        + "CASE WHEN per_record THEN stats_name ELSE resource_manager END AS name, count(*) AS n, "
                        + "sum(record_length - fpi_length) AS rec, sum(fpi_length) AS fpi FROM recs GROUP BY ALL "
                        + "UNION ALL SELECT rmid, 0, resource_manager, 0, 0, 0 FROM wal_rmgrs "
                        + "WHERE NOT per_record AND rmid NOT IN (SELECT rmid FROM recs)), "
                        + "t AS (SELECT sum(n) AS n, sum(rec) AS rec, sum(fpi) AS fpi FROM g) "
                        + "SELECT g.name AS \"resource_manager/record_type\", g.n::BIGINT AS count, "
                        + "CASE WHEN t.n = 0 THEN 0 ELSE 100 * g.n::DOUBLE / t.n END AS count_percentage, "
                        + "g.rec::BIGINT AS record_size, "
                        + "CASE WHEN t.rec = 0 THEN 0 ELSE 100 * g.rec::DOUBLE / t.rec END AS record_size_percentage, "
                        + "g.fpi::BIGINT AS fpi_size, "
                        + "CASE WHEN t.fpi = 0 THEN 0 ELSE 100 * g.fpi::DOUBLE / t.fpi END AS fpi_size_percentage, "
                        + "(g.rec + g.fpi)::BIGINT AS combined_size, "
                        + "CASE WHEN t.rec + t.fpi = 0 THEN 0 ELSE 100 * (g.rec + g.fpi)::DOUBLE / (t.rec + t.fpi) END "
                        + "AS combined_size_percentage FROM g, t ORDER BY g.rmid, g.k)",
                "CREATE MACRO pg_get_wal_stats() AS TABLE (SELECT * FROM wp_stats((SELECT start_lsn FROM wal_range), "
                        + "(SELECT end_lsn FROM wal_range), false)), "
                        + "(s, e) AS TABLE (SELECT * FROM wp_stats(s, e, false)), "
                        + "(s, e, per_record) AS TABLE (SELECT * FROM wp_stats(s, e, per_record))",
                "CREATE MACRO pg_get_wal_stats_till_end_of_wal(s) AS TABLE (SELECT * FROM wp_stats(s, "
                        + "(SELECT end_lsn FROM wal_range), false)), "
                        + "(s, per_record) AS TABLE (SELECT * FROM wp_stats(s, (SELECT end_lsn FROM wal_range), "
                        + "per_record))");
    }

    /** Creates the macros in {@code conn}. */
    public static void createMacros(Connection conn, WalVersion version) throws SQLException {
        try (Statement s = conn.createStatement()) {
            for (String m : macros(version)) {
                s.execute(m.replaceFirst("^CREATE MACRO ", "CREATE OR REPLACE MACRO "));
            }
        }
    }
}
