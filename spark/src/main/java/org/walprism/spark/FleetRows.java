package org.walprism.spark;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.categories.PageLayout;
import org.walprism.analyzer.stats.StatsRow;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import scala.Tuple2;

/**
 * The output rows of one key ({@link WalFleetJob.Key}: a bucket of a root's timeline, or its whole range): the
 * {@code stats}, {@code categories} and {@code buckets} tables. A row is a whole-range row when both
 * {@code bucket_start} (LSN buckets) and {@code bucket_time} (time buckets) are null.
 */
final class FleetRows {

    /** One row per key: where its records lie, in LSN and in time. */
    static final StructType BUCKETS_SCHEMA = new StructType()
            .add("cluster", DataTypes.StringType, false)
            .add("system_identifier", DataTypes.StringType, false)
            .add("timeline", DataTypes.IntegerType, false)
            .add("bucket_start", DataTypes.LongType, true)
            .add("bucket_start_lsn", DataTypes.StringType, true)
            .add("bucket_time", DataTypes.TimestampType, true)
            .add("version", DataTypes.StringType, false)
            .add("first_record", DataTypes.LongType, false)
            .add("end", DataTypes.LongType, false)
            .add("first_lsn", DataTypes.StringType, false)
            .add("end_lsn", DataTypes.StringType, false)
            .add("first_time", DataTypes.TimestampType, true)
            .add("last_time", DataTypes.TimestampType, true)
            .add("records", DataTypes.LongType, false);

    private FleetRows() {
    }

    /** Unix microseconds as a Spark timestamp (null for none). */
    static Timestamp timestamp(long micros) {
        if (micros == 0 || micros == FleetSink.PENDING) {
            return null;
        }
        return Timestamp.from(Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                Math.floorMod(micros, 1_000_000L) * 1000L));
    }

    /** cluster, system_identifier, timeline, bucket_start, bucket_start_lsn. */
    private static Object[] head(Tuple2<String, String> id, WalFleetJob.Key k, boolean time, WalVersion v) {
        boolean lsn = !k.whole() && !time;
        return new Object[] {id._1(), id._2(), k.tli(), lsn ? k.bucket() : null,
            lsn ? Lsn.of(k.bucket()).format(v) : null};
    }

    private static Timestamp bucketTime(WalFleetJob.Key k, boolean time) {
        return !k.whole() && time ? timestamp(k.bucket()) : null;
    }

    /** {@code stats --stats=record} rows and {@code Total}. */
    static List<Row> stats(Tuple2<String, String> id, WalFleetJob.Key k, boolean time, FleetSink.Bucket b) {
        List<Row> out = new ArrayList<>();
        Object[] h = head(id, k, time, b.stats.version());
        Timestamp t = bucketTime(k, time);
        List<StatsRow> rows = new ArrayList<>(b.stats.rows(true));
        rows.add(b.stats.total());
        for (StatsRow r : rows) {
            out.add(RowFactory.create(h[0], h[1], h[2], h[3], h[4], r.name(), r.count(), r.recordSize(), r.fpiSize(),
                    r.combinedSize(), t));
        }
        return out;
    }

    /**
     * The {@link CategorySummary} in long form. Its {@code layout} row: for a whole range, the timeline's layout
     * merged on the driver (what {@code stats --categories} reports); for a bucket, the bytes charged to its
     * records ({@link FleetSink}), which add up over the buckets.
     */
    static List<Row> categories(Tuple2<String, String> id, WalFleetJob.Key k, boolean time, FleetSink.Bucket b,
                                FleetPlacement place) {
        List<Row> out = new ArrayList<>();
        Object[] h = head(id, k, time, b.stats.version());
        Timestamp t = bucketTime(k, time);
        long[] layout = k.whole() ? FleetSink.figures(place.timeline(k.root(), k.tli()), new long[4]) : b.layout;
        for (CategorySummary.Row r : new CategorySummary(b.categories).rows()) {
            long value = r.value();
            if (r.section().equals("layout")) {
                value = switch (r.metric()) {
                    case "span_bytes" -> layout[FleetSink.SPAN];
                    case "page_header_bytes" -> layout[FleetSink.HEADERS];
                    case "padding_bytes" -> layout[FleetSink.PADDING];
                    case "skipped_bytes" -> layout[FleetSink.SKIPPED];
                    default -> value;
                };
            }
            out.add(RowFactory.create(h[0], h[1], h[2], h[3], h[4], r.section(), r.name(), r.metric(), value, t,
                    r.order()));
        }
        return out;
    }

    /** The {@code buckets} row. */
    static Row bucket(Tuple2<String, String> id, WalFleetJob.Key k, boolean time, FleetSink.Bucket b,
                      FleetPlacement place) {
        WalVersion v = b.stats.version();
        Object[] h = head(id, k, time, v);
        long first = b.categories.startLsn();
        long end = b.categories.endLsn();
        if (k.whole()) {
            PageLayout l = place.timeline(k.root(), k.tli());
            first = l.startLsn();
            end = l.endLsn();
        }
        return RowFactory.create(h[0], h[1], h[2], h[3], h[4], bucketTime(k, time), v.label(), first, end,
                Lsn.of(first).format(v), Lsn.of(end).format(v), timestamp(b.firstTime), timestamp(b.lastTime),
                b.categories.records());
    }
}
