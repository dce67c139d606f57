package org.walprism.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.categories.PageLayout;
import org.walprism.analyzer.categories.WalTime;
import org.walprism.analyzer.stats.StatsRow;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.RecordView;

/**
 * The tables of the Spark job ({@code spark/}'s {@code WalFleetJob}) that a single source has too: {@code stats},
 * {@code categories} and {@code buckets}, with the job's names, column names and types (Spark's StringType as
 * VARCHAR, IntegerType as INTEGER, LongType as BIGINT, TimestampType as TIMESTAMPTZ), and the rows of the job's
 * whole range of each timeline ({@code bucket_start} NULL). {@code cluster} is the source's file name, as the job
 * labels a root given without a name; the job's {@code ranges} describes its tasks and is not written.
 */
public final class FleetTables {

    /** The DDL, in the column order of the job's schemas. */
    static final List<String> SCHEMA = List.of(
            "CREATE TABLE stats (cluster VARCHAR NOT NULL, system_identifier VARCHAR NOT NULL, "
                    + "timeline INTEGER NOT NULL, bucket_start BIGINT, bucket_start_lsn VARCHAR, name VARCHAR NOT NULL, "
                    + "count BIGINT NOT NULL, record_size BIGINT NOT NULL, fpi_size BIGINT NOT NULL, "
                    + "combined_size BIGINT NOT NULL, bucket_time TIMESTAMPTZ)",
            "CREATE TABLE categories (cluster VARCHAR NOT NULL, system_identifier VARCHAR NOT NULL, "
                    + "timeline INTEGER NOT NULL, bucket_start BIGINT, bucket_start_lsn VARCHAR, "
                    + "section VARCHAR NOT NULL, name VARCHAR NOT NULL, metric VARCHAR NOT NULL, "
                    + "value BIGINT NOT NULL, bucket_time TIMESTAMPTZ, row_order INTEGER NOT NULL)",
            "CREATE TABLE buckets (cluster VARCHAR NOT NULL, system_identifier VARCHAR NOT NULL, "
                    + "timeline INTEGER NOT NULL, bucket_start BIGINT, bucket_start_lsn VARCHAR, "
                    + "bucket_time TIMESTAMPTZ, version VARCHAR NOT NULL, first_record BIGINT NOT NULL, "
                    + "\"end\" BIGINT NOT NULL, first_lsn VARCHAR NOT NULL, end_lsn VARCHAR NOT NULL, "
                    + "first_time TIMESTAMPTZ, last_time TIMESTAMPTZ, records BIGINT NOT NULL)");

    /** One timeline's counters (the job's whole-range bucket of it). */
    private static final class Whole {
        final WalStats stats;
        final CategoryStats categories;
        final PageLayout layout;
        long firstTime;
        long lastTime;

        Whole(WalVersion v, int segmentSize) {
            stats = new WalStats(v);
            categories = new CategoryStats(v, segmentSize, 0);
            layout = new PageLayout(segmentSize);
        }
    }

    private final Map<Integer, Whole> timelines = new TreeMap<>();

    /** Creates the tables. */
    static void create(Connection conn) throws SQLException {
        try (Statement s = conn.createStatement()) {
            for (String ddl : SCHEMA) {
                s.execute(ddl);
            }
        }
    }

    /** Counts one record of timeline {@code tli}, as the job's task sink does. */
    void accept(RecordView v, int tli, int segSize) {
        Whole w = timelines.computeIfAbsent(tli, k -> new Whole(v.version(), segSize));
        int len = v.totalLength();
        w.stats.add(v.rmid(), v.info(), Integer.toUnsignedLong(len), v.fpiLength());
        w.categories.add(v);
        long stamp = WalTime.of(v);
        if (stamp != 0) {
            w.firstTime = w.firstTime == 0 ? stamp : Math.min(w.firstTime, stamp);
            w.lastTime = Math.max(w.lastTime, stamp);
        }
        w.layout.add(v.lsn(), len);
    }

    /** Writes the rows. */
    void write(Connection conn, String cluster, long sysid) throws SQLException {
        DuckDBConnection dc = conn.unwrap(DuckDBConnection.class);
        String id = Long.toUnsignedString(sysid);
        try (DuckDBAppender st = dc.createAppender("stats");
             DuckDBAppender cat = dc.createAppender("categories");
             DuckDBAppender bk = dc.createAppender("buckets")) {
            for (Map.Entry<Integer, Whole> e : timelines.entrySet()) {
                Whole w = e.getValue();
                List<StatsRow> rows = new ArrayList<>(w.stats.rows(true));
                rows.add(w.stats.total());
                for (StatsRow r : rows) {
                    head(st, cluster, id, e.getKey());
                    st.append(r.name()).append(r.count()).append(r.recordSize()).append(r.fpiSize())
                            .append(r.combinedSize()).appendNull().endRow();
                }
                for (CategorySummary.Row r : new CategorySummary(w.categories).rows()) {
                    long value = r.value();
                    if (r.section().equals("layout")) {
                        value = switch (r.metric()) {
                            case "span_bytes" -> w.layout.spanBytes();
                            case "page_header_bytes" -> w.layout.pageHeaderBytes();
                            case "padding_bytes" -> w.layout.paddingBytes();
                            case "skipped_bytes" -> w.layout.skippedBytes();
                            default -> value;
                        };
                    }
                    head(cat, cluster, id, e.getKey());
                    cat.append(r.section()).append(r.name()).append(r.metric()).append(value).appendNull()
                            .append(r.order()).endRow();
                }
                WalVersion v = w.stats.version();
                head(bk, cluster, id, e.getKey());
                bk.appendNull().append(v.label()).append(w.layout.startLsn()).append(w.layout.endLsn())
                        .append(Lsn.of(w.layout.startLsn()).format(v)).append(Lsn.of(w.layout.endLsn()).format(v));
                time(bk, w.firstTime);
                time(bk, w.lastTime);
                bk.append(w.categories.records()).endRow();
            }
        }
    }

    private static void head(DuckDBAppender a, String cluster, String id, int tli) throws SQLException {
        a.beginRow().append(cluster).append(id).append(tli).appendNull().appendNull();
    }

    private static void time(DuckDBAppender a, long micros) throws SQLException {
        if (micros == 0) {
            a.appendNull();
        } else {
            a.append(OffsetDateTime.ofInstant(Instant.EPOCH.plusNanos(micros * 1000L), ZoneOffset.UTC));
        }
    }
}
