package org.walprism.spark;

import java.io.Serializable;
import java.nio.file.Path;
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
import org.walprism.analyzer.categories.WalTime;
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
     * @param timeline        timeline to read (0: the newest present, following its history: {@code stats -t N})
     * @param bucketSize      LSN bucket width in bytes (a fixed width; 0: one segment)
     * @param segmentsPerTask consecutive segments decoded by one task
     * @param timeBucket      time bucket width in microseconds ({@code --bucket 1h}); 0: LSN buckets
     * @param since           {@code --since} (Unix microseconds; 0: none), as the CLI's ({@link FleetTimeRange})
     * @param until           {@code --until} (0: none)
     * @param sinceText       {@code --since} as written (for messages)
     * @param untilText       {@code --until} as written
     */
    public record Options(List<Root> roots, int timeline, long bucketSize, int segmentsPerTask, long timeBucket,
                          long since, long until, String sinceText, String untilText) implements Serializable {
        /** LSN buckets over the whole range of each root. */
        public Options(List<Root> roots, int timeline, long bucketSize, int segmentsPerTask) {
            this(roots, timeline, bucketSize, segmentsPerTask, 0, 0, 0, null, null);
        }

        /** The same with other roots (the ranges {@code --since}/{@code --until} found). */
        Options withRoots(List<Root> r) {
            return new Options(r, timeline, bucketSize, segmentsPerTask, timeBucket, since, until, sinceText,
                    untilText);
        }
    }

    /** One task: segments {@code firstSeg..lastSeg} of root {@code root}, the {@code index}-th of that root. */
    record Task(int root, String path, int timeline, int index, long chunkStart, long stop, long endLsn,
                boolean firstChunk, FleetSink.Spec spec) implements Serializable {
    }

    /** What a task read: the chunk's seam information, its buckets' counters and its edges. */
    record TaskResult(Task task, ParallelWalScan.ChunkInfo info,
                      java.util.NavigableMap<FleetSink.Key, FleetSink.Bucket> buckets, FleetSink.Edges edges)
            implements Serializable {
    }

    /** A row key of the output: a bucket of one timeline of one root, or ({@code whole}) its whole range. */
    record Key(int root, int tli, long bucket, boolean whole) implements Serializable {
    }

    /** What the driver found for one root after checking the seams. */
    record RootRange(Root root, int timeline, long sysid, WalVersion version, long first, long end, long records,
                     int tasks, int usedTasks, List<String> notices, String history) implements Serializable {
    }

    /** The job's four tables. */
    public record Output(Dataset<Row> stats, Dataset<Row> categories, Dataset<Row> ranges, Dataset<Row> buckets) {
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
            .add("combined_size", DataTypes.LongType, false)
            .add("bucket_time", DataTypes.TimestampType, true);

    public static final StructType CATEGORIES_SCHEMA = new StructType()
            .add("cluster", DataTypes.StringType, false)
            .add("system_identifier", DataTypes.StringType, false)
            .add("timeline", DataTypes.IntegerType, false)
            .add("bucket_start", DataTypes.LongType, true)
            .add("bucket_start_lsn", DataTypes.StringType, true)
            .add("section", DataTypes.StringType, false)
            .add("name", DataTypes.StringType, false)
            .add("metric", DataTypes.StringType, false)
            .add("value", DataTypes.LongType, false)
            .add("bucket_time", DataTypes.TimestampType, true)
            .add("row_order", DataTypes.IntegerType, false);

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
            .add("notices", DataTypes.createArrayType(DataTypes.StringType), false)
            .add("untimed_records", DataTypes.LongType, true)
            .add("history", DataTypes.StringType, true);

    /**
     * Plans the tasks of every root (the roots are opened on the driver to list their segments, through
     * {@code files}: local paths, HDFS, object storage).
     */
    static List<Task> plan(Options o, ArchiveRoots files) {
        List<Task> tasks = new ArrayList<>();
        for (int ri = 0; ri < o.roots().size(); ri++) {
            Root root = o.roots().get(ri);
            try (ForkableSource probe = open(files, root.path(), o.timeline())) {
                ParallelWalScan.Plan p = ParallelWalScan.Plan.of(probe, Lsn.bound(root.startLsn()),
                        Lsn.bound(root.endLsn()));
                long bucket = o.bucketSize() == 0 ? p.segmentSize() : o.bucketSize();
                FleetSink.Spec spec = FleetSink.Spec.of(bucket, o.timeBucket(), probe.history());
                // a compressed archive can only be read front to back: one task
                long step = probe.randomAccess() ? Math.max(1, o.segmentsPerTask()) : Long.MAX_VALUE / 2;
                int index = 0;
                for (long a = p.startSeg(); a <= p.lastSeg(); a += step) {
                    long b = Math.min(p.lastSeg(), a + step - 1);
                    tasks.add(new Task(ri, root.path(), probe.timeline(), index++, p.chunkStart(a).value(),
                            (b + 1) * p.segmentSize(), root.endLsn(), a == p.startSeg(), spec));
                }
            } catch (WalFormatException e) {
                throw new RootFailure(root.cluster(), root.path(), e);
            }
        }
        return tasks;
    }

    /**
     * Opens a root for {@code timeline} through {@code files} (local paths, HDFS, object storage); 0: the newest
     * timeline present, following its history across the promotions when its history file is there (the CLI's
     * {@code -t N}; the CLI itself reads timeline 1 without {@code -t}, pg_waldump's default, and says which
     * {@code -t} would follow the history).
     */
    static ForkableSource open(ArchiveRoots files, String path, int timeline) {
        ForkableSource s = files.open(path, timeline);
        // a segment file given as the root means its own timeline, as STARTSEG does
        Path name = files.path(path).getFileName();
        boolean segmentFile = name != null
                && org.walprism.source.StoredSegmentName.parse(name.toString()) != null;
        if (timeline == 0 && !segmentFile && s.newestTimeline() != s.timeline()) {
            int newest = s.newestTimeline();
            s.close();
            return files.open(path, newest);
        }
        return s;
    }

    /** Runs one task: decodes its chunk into per-bucket counters (its segments opened here, through {@code files}). */
    static TaskResult run(Task t, ArchiveRoots files) {
        try (ForkableSource src = files.open(t.path(), t.timeline())) {
            FleetSink sink = new FleetSink(src.segmentSize(), t.spec());
            ParallelWalScan.ChunkInfo info = ParallelWalScan.readChunk(sink, src, Lsn.of(t.chunkStart()),
                    Lsn.of(t.stop()), Lsn.bound(t.endLsn()), t.firstChunk());
            return new TaskResult(t, info, sink.buckets(), sink.edges());
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
            try (ForkableSource probe = open(files, root.path(), o.timeline())) {
                ParallelWalScan.Plan p = ParallelWalScan.Plan.of(probe, Lsn.bound(root.startLsn()),
                        Lsn.bound(root.endLsn()));
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
                        seams.notices().stream().map(org.walprism.codec.WalMessage::toString).toList(),
                        probe.history().fromFile() ? probe.history().describe() : null));
            } catch (WalFormatException ex) {
                throw new RootFailure(root.cluster(), root.path(), ex);
            }
        }
        return ranges;
    }

    /** Computes the four tables (lazily written by the caller; the decoding runs here). */
    public static Output compute(SparkSession spark, Options given) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        // roots on any Hadoop file system, read with the session's Hadoop configuration (spark.hadoop.*)
        ArchiveRoots files = ArchiveRoots.of(jsc.hadoopConfiguration());
        Options o = FleetTimeRange.narrow(jsc, given, files);
        List<Task> tasks = plan(o, files);
        JavaRDD<TaskResult> results = jsc.parallelize(tasks, Math.max(1, tasks.size()))
                .map(t -> run(t, files))
                .persist(StorageLevel.MEMORY_AND_DISK_SER());
        List<Tuple3<Task, ParallelWalScan.ChunkInfo, FleetSink.Edges>> infos =
                results.map(r -> new Tuple3<>(r.task(), r.info(), r.edges())).collect();
        List<Tuple2<Task, ParallelWalScan.ChunkInfo>> seamInfos = new ArrayList<>();
        infos.forEach(i -> seamInfos.add(new Tuple2<>(i._1(), i._2())));
        Map<Integer, RootRange> ranges = seams(o, seamInfos, files);
        Map<Integer, Integer> used = new HashMap<>();
        ranges.forEach((k, v) -> used.put(k, v.usedTasks()));
        FleetPlacement place = place(o, infos, used);

        // per bucket: the tasks' counters of that bucket, merged in LSN order (task, then its pending records first)
        JavaPairRDD<Key, FleetSink.Bucket> perBucket = results
                .filter(r -> r.task().index() < used.getOrDefault(r.task().root(), 0))
                .flatMapToPair(r -> {
                    List<Tuple2<Key, Tuple2<Integer, FleetSink.Bucket>>> out = new ArrayList<>();
                    int root = r.task().root();
                    int index = r.task().index();
                    r.buckets().forEach((k, b) -> {
                        FleetSink.Key at = place.place(root, index, k);
                        if (k.equals(r.edges().firstKey())) {
                            long[] gap = place.seam(root, index);
                            for (int j = 0; j < gap.length; j++) {
                                b.layout[j] += gap[j];
                            }
                        }
                        int order = 2 * index + (k.bucket() == FleetSink.PENDING ? 0 : 1);
                        out.add(new Tuple2<>(new Key(root, at.tli(), at.bucket(), false), new Tuple2<>(order, b)));
                    });
                    return out.iterator();
                })
                .groupByKey()
                .mapValues(vs -> {
                    List<Tuple2<Integer, FleetSink.Bucket>> l = new ArrayList<>();
                    vs.forEach(l::add);
                    l.sort((x, y) -> Integer.compare(x._1(), y._1()));
                    FleetSink.Bucket m = FleetSink.Bucket.empty(l.get(0)._2());
                    for (Tuple2<Integer, FleetSink.Bucket> v : l) {
                        m.merge(v._2());
                    }
                    return m;
                })
                .persist(StorageLevel.MEMORY_AND_DISK_SER());
        // the whole range of a root's timeline: its buckets merged in the order of their first records (time
        // buckets may interleave: the layout of the whole range is the driver's, FleetPlacement.timeline)
        JavaPairRDD<Key, FleetSink.Bucket> whole = perBucket
                .mapToPair(kv -> new Tuple2<>(new Key(kv._1().root(), kv._1().tli(), 0, true), kv._2()))
                .groupByKey()
                .mapValues(vs -> {
                    List<FleetSink.Bucket> l = new ArrayList<>();
                    vs.forEach(l::add);
                    l.sort((x, y) -> Long.compareUnsigned(x.categories.startLsn(), y.categories.startLsn()));
                    FleetSink.Bucket m = FleetSink.Bucket.empty(l.get(0));
                    for (FleetSink.Bucket v : l) {
                        m.merge(v);
                    }
                    return m;
                });
        // every table is made from it: kept, so the whole-range merge runs once (records a root without any time
        // cannot place are in its whole range only)
        JavaPairRDD<Key, FleetSink.Bucket> all = perBucket.filter(kv -> kv._1().bucket() != FleetSink.PENDING)
                .union(whole)
                .persist(StorageLevel.MEMORY_AND_DISK_SER());
        Map<Integer, Tuple2<String, String>> ids = new HashMap<>();
        ranges.forEach((k, r) -> ids.put(k, new Tuple2<>(r.root().cluster(), Long.toUnsignedString(r.sysid()))));
        boolean time = o.timeBucket() > 0;
        JavaRDD<Row> statsRows = all.flatMap(kv -> FleetRows.stats(ids.get(kv._1().root()), kv._1(), time, kv._2())
                .iterator());
        JavaRDD<Row> catRows = all.flatMap(kv -> FleetRows.categories(ids.get(kv._1().root()), kv._1(), time,
                kv._2(), place).iterator());
        JavaRDD<Row> bucketRows = all.map(kv -> FleetRows.bucket(ids.get(kv._1().root()), kv._1(), time, kv._2(),
                place));
        List<Row> rangeRows = new ArrayList<>();
        for (Map.Entry<Integer, RootRange> e : new TreeMap<>(ranges).entrySet()) {
            RootRange r = e.getValue();
            long untimed = place.untimed(e.getKey());
            rangeRows.add(RowFactory.create(r.root().cluster(), r.root().path(), Long.toUnsignedString(r.sysid()),
                    r.timeline(), r.version() == null ? null : r.version().label(),
                    r.records() > 0 ? Lsn.of(r.first()).format(r.version()) : null,
                    r.records() > 0 ? Lsn.of(r.end()).format(r.version()) : null, r.records(), r.tasks(),
                    r.usedTasks(), scala.jdk.javaapi.CollectionConverters.asScala(r.notices()).toSeq(),
                    untimed < 0 ? null : untimed, r.history()));
        }
        return new Output(spark.createDataFrame(statsRows, STATS_SCHEMA),
                spark.createDataFrame(catRows, CATEGORIES_SCHEMA),
                spark.createDataFrame(rangeRows, RANGES_SCHEMA),
                spark.createDataFrame(bucketRows, FleetRows.BUCKETS_SCHEMA));
    }

    /** The driver's placement of every root's used tasks ({@link FleetPlacement}). */
    private static FleetPlacement place(Options o, List<Tuple3<Task, ParallelWalScan.ChunkInfo, FleetSink.Edges>> infos,
                                        Map<Integer, Integer> used) {
        Map<Integer, List<Tuple3<Task, ParallelWalScan.ChunkInfo, FleetSink.Edges>>> byRoot = new TreeMap<>();
        for (Tuple3<Task, ParallelWalScan.ChunkInfo, FleetSink.Edges> i : infos) {
            if (i._1().index() < used.getOrDefault(i._1().root(), 0)) {
                byRoot.computeIfAbsent(i._1().root(), k -> new ArrayList<>()).add(i);
            }
        }
        FleetPlacement place = new FleetPlacement();
        byRoot.forEach((root, list) -> {
            list.sort((x, y) -> Integer.compare(x._1().index(), y._1().index()));
            List<FleetSink.Edges> edges = new ArrayList<>();
            list.forEach(t -> edges.add(t._3()));
            place.root(root, list.get(0)._3().layout().segmentSize(), edges, o.timeBucket() > 0);
        });
        return place;
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
        if (args.length > 0 && args[0].equals("diff")) {
            return FleetDiff.run(java.util.Arrays.copyOfRange(args, 1, args.length), sessions, System.out, err);
        }
        String out = "walprism-fleet";
        long timeBucket = 0;
        String since = null;
        String until = null;
        String format = "parquet";
        List<String> rootArgs = new ArrayList<>();
        long start = 0;
        long end = 0;
        int timeline = 0;
        long bucket = 0;
        int perTask = 16;
        long sinceMicros;
        long untilMicros;
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
                    case "--bucket" -> {
                        String b = args[++i];
                        timeBucket = WalTime.duration(b);
                        if (timeBucket == 0) {
                            throw new IllegalArgumentException("--bucket " + b + ": a duration must be at least 1s");
                        }
                        if (timeBucket < 0) {
                            timeBucket = 0;
                            bucket = Long.parseLong(b.strip());
                        }
                    }
                    case "--since" -> since = args[++i];
                    case "--until" -> until = args[++i];
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
                        + "[--segments-per-task N] [--bucket BYTES|DURATION] [--start LSN] [--end LSN] "
                        + "[--since TIME] [--until TIME] [--timeline N] [CLUSTER=]PATH...  |  walprism-spark diff "
                        + "--out DIR A B");
            }
            sinceMicros = since == null ? 0 : WalTime.parse(since);
            untilMicros = until == null ? 0 : WalTime.parse(until);
            if (sinceMicros != 0 && untilMicros != 0 && untilMicros < sinceMicros) {
                throw new IllegalArgumentException("--until " + until + " is before --since " + since);
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
            Output o = compute(spark, new Options(roots, timeline, bucket, perTask, timeBucket, sinceMicros,
                    untilMicros, since, until));
            write(o.stats(), format, out + "/stats");
            write(o.categories(), format, out + "/categories");
            write(o.ranges(), format, out + "/ranges");
            write(o.buckets(), format, out + "/buckets");
            return 0;
        } catch (RuntimeException e) {
            // bad WAL, or a root that cannot be read (in a task, Spark's exception wraps the reader's)
            WalFormatException w = RootFailure.find(e);
            if (w != null) {
                err.println("walprism-spark: " + (w instanceof RootFailure r ? "root " + r.root() + ": " : "")
                        + w.getMessage());
                return 1;
            }
            if (e instanceof IllegalArgumentException) {
                // --since / --until that the WAL cannot place (TimeRange.narrow's message, as the CLI prints it)
                err.println("walprism-spark: " + e.getMessage());
                return 2;
            }
            throw e;
        }
    }

    private static long lsn(String text) {
        Lsn l = Lsn.parse(text);
        return l.hi() << 32 | l.lo();
    }

    /** Timestamps in JSON output: ISO 8601 in UTC to the microsecond (Spark's default stops at milliseconds). */
    static final String JSON_TIME = "yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX";

    static void write(Dataset<Row> d, String format, String path) {
        if (format.equals("json")) {
            d.coalesce(1).write().mode("overwrite").option("timestampFormat", JSON_TIME).option("timeZone", "UTC")
                    .json(path);
        } else {
            d.write().mode("overwrite").parquet(path);
        }
    }
}
