package org.walprism.sql;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Properties;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.analyzer.vacuums.VacuumAnalyzer;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;

/**
 * One DuckDB database holding a WAL range's relations: created, filled from a reader, queried or exported.
 *
 * <p>Memory: DuckDB's {@code memory_limit} bounds its buffer pool; past it, it spills to {@code temp_directory}
 * (an in-memory database does too). The Java side holds one record at a time.
 */
public final class WalSql implements AutoCloseable {

    /** DuckDB's settings: {@code memory_limit} (DuckDB's syntax, {@code 1GB}), {@code temp_directory}, threads. */
    public record Settings(String memoryLimit, Path tempDirectory, int threads) {
    }

    private final Connection conn;
    private WalVersion version;

    private WalSql(Connection conn) {
        this.conn = conn;
    }

    /** A database in {@code file} (null: in memory) with {@code settings}. */
    public static WalSql open(Path file, Settings settings) throws SQLException {
        Properties p = new Properties();
        Connection c = DriverManager.getConnection(file == null ? "jdbc:duckdb:" : "jdbc:duckdb:" + file, p);
        try (Statement s = c.createStatement()) {
            if (settings.memoryLimit() != null) {
                s.execute("SET memory_limit = '" + settings.memoryLimit().replace("'", "''") + "'");
            }
            if (settings.tempDirectory() != null) {
                s.execute("SET temp_directory = '" + settings.tempDirectory().toString().replace("'", "''") + "'");
            }
            if (settings.threads() > 0) {
                s.execute("SET threads = " + settings.threads());
            }
            // timestamps print in UTC, as the capture oracles (and walprism's other outputs) show them
            s.execute("SET TimeZone = 'UTC'");
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return new WalSql(c);
    }

    /** The JDBC connection (tests, export). */
    public Connection connection() {
        return conn;
    }

    /**
     * Creates the relations and fills them from {@code reader}; {@code start} and {@code end} are the range asked
     * for (0: open); {@code vacuums} (null: none asked) fills {@code vacuum_runs}.
     */
    public WalTables.Filled load(WalReader reader, long start, long end, WalTables.Contents contents, RelationMap names,
                                 VacuumAnalyzer.Result vacuums) throws SQLException {
        return load(reader, start, end, contents, names, false, vacuums);
    }

    /**
     * The same; with {@code follow}, {@code names} follow the range's changes of which file holds which relation
     * in the same pass ({@link WalTables#WalTables(Connection, WalTables.Contents, RelationMap, boolean)}).
     */
    public WalTables.Filled load(WalReader reader, long start, long end, WalTables.Contents contents, RelationMap names,
                                 boolean follow, VacuumAnalyzer.Result vacuums) throws SQLException {
        createRelations();
        WalTables.Filled f = new WalTables(conn, contents, names, follow).fill(reader, start, end);
        if (vacuums != null) {
            VacuumTable.fill(conn, vacuums);
        }
        version = f.version();
        LsnSql.createMacros(conn, version);
        return f;
    }

    /** Fills {@code vacuum_runs} after {@link #load} (which was given no runs). */
    public void fillVacuums(VacuumAnalyzer.Result vacuums) throws SQLException {
        VacuumTable.fill(conn, vacuums);
    }

    private boolean created;

    private void createRelations() throws SQLException {
        if (!created) {
            WalTables.create(conn);
            VacuumTable.create(conn);
            created = true;
        }
    }

    /**
     * Parses and binds {@code sql} against the empty relations, before any WAL is read, so that bad SQL or an
     * unknown relation fails at once: a query of one statement only (a later statement may name what an earlier
     * one creates or attaches). Throws DuckDB's error.
     */
    public void check(String sql) throws SQLException {
        String q = LsnSql.rewrite(sql).strip();
        while (q.endsWith(";")) {
            q = q.substring(0, q.length() - 1).strip();
        }
        createRelations();
        LsnSql.createMacros(conn, WalVersion.PG18);
        if (q.contains(";")) {
            return;
        }
        try (var ps = conn.prepareStatement(q)) {
            ps.getMetaData();
        }
    }

    /** The Spark job's table names ({@link FleetTables}) as words. */
    private static final java.util.regex.Pattern FLEET =
            java.util.regex.Pattern.compile("\\b(stats|categories|buckets|ranges)\\b");

    /** A {@code *} of all columns ({@code SELECT *}, {@code t.*}, {@code COLUMNS(*)}), not {@code count(*)}. */
    private static final java.util.regex.Pattern ALL_COLUMNS =
            java.util.regex.Pattern.compile("(?<!count\\s{0,9}\\(\\s{0,9})\\*");

    /** What {@code sql} needs filled: the relations it names (others stay empty). */
    public static WalTables.Contents contentsFor(String sql) {
        String q = sql.toLowerCase(Locale.ROOT);
        boolean blocks = q.contains("block");
        boolean data = q.contains("block_data") || q.contains("block_fpi_data")
                || (q.contains("pg_get_wal_block_info") && q.contains("*"));
        boolean own = q.contains("wal_records") || q.contains("wal_blocks") || q.contains("category")
                || q.contains("fpi_cause");
        boolean parts = q.contains("wal_record_parts");
        boolean fleet = FLEET.matcher(q).find();
        // the text columns are worth their cost only to a query that names them, or all columns (a * that is not
        // count(*)'s) of a relation that has them (not pg_get_wal_stats); a table it attaches or creates is not ours
        boolean texts = q.contains("description") || q.contains("block_ref") || (ALL_COLUMNS.matcher(q).find()
                && (q.contains("record_info") || q.contains("records_info") || q.contains("block_info")
                || q.contains("wal_records") || q.contains("wal_blocks")));
        WalTables.Contents c = new WalTables.Contents(blocks, data, own || parts, parts, q.contains("vacuum_runs"),
                fleet, null, texts);
        // wal_records costs as much to fill as wal_blocks: left empty for a query over the block relations that
        // names no relation reading it (the records functions, pg_get_wal_stats and wal_records itself)
        boolean records = q.contains("wal_records") || q.contains("record_info") || q.contains("records_info")
                || q.contains("wal_stats");
        return blocks && !records ? c.withoutRecords() : c;
    }

    /**
     * Runs {@code sql} (LSN literals rewritten, {@link LsnSql}); prints the result of its last statement, if it
     * returns rows, in {@code format}. Returns the number of rows printed.
     */
    public long query(String sql, ResultPrinter.Format format, PrintWriter out) throws SQLException {
        try (Statement s = conn.createStatement()) {
            if (!s.execute(LsnSql.rewrite(sql))) {
                return 0;
            }
            try (ResultSet rs = s.getResultSet()) {
                long n = new ResultPrinter(version == null ? WalVersion.PG18 : version).print(rs, format, out);
                out.flush();
                return n;
            }
        }
    }

    /**
     * Writes every table to {@code dir} as {@code TABLE.parquet}, the Spark job's as {@code TABLE/CLUSTER.parquet}
     * (its output's layout).
     */
    public void exportParquet(Path dir) throws java.io.IOException, SQLException {
        try (Statement s = conn.createStatement()) {
            for (String t : java.util.List.of("wal_range", "wal_rmgrs", "wal_records", "wal_blocks", "wal_block_data",
                    "wal_record_parts", "relations", "vacuum_runs")) {
                copy(s, t, dir.resolve(t + ".parquet"));
            }
            // the Spark job's tables in its layout, TABLE/ directories (one file per source, named after its
            // cluster), so that the job's diff reads an export, or several copied into one directory
            String cluster = "source";
            try (ResultSet rs = s.executeQuery("SELECT any_value(cluster) FROM ranges")) {
                if (rs.next() && rs.getString(1) != null && !rs.getString(1).isEmpty()) {
                    cluster = rs.getString(1).replaceAll("[^A-Za-z0-9._-]", "_");
                }
            }
            for (String t : java.util.List.of("stats", "categories", "buckets", "ranges")) {
                java.nio.file.Files.createDirectories(dir.resolve(t));
                copy(s, t, dir.resolve(t).resolve(cluster + ".parquet"));
            }
        }
    }

    private static void copy(Statement s, String table, Path file) throws SQLException {
        s.execute("COPY " + table + " TO '" + file.toString().replace("'", "''") + "' (FORMAT parquet)");
    }

    /**
     * DuckDB's message as one line: its lines joined, the caret line of its position dropped (the query is the
     * user's own).
     */
    public static String oneLine(SQLException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        StringBuilder sb = new StringBuilder();
        for (String l : m.split("\n")) {
            String t = l.strip();
            if (t.isEmpty() || t.chars().allMatch(c -> c == '^' || c == ' ')) {
                continue;
            }
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(t);
        }
        return sb.toString();
    }

    @Override
    public void close() throws SQLException {
        conn.close();
    }
}
