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
import org.walprism.analyzer.categories.TimeBuckets;
import org.walprism.analyzer.categories.WalTime;
import org.walprism.analyzer.stats.StatsRow;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.TimelineHistory;
import org.walprism.codec.record.RecordView;

/**
 * The tables of the Spark job ({@code spark/}'s {@code WalFleetJob}): {@code stats}, {@code categories},
 * {@code buckets} and {@code ranges}, with the job's names, column names and types (Spark's StringType as VARCHAR,
 * IntegerType as INTEGER, LongType as BIGINT, TimestampType as TIMESTAMPTZ, an array of strings as VARCHAR[]): the
 * rows of the job's whole range of each timeline ({@code bucket_start} and {@code bucket_time} NULL) and, with
 * {@link Buckets}, of each LSN or time bucket, split as the job's task sink and driver split them (FleetSink,
 * FleetPlacement): LSN buckets hold the records starting in {@code [start, start + width)}; a time bucket the
 * records after a commit or abort time in it ({@link WalTime}), the records before the range's first time in the
 * earliest bucket (none without any time: those records are in the whole range only). Each record is charged with
 * the layout bytes from the end of the record before it, so the buckets' layout rows add up to the whole range's.
 * The source is read as one task ({@code ranges.tasks} 1). {@code cluster} is the source's file name, as the job
 * labels a root given without a name.
 */
public final class FleetTables {

    /**
     * The job's {@code --bucket}: LSN buckets of {@code lsnWidth} bytes, or (when {@code timeMicros} is not 0)
     * time buckets of {@code timeMicros} microseconds; both 0: whole-range rows only.
     */
    public record Buckets(long lsnWidth, long timeMicros) {
        /** Whole-range rows only. */
        public static final Buckets NONE = new Buckets(0, 0);

        boolean any() {
            return lsnWidth > 0 || timeMicros > 0;
        }
    }

    /**
     * Most buckets a range may have here: each holds a whole {@link WalStats} and {@link CategoryStats} in memory
     * until the range is read (the job spreads them over its executors), a tenth of the CLI's
     * {@link TimeBuckets#MAX_BUCKETS}.
     */
    public static final int MAX_BUCKETS = TimeBuckets.MAX_BUCKETS / 10;

