package org.walprism.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.stats.StatsRow;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.ForkableSource;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.spark.fs.ArchiveRoots;
import scala.Tuple2;
import scala.Tuple3;

/**
 * {@code walprism stats --stats=record} and {@code stats --categories} over WAL archive roots as a Spark job, per
 * cluster (archive root), timeline and LSN bucket, plus the whole range.
 *
 * <p>A task is a run of consecutive segments of one root, read as one chunk of {@link ParallelWalScan}: it decodes
 * the records starting in its segments and finishes the one crossing into the next task's. The driver checks the
 * seams in LSN order with {@link ParallelWalScan.Seams} (the {@code xl_prev} of each task's first record against the
 * previous task's last, page magic, system identifier, timeline order; where the WAL ended, later tasks are
 * dropped), then the tasks' bucket counters ({@link WalStats}, {@link CategoryStats}: the analyzer's own) are merged
 * by key in LSN order. No decoding or counting is done here that the CLI does not do the same way.
 */
public final class WalFleetJob {

    private WalFleetJob() {
    }

    /**
     * One archive root: {@code cluster} labels its rows; {@code startLsn} / {@code endLsn} bound what is read
     * (pg_waldump semantics: first record at or after the start, 0 = from the first record; records ending at or
     * before the end, 0 = to the end of WAL).
     */
    public record Root(String cluster, String path, long startLsn, long endLsn) implements Serializable {
        /** {@code NAME=PATH} or {@code PATH} (the path is the label). */
        public static Root parse(String arg, long startLsn, long endLsn) {
            int eq = arg.indexOf('=');
            String path = eq > 0 ? arg.substring(eq + 1) : arg;
            if (path.startsWith("file://")) {
                path = path.substring("file://".length());
            }
            return new Root(eq > 0 ? arg.substring(0, eq) : path, path, startLsn, endLsn);
        }
    }

    /**
     * What to compute.
     *
     * @param timeline        timeline to read (0: that of the files, as {@code stats})
     * @param bucketSize      LSN bucket width in bytes (a fixed width; 0: one segment)
     * @param segmentsPerTask consecutive segments decoded by one task
     */
    public record Options(List<Root> roots, int timeline, long bucketSize,
                          int segmentsPerTask) implements Serializable {
    }

    /** One task: segments {@code firstSeg..lastSeg} of root {@code root}, the {@code index}-th of that root. */
    record Task(int root, String path, int timeline, int index, long chunkStart, long stop, long endLsn,
                boolean firstChunk, long bucketSize) implements Serializable {
    }

    /** What a task read: the chunk's seam information and its buckets' counters. */
    record TaskResult(Task task, ParallelWalScan.ChunkInfo info, java.util.NavigableMap<Long, FleetSink.Bucket> buckets)
            implements Serializable {
    }

    /** What the driver found for one root after checking the seams. */
    record RootRange(Root root, int timeline, long sysid, WalVersion version, long first, long end, long records,
                     int tasks, int usedTasks, List<String> notices) implements Serializable {
    }

    /** The job's three tables. */
    public record Output(Dataset<Row> stats, Dataset<Row> categories, Dataset<Row> ranges) {
    }

    public static final StructType STATS_SCHEMA = new StructType()
            .add("cluster", DataTypes.StringType, false)
            .add("system_identifier", DataTypes.StringType, false)
            .add("timeline", DataTypes.IntegerType, false)
            .add("bucket_start", DataTypes.LongType, true)
            .add("bucket_start_lsn", DataTypes.StringType, true)
            .add("name", DataTypes.StringType, false)
            .add("count", DataTypes.LongType, false)
            .add("record_size", DataTypes.LongType, false)
            .add("fpi_size", DataTypes.LongType, false)
            .add("combined_size", DataTypes.LongType, false);

    public static final StructType CATEGORIES_SCHEMA = new StructType()
            .add("cluster", DataTypes.StringType, false)
            .add("system_identifier", DataTypes.StringType, false)
            .add("timeline", DataTypes.IntegerType, false)
            .add("bucket_start", DataTypes.LongType, true)
            .add("bucket_start_lsn", DataTypes.StringType, true)
            .add("section", DataTypes.StringType, false)
            .add("name", DataTypes.StringType, false)
            .add("metric", DataTypes.StringType, false)
            .add("value", DataTypes.LongType, false);

    public static final StructType RANGES_SCHEMA = new StructType()
            .add("cluster", DataTypes.StringType, false)
            .add("path", DataTypes.StringType, false)
            .add("system_identifier", DataTypes.StringType, false)
            .add("timeline", DataTypes.IntegerType, false)
            .add("version", DataTypes.StringType, true)
            .add("first_lsn", DataTypes.StringType, true)
            .add("end_lsn", DataTypes.StringType, true)
            .add("records", DataTypes.LongType, false)
            .add("tasks", DataTypes.IntegerType, false)
            .add("tasks_used", DataTypes.IntegerType, false)
            .add("notices", DataTypes.createArrayType(DataTypes.StringType), false);

    /**
     * Plans the tasks of every root (the roots are opened on the driver to list their segments, through
     * {@code files}: local paths, HDFS, object storage).
     */
    static List<Task> plan(Options o, ArchiveRoots files) {
        List<Task> tasks = new ArrayList<>();
        for (int ri = 0; ri < o.roots().size(); ri++) {
            Root root = o.roots().get(ri);
            try (ForkableSource probe = files.open(root.path(), o.timeline())) {
                ParallelWalScan.Plan p = ParallelWalScan.Plan.of(probe, root.startLsn(), root.endLsn());
                long bucket = o.bucketSize() == 0 ? p.segmentSize() : o.bucketSize();
                // a compressed archive can only be read front to back: one task
                long step = probe.randomAccess() ? Math.max(1, o.segmentsPerTask()) : Long.MAX_VALUE / 2;
                int index = 0;
                for (long a = p.startSeg(); a <= p.lastSeg(); a += step) {
                    long b = Math.min(p.lastSeg(), a + step - 1);
                    tasks.add(new Task(ri, root.path(), o.timeline(), index++, p.chunkStart(a),
                            (b + 1) * p.segmentSize(), root.endLsn(), a == p.startSeg(), bucket));
                }
            } catch (WalFormatException e) {
                throw new RootFailure(root.cluster(), root.path(), e);
            }
        }
        return tasks;
    }

    /** Runs one task: decodes its chunk into per-bucket counters (its segments opened here, through {@code files}). */
    static TaskResult run(Task t, ArchiveRoots files) {
        try (ForkableSource src = files.open(t.path(), t.timeline())) {
            FleetSink sink = new FleetSink(src.segmentSize(), t.bucketSize());
            ParallelWalScan.ChunkInfo info = ParallelWalScan.readChunk(sink, src, t.chunkStart(), t.stop(), t.endLsn(),
                    t.firstChunk());
            return new TaskResult(t, info, sink.buckets());
        } catch (WalFormatException e) {
            // opening failed (decoding errors are in the result): the task fails, Spark retries it
            throw new RootFailure(t.path(), t.path(), e);
        }
    }