    /** More buckets than {@link #MAX_BUCKETS} over the range: a bad {@code --bucket} for it. */
    public static final class TooManyBuckets extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooManyBuckets(String message) {
            super(message);
        }
    }

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
                    + "first_time TIMESTAMPTZ, last_time TIMESTAMPTZ, records BIGINT NOT NULL)",
            "CREATE TABLE ranges (cluster VARCHAR NOT NULL, path VARCHAR NOT NULL, system_identifier VARCHAR NOT NULL, "
                    + "timeline INTEGER NOT NULL, version VARCHAR, first_lsn VARCHAR, end_lsn VARCHAR, "
                    + "records BIGINT NOT NULL, tasks INTEGER NOT NULL, tasks_used INTEGER NOT NULL, "
                    + "notices VARCHAR[] NOT NULL, untimed_records BIGINT, history VARCHAR)");

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

    /** One bucket's counters (the job's FleetSink.Bucket). */
    private static final class Bucket {
        final WalStats stats;
        final CategoryStats categories;
        /** span, page header, padding and skipped bytes charged to its records. */
        final long[] layout = new long[4];
        long firstTime;
        long lastTime;

        Bucket(WalVersion v, int segmentSize, long bucketSize) {
            stats = new WalStats(v);
            categories = new CategoryStats(v, segmentSize, bucketSize);
        }

        /** Adds {@code later}, counters of records after this one's first. */
        void merge(Bucket later) {
            stats.merge(later.stats);
            categories.merge(later.categories);
            for (int i = 0; i < layout.length; i++) {
                layout[i] += later.layout[i];
            }
            firstTime = firstTime == 0 ? later.firstTime : later.firstTime == 0 ? firstTime
                    : Math.min(firstTime, later.firstTime);
            lastTime = Math.max(lastTime, later.lastTime);
        }
    }

    /** A bucket of a timeline: its start (LSN, or Unix microseconds). */
    private record Key(int tli, long bucket) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            int c = Integer.compareUnsigned(tli, o.tli);
            return c != 0 ? c : Long.compare(bucket, o.bucket);
        }
    }

    /** The bucket of the records before the first commit or abort time (time buckets). */
    private static final long PENDING = Long.MIN_VALUE;

    private final Map<Integer, Whole> timelines = new TreeMap<>();
    private final Buckets spec;
    private final TreeMap<Key, Bucket> buckets = new TreeMap<>();
    private PageLayout all;
    private final long[] before = new long[4];
    private Key currentKey;
    private Bucket current;
    private Long timeBucket;
    private Long earliest;
    private long pendingRecords;

    private final Connection conn;
    private final String cluster;
    private long sysid;
    /** The appenders of stats, categories and buckets, opened at the first rows written. */
    private Rows rows;
    private DuckDBAppender[] appenders;

    /**
     * Whole-range rows, and with {@code spec} bucket rows, of the source named {@code cluster}, into {@code conn}'s
     * tables. An LSN bucket's rows are written as soon as the range has passed it, so that any number of them
     * takes the memory of one; time buckets (a record goes to the bucket of the latest commit time, which can go
     * back) are kept to the end, at most {@link #MAX_BUCKETS}.
     */
    FleetTables(Buckets spec, Connection conn, String cluster, TimelineHistory history) {
        this.spec = spec;
        this.conn = conn;
        this.cluster = cluster;
        this.history = history;
    }

    private final TimelineHistory history;

    /**
     * The timeline whose part of the history holds {@code lsn} (timeline.c tliOfPointInHistory, as the job's
     * FleetSink.Spec), else {@code fallback}.
     */
    private int timelineOf(long lsn, int fallback) {
        if (history == null) {
            return fallback;
        }
        List<TimelineHistory.Entry> e = history.entries();
        for (int i = e.size() - 1; i > 0; i--) {
            if (Long.compareUnsigned(e.get(i).begin(), lsn) <= 0) {
                return e.get(i).tli();
            }
        }
        return e.get(0).tli();
    }

    private Rows rows() throws SQLException {
        if (rows == null) {
            DuckDBConnection dc = conn.unwrap(DuckDBConnection.class);
            appenders = new DuckDBAppender[] {dc.createAppender("stats"), dc.createAppender("categories"),
                dc.createAppender("buckets")};
            rows = new Rows(appenders[0], appenders[1], appenders[2], cluster, Long.toUnsignedString(sysid));
        }
        return rows;
    }

    /** Writes one bucket's rows. */
    private void emit(Key k, Bucket b) throws SQLException {
        boolean time = spec.timeMicros() > 0;
        rows().write(k.tli(), time ? null : k.bucket(), time ? k.bucket() : null, b.stats, b.categories, b.layout,
                b.categories.startLsn(), b.categories.endLsn(), b.firstTime, b.lastTime);
    }

    /** Creates the tables. */
    static void create(Connection conn) throws SQLException {
        try (Statement s = conn.createStatement()) {
            for (String ddl : SCHEMA) {
                s.execute(ddl);
            }
        }
    }

    /** Counts one record of timeline {@code tli}, as the job's task sink does. */
    void accept(RecordView v, int fileTli, int segSize, long systemIdentifier) throws SQLException {
        sysid = systemIdentifier;
        int tli = timelineOf(v.lsn(), fileTli);
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
        if (spec.any()) {
            bucket(v, tli, segSize, stamp, len);
        }
    }

    /** As the job's FleetSink.accept: the record's bucket, its counters and its layout bytes. */
    private void bucket(RecordView v, int tli, int segSize, long stamp, int len) throws SQLException {
        long lsn = v.lsn();
        long b;
        if (spec.timeMicros() > 0) {
            if (stamp != 0) {
                timeBucket = Math.floorDiv(stamp, spec.timeMicros()) * spec.timeMicros();
                earliest = earliest == null ? timeBucket : Math.min(earliest, timeBucket);
            }
            if (timeBucket == null) {
                pendingRecords++;
            }
            b = timeBucket == null ? PENDING : timeBucket;
        } else {
            b = lsn - Long.remainderUnsigned(lsn, spec.lsnWidth());
        }
        if (currentKey == null || currentKey.tli() != tli || currentKey.bucket() != b) {
            if (current != null && spec.timeMicros() == 0) {
                // LSN buckets: the range has passed this one
                emit(currentKey, current);
                buckets.remove(currentKey);
            }
            currentKey = new Key(tli, b);
            current = buckets.get(currentKey);
            if (current == null) {
                if (spec.timeMicros() > 0 && buckets.size() >= MAX_BUCKETS) {
                    throw new TooManyBuckets("more than " + MAX_BUCKETS + " buckets over the range");
                }
                // CategoryStats' own LSN buckets are not in these tables: none kept (the job keeps them)
                current = new Bucket(v.version(), segSize, 0);
                buckets.put(currentKey, current);
            }
        }
        current.stats.add(v.rmid(), v.info(), Integer.toUnsignedLong(len), v.fpiLength());
        current.categories.add(v);
        if (stamp != 0) {
            current.firstTime = current.firstTime == 0 ? stamp : Math.min(current.firstTime, stamp);
            current.lastTime = Math.max(current.lastTime, stamp);
        }
        if (all == null) {
            all = new PageLayout(segSize);
        }
        figures(all, before);
        all.add(lsn, len);
        current.layout[0] += all.spanBytes() - before[0];
        current.layout[1] += all.pageHeaderBytes() - before[1];
        current.layout[2] += all.paddingBytes() - before[2];
        current.layout[3] += all.skippedBytes() - before[3];
    }

    private static long[] figures(PageLayout l, long[] out) {
        out[0] = l.spanBytes();
        out[1] = l.pageHeaderBytes();
        out[2] = l.paddingBytes();
        out[3] = l.skippedBytes();
        return out;
    }

    /**
     * The buckets as the job's driver leaves them: the records before the first time merged into the earliest
     * time bucket, ahead of its own (or dropped from the buckets when the range has no time).
     */
    private Map<Key, Bucket> placed() {
        Map<Key, Bucket> out = new TreeMap<>();
        for (Map.Entry<Key, Bucket> e : buckets.entrySet()) {
            Key k = e.getKey();
            if (k.bucket() == PENDING) {
                if (earliest != null) {
                    Bucket own = buckets.get(new Key(k.tli(), earliest));
                    Bucket m = e.getValue();
                    if (own != null) {
                        m.merge(own);
                    }
                    out.put(new Key(k.tli(), earliest), m);
                }
            } else {
                out.putIfAbsent(k, e.getValue());
            }
        }
        return out;
    }

    /** What the {@code ranges} row says of the source beside the counters: its name, path, reader's view. */
    record Source(String cluster, String path, long sysid, int timeline, WalVersion version, long firstLsn,
                  long endLsn, long records, List<String> notices) {
    }

    /** Writes the rows. */
    void write(Source src) throws SQLException {
        DuckDBConnection dc = conn.unwrap(DuckDBConnection.class);
        sysid = src.sysid();
        String id = Long.toUnsignedString(src.sysid());
        boolean time = spec.timeMicros() > 0;
        try {
            for (Map.Entry<Integer, Whole> e : timelines.entrySet()) {
                Whole w = e.getValue();
                long[] layout = {w.layout.spanBytes(), w.layout.pageHeaderBytes(), w.layout.paddingBytes(),
                    w.layout.skippedBytes()};
                rows().write(e.getKey(), null, null, w.stats, w.categories, layout, w.layout.startLsn(),
                        w.layout.endLsn(), w.firstTime, w.lastTime);
            }
            for (Map.Entry<Key, Bucket> e : placed().entrySet()) {
                emit(e.getKey(), e.getValue());
            }
        } finally {
            close();
        }
        try (DuckDBAppender rg = dc.createAppender("ranges")) {
            WalVersion v = src.version();
            boolean any = src.records() > 0 && v != null;
            // the range as the job's seams give it: the first record, the reader's EndRecPtr at the end
            long first = src.firstLsn();
            long end = src.endLsn();
            rg.beginRow().append(src.cluster()).append(src.path()).append(id).append(src.timeline());
            nullable(rg, v == null ? null : v.label());
            nullable(rg, any ? Lsn.of(first).format(v) : null);
            nullable(rg, any ? Lsn.of(end).format(v) : null);
            rg.append(src.records()).append(1).append(1).append(src.notices());
            if (time) {
                rg.append(pendingRecords);
            } else {
                rg.appendNull();
            }
            nullable(rg, history != null && history.fromFile() ? history.describe() : null);
            rg.endRow();
        }
    }

    /** Closes the appenders (once; the rows are then in the tables). */
    void close() throws SQLException {
        if (appenders != null) {
            SQLException first = null;
            for (DuckDBAppender a : appenders) {
                try {
                    a.close();
                } catch (SQLException e) {
                    first = first == null ? e : first;
                }
            }
            appenders = null;
            if (first != null) {
                throw first;
            }
        }
    }

    /** The rows of one key (a timeline's whole range or one of its buckets) in the three tables. */
    private record Rows(DuckDBAppender st, DuckDBAppender cat, DuckDBAppender bk, String cluster, String id) {
        void write(int tli, Long lsnBucket, Long timeBucket, WalStats stats, CategoryStats categories, long[] layout,
                   long first, long end, long firstTime, long lastTime) throws SQLException {
            WalVersion v = stats.version();
            List<StatsRow> rows = new ArrayList<>(stats.rows(true));
            rows.add(stats.total());
            for (StatsRow r : rows) {
                head(st, tli, lsnBucket, v);
                st.append(r.name()).append(r.count()).append(r.recordSize()).append(r.fpiSize())
                        .append(r.combinedSize());
                time(st, timeBucket);
                st.endRow();
            }
            for (CategorySummary.Row r : new CategorySummary(categories).rows()) {
                long value = r.value();
                if (r.section().equals("layout")) {
                    value = switch (r.metric()) {
                        case "span_bytes" -> layout[0];
                        case "page_header_bytes" -> layout[1];
                        case "padding_bytes" -> layout[2];
                        case "skipped_bytes" -> layout[3];
                        default -> value;
                    };
                }
                head(cat, tli, lsnBucket, v);
                cat.append(r.section()).append(r.name()).append(r.metric()).append(value);
                time(cat, timeBucket);
                cat.append(r.order()).endRow();
            }
            head(bk, tli, lsnBucket, v);
            time(bk, timeBucket);
            bk.append(v.label()).append(first).append(end).append(Lsn.of(first).format(v))
                    .append(Lsn.of(end).format(v));
            time(bk, firstTime == 0 ? null : firstTime);
            time(bk, lastTime == 0 ? null : lastTime);
            bk.append(categories.records()).endRow();
        }

        /** cluster, system_identifier, timeline, bucket_start, bucket_start_lsn. */
        private void head(DuckDBAppender a, int tli, Long lsnBucket, WalVersion v) throws SQLException {
            a.beginRow().append(cluster).append(id).append(tli);
            if (lsnBucket == null) {
                a.appendNull().appendNull();
            } else {
                a.append((long) lsnBucket).append(Lsn.of(lsnBucket).format(v));
            }
        }
    }

    private static void nullable(DuckDBAppender a, String s) throws SQLException {
        if (s == null) {
            a.appendNull();
        } else {
            a.append(s);
        }
    }

    private static void time(DuckDBAppender a, Long micros) throws SQLException {
        if (micros == null) {
            a.appendNull();
        } else {
            a.append(OffsetDateTime.ofInstant(Instant.EPOCH.plusNanos(micros * 1000L), ZoneOffset.UTC));
        }
    }
}