    /** Checks the seams of each root's tasks in LSN order (throws what a sequential reader would meet). */
    static Map<Integer, RootRange> seams(Options o, List<Tuple2<Task, ParallelWalScan.ChunkInfo>> infos,
                                         ArchiveRoots files) {
        Map<Integer, List<Tuple2<Task, ParallelWalScan.ChunkInfo>>> byRoot = new TreeMap<>();
        for (Tuple2<Task, ParallelWalScan.ChunkInfo> i : infos) {
            byRoot.computeIfAbsent(i._1().root(), k -> new ArrayList<>()).add(i);
        }
        Map<Integer, RootRange> ranges = new HashMap<>();
        for (Map.Entry<Integer, List<Tuple2<Task, ParallelWalScan.ChunkInfo>>> e : byRoot.entrySet()) {
            List<Tuple2<Task, ParallelWalScan.ChunkInfo>> list = e.getValue();
            list.sort((x, y) -> Integer.compare(x._1().index(), y._1().index()));
            Root root = o.roots().get(e.getKey());
            try (ForkableSource probe = files.open(root.path(), o.timeline())) {
                ParallelWalScan.Plan p = ParallelWalScan.Plan.of(probe, root.startLsn(), root.endLsn());
                ParallelWalScan.Seams seams = new ParallelWalScan.Seams(probe, p.start());
                int used = 0;
                for (Tuple2<Task, ParallelWalScan.ChunkInfo> t : list) {
                    seams.accept(t._2());
                    used++;
                    if (seams.ended()) {
                        break;
                    }
                }
                ranges.put(e.getKey(), new RootRange(root, probe.timeline(), seams.systemIdentifier(),
                        seams.version(), seams.first(), seams.end(), seams.count(), list.size(), used,
                        seams.notices()));
            } catch (WalFormatException ex) {
                throw new RootFailure(root.cluster(), root.path(), ex);
            }
        }
        return ranges;
    }

    /** Computes the three tables (lazily written by the caller; the decoding runs here). */
    public static Output compute(SparkSession spark, Options o) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        // roots on any Hadoop file system, read with the session's Hadoop configuration (spark.hadoop.*)
        ArchiveRoots files = ArchiveRoots.of(jsc.hadoopConfiguration());
        List<Task> tasks = plan(o, files);
        JavaRDD<TaskResult> results = jsc.parallelize(tasks, Math.max(1, tasks.size()))
                .map(t -> run(t, files))
                .persist(StorageLevel.MEMORY_AND_DISK_SER());
        List<Tuple2<Task, ParallelWalScan.ChunkInfo>> infos =
                results.map(r -> new Tuple2<>(r.task(), r.info())).collect();
        Map<Integer, RootRange> ranges = seams(o, infos, files);
        Map<Integer, Integer> used = new HashMap<>();
        ranges.forEach((k, v) -> used.put(k, v.usedTasks()));

        // per bucket: the tasks' counters of that bucket, merged in task (LSN) order
        JavaPairRDD<Tuple2<Integer, Long>, FleetSink.Bucket> perBucket = results
                .filter(r -> r.task().index() < used.getOrDefault(r.task().root(), 0))
                .flatMapToPair(r -> {
                    List<Tuple2<Tuple2<Integer, Long>, Tuple2<Integer, FleetSink.Bucket>>> out = new ArrayList<>();
                    r.buckets().forEach((b, s) -> out.add(new Tuple2<>(new Tuple2<>(r.task().root(), b),
                            new Tuple2<>(r.task().index(), s))));
                    return out.iterator();
                })
                .groupByKey()
                .mapValues(vs -> {
                    List<Tuple2<Integer, FleetSink.Bucket>> l = new ArrayList<>();
                    vs.forEach(l::add);
                    l.sort((x, y) -> Integer.compare(x._1(), y._1()));
                    FleetSink.Bucket m = empty(l.get(0)._2());
                    for (Tuple2<Integer, FleetSink.Bucket> v : l) {
                        m.merge(v._2());
                    }
                    return m;
                })
                .persist(StorageLevel.MEMORY_AND_DISK_SER());
        // the whole range of a root: its buckets merged in LSN order
        JavaPairRDD<Tuple2<Integer, Long>, FleetSink.Bucket> whole = perBucket
                .mapToPair(kv -> new Tuple2<>(kv._1()._1(), new Tuple2<>(kv._1()._2(), kv._2())))
                .groupByKey()
                .mapToPair(kv -> {
                    List<Tuple2<Long, FleetSink.Bucket>> l = new ArrayList<>();
                    kv._2().forEach(l::add);
                    l.sort((x, y) -> Long.compareUnsigned(x._1(), y._1()));
                    FleetSink.Bucket m = empty(l.get(0)._2());
                    for (Tuple2<Long, FleetSink.Bucket> v : l) {
                        m.merge(v._2());
                    }
                    return new Tuple2<>(new Tuple2<>(kv._1(), -1L), m);
                });
        // both tables are made from it: kept, so the whole-range merge runs once
        JavaPairRDD<Tuple2<Integer, Long>, FleetSink.Bucket> all = perBucket.union(whole)
                .persist(StorageLevel.MEMORY_AND_DISK_SER());
        Map<Integer, Tuple3<String, String, Integer>> ids = new HashMap<>();
        ranges.forEach((k, r) -> ids.put(k, new Tuple3<>(r.root().cluster(), Long.toUnsignedString(r.sysid()),
                r.timeline())));
        JavaRDD<Row> statsRows = all.flatMap(kv -> statsRows(ids.get(kv._1()._1()), kv._1()._2(), kv._2()).iterator());
        JavaRDD<Row> catRows = all.flatMap(kv -> categoryRows(ids.get(kv._1()._1()), kv._1()._2(), kv._2()).iterator());
        List<Row> rangeRows = new ArrayList<>();
        for (RootRange r : new TreeMap<>(ranges).values()) {
            rangeRows.add(RowFactory.create(r.root().cluster(), r.root().path(), Long.toUnsignedString(r.sysid()),
                    r.timeline(), r.version() == null ? null : r.version().label(),
                    r.records() > 0 ? Lsn.of(r.first()).format(r.version()) : null,
                    r.records() > 0 ? Lsn.of(r.end()).format(r.version()) : null, r.records(), r.tasks(),
                    r.usedTasks(), scala.jdk.javaapi.CollectionConverters.asScala(r.notices()).toSeq()));
        }
        return new Output(spark.createDataFrame(statsRows, STATS_SCHEMA),
                spark.createDataFrame(catRows, CATEGORIES_SCHEMA),
                spark.createDataFrame(rangeRows, RANGES_SCHEMA));
    }

    private static FleetSink.Bucket empty(FleetSink.Bucket like) {
        WalVersion v = like.stats.version();
        return new FleetSink.Bucket(new WalStats(v),
                new CategoryStats(v, like.categories.segmentSize(), like.categories.bucketSize()));
    }

    private static Object[] key(Tuple3<String, String, Integer> id, long bucket, WalVersion v) {
        return new Object[] {id._1(), id._2(), id._3(), bucket < 0 ? null : bucket,
            bucket < 0 ? null : Lsn.of(bucket).format(v)};
    }

    static List<Row> statsRows(Tuple3<String, String, Integer> id, long bucket, FleetSink.Bucket b) {
        List<Row> out = new ArrayList<>();
        Object[] k = key(id, bucket, b.stats.version());
        List<StatsRow> rows = new ArrayList<>(b.stats.rows(true));
        rows.add(b.stats.total());
        for (StatsRow r : rows) {
            out.add(RowFactory.create(k[0], k[1], k[2], k[3], k[4], r.name(), r.count(), r.recordSize(), r.fpiSize(),
                    r.combinedSize()));
        }
        return out;
    }

    static List<Row> categoryRows(Tuple3<String, String, Integer> id, long bucket, FleetSink.Bucket b) {
        List<Row> out = new ArrayList<>();
        Object[] k = key(id, bucket, b.stats.version());
        CategorySummary s = new CategorySummary(b.categories);
        for (String section : s.sectionNames()) {
            for (Map.Entry<String, Map<String, Long>> row : s.section(section).entrySet()) {
                for (Map.Entry<String, Long> m : row.getValue().entrySet()) {
                    out.add(RowFactory.create(k[0], k[1], k[2], k[3], k[4], section, row.getKey(), m.getKey(),
                            m.getValue()));
                }
            }
        }
        return out;
    }

    /**
     * {@code walprism-spark [--out DIR] [--format parquet|json] [--segments-per-task N] [--bucket-size BYTES]
     * [--start LSN] [--end LSN] [--timeline N] ROOT...}; ROOT is {@code PATH} or {@code CLUSTER=PATH}.
     */
    public static void main(String[] args) {
        SparkSession[] made = new SparkSession[1];
        int rc;
        try {
            rc = run(args, () -> made[0] = SparkSession.builder().appName("walprism-fleet").getOrCreate(),
                    System.err);
        } finally {
            if (made[0] != null) {
                made[0].stop();
            }
        }
        System.exit(rc);
    }

    /**
     * Parses {@code args}, computes and writes the tables with the session {@code sessions} gives (asked only once
     * the arguments are valid); returns the exit code: 0, 1 (bad WAL: one line on {@code err}), 2 (bad usage).
     */
    static int run(String[] args, java.util.function.Supplier<SparkSession> sessions, java.io.PrintStream err) {
        String out = "walprism-fleet";
        String format = "parquet";
        List<String> rootArgs = new ArrayList<>();
        long start = 0;
        long end = 0;
        int timeline = 0;
        long bucket = 0;
        int perTask = 16;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--out" -> out = args[++i];
                    case "--format" -> format = args[++i];
                    case "--start" -> start = lsn(args[++i]);
                    case "--end" -> end = lsn(args[++i]);
                    case "--timeline" -> timeline = Integer.parseInt(args[++i]);
                    case "--bucket-size" -> bucket = Long.parseLong(args[++i]);
                    case "--segments-per-task" -> perTask = Integer.parseInt(args[++i]);
                    default -> {
                        if (a.startsWith("--")) {
                            throw new IllegalArgumentException("unknown option " + a);
                        }
                        rootArgs.add(a);
                    }
                }
            }
            if (rootArgs.isEmpty() || !(format.equals("parquet") || format.equals("json")) || perTask < 1
                    || bucket < 0) {
                throw new IllegalArgumentException("usage: walprism-spark [--out DIR] [--format parquet|json] "
                        + "[--segments-per-task N] [--bucket-size BYTES] [--start LSN] [--end LSN] [--timeline N] "
                        + "[CLUSTER=]PATH...");
            }
        } catch (ArrayIndexOutOfBoundsException | IllegalArgumentException e) {
            err.println("walprism-spark: " + (e instanceof ArrayIndexOutOfBoundsException
                    ? "option needs a value" : e.getMessage()));
            return 2;
        }
        List<Root> roots = new ArrayList<>();
        for (String a : rootArgs) {
            roots.add(Root.parse(a, start, end));
        }
        SparkSession spark = sessions.get();
        try {
            Output o = compute(spark, new Options(roots, timeline, bucket, perTask));
            write(o.stats(), format, out + "/stats");
            write(o.categories(), format, out + "/categories");
            write(o.ranges(), format, out + "/ranges");
            return 0;
        } catch (RuntimeException e) {
            // bad WAL, or a root that cannot be read (in a task, Spark's exception wraps the reader's)
            WalFormatException w = RootFailure.find(e);
            if (w == null) {
                throw e;
            }
            err.println("walprism-spark: " + (w instanceof RootFailure r ? "root " + r.root() + ": " : "")
                    + w.getMessage());
            return 1;
        }
    }

    private static long lsn(String text) {
        Lsn l = Lsn.parse(text);
        return l.hi() << 32 | l.lo();
    }

    private static void write(Dataset<Row> d, String format, String path) {
        if (format.equals("json")) {
            d.coalesce(1).write().mode("overwrite").json(path);
        } else {
            d.write().mode("overwrite").parquet(path);
        }
    }
}
