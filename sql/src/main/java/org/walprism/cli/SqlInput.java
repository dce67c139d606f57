package org.walprism.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.Lsn;
import org.walprism.source.WalSources;
import org.walprism.analyzer.relmap.RangeRelations;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.analyzer.vacuums.VacuumAnalyzer;
import org.walprism.codec.read.SegmentSource;
import org.walprism.codec.read.TimelineHistory;
import org.walprism.codec.read.WalReader;
import org.walprism.sql.FleetTables;
import org.walprism.sql.WalSql;
import org.walprism.sql.WalTables;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options {@code sql} and {@code export} share: pg_waldump's {@code -p/-s/-e/-t} (no STARTSEG: the positional
 * argument of {@code sql} is the query), relation names, DuckDB's memory settings; and the loading of a range into
 * a {@link WalSql} database.
 */
final class SqlInput {
    @Option(names = {"-p", "--path"}, paramLabel = "PATH",
            description = "where the WAL is (as for dump: a directory, a segment file, a tar archive, a backup "
                    + "repository); default: the current directory")
    Path path;

    @Option(names = {"-s", "--start"}, paramLabel = "RECPTR", converter = WalRangeOptions.LsnConverter.class,
            description = "start reading at WAL location RECPTR; default: the first record")
    Long start;

    @Option(names = {"-e", "--end"}, paramLabel = "RECPTR", converter = WalRangeOptions.LsnConverter.class,
            description = "stop reading at WAL location RECPTR; default: the end of WAL")
    Long end;

    @Option(names = {"-t", "--timeline"}, paramLabel = "TLI", converter = WalRangeOptions.TimelineConverter.class,
            description = "timeline to read, as pg_waldump's -t")
    Long timeline;

    @Mixin
    NameOptions names;

    @Option(names = "--memory-limit", paramLabel = "SIZE", defaultValue = "256MB",
            description = "DuckDB's memory_limit (default: ${DEFAULT-VALUE}); past it DuckDB spills to "
                    + "--temp-directory")
    String memoryLimit;

    @Option(names = "--temp-directory", paramLabel = "DIR",
            description = "where DuckDB spills (default: DuckDB's, .tmp beside a database file or in the current "
                    + "directory)")
    Path tempDirectory;

    @Option(names = "--threads", paramLabel = "N", description = "DuckDB's threads (default: the processors)")
    int threads;

    @Option(names = "--bucket", paramLabel = "BYTES|DURATION",
            description = "the Spark job's tables (stats, categories, buckets) also per bucket, as its --bucket: an "
                    + "LSN width in bytes, or a duration (30s, 1min, 2h, 1d) for time buckets; at most 1000 buckets "
                    + "(default: whole-range rows only)")
    String bucket;

    /** {@code --bucket} as the Spark job's split. */
    FleetTables.Buckets buckets() {
        if (bucket == null) {
            return FleetTables.Buckets.NONE;
        }
        long micros = StatsCategories.bucketMicros(bucket);
        if (micros > 0) {
            return new FleetTables.Buckets(0, micros);
        }
        long bytes = StatsCategories.bucketBytes(bucket);
        if (bytes <= 0) {
            throw new BadArgumentException("--bucket must be a width in bytes, at least 1, or a duration, not "
                    + bucket);
        }
        return new FleetTables.Buckets(bytes, 0);
    }

    /** {@code --dbname}: a server with at most this many databases has all their maps loaded before the pass. */
    static final int ALL_DATABASES = 16;

    /** The range the options select. */
    WalRangeOptions.Range range() throws IOException {
        WalRangeOptions w = new WalRangeOptions();
        w.path = path;
        w.start = start;
        w.end = end;
        w.timeline = timeline;
        return w.range();
    }

    /** Opens a database in {@code file} (null: memory) with the memory settings. */
    WalSql open(Path file) throws SQLException {
        return WalSql.open(file, new WalSql.Settings(memoryLimit, tempDirectory, threads));
    }

    /** Fills {@code db} with the range, {@code contents} of it; prints the reader's notices to {@code err}. */
    WalTables.Filled load(WalSql db, WalTables.Contents contents, PrintWriter err) throws IOException, SQLException {
        WalRangeOptions.Range r = range();
        FleetTables.Buckets split = buckets();
        RelationMap map = RelationMap.empty();
        List<org.walprism.codec.WalMessage> notes = new ArrayList<>();
        boolean follow = false;
        NameOptions.Source src = null;
        if (names.any()) {
            // as dump --names: the range's own changes of which file holds which relation (a file created inside
            // it: VACUUM FULL, CLUSTER, TRUNCATE, REINDEX) are followed from the map, so that a map taken before a
            // rewrite names the new files too, in the pass that fills the tables. --dbname loads the maps of all the
            // server's databases first when it has few; else it asks for those of the range, which takes a pass of
            // its own to find them.
            src = names.open(0);
            map = src.map();
            if (src.server() != null && src.server().databases().size() <= ALL_DATABASES) {
                src.complete(src.server().databases().keySet());
                follow = true;
            } else if (src.server() != null) {
                RangeRelations.Result rr = RangeRelations.scan(r.path(), r.start(), r.end(), r.timeline(),
                        Runtime.getRuntime().availableProcessors(), map);
                notes.addAll(src.complete(rr.databases()));
                notes.addAll(rr.follow(map));
            } else {
                follow = true;
            }
        }
        WalTables.Filled f;
        try (WalReader reader = WalSources.reader(r.path(), Lsn.bound(r.start()), Lsn.bound(r.end()), r.timeline())) {
            Path name = r.path().getFileName();
            WalTables.Contents c = contents.fleet()
                    ? contents.cluster(name == null ? r.path().toString() : name.toString())
                            .source(r.path().toString(), split, history(r)) : contents;
            f = db.load(reader, r.start(), r.end(), c, map, follow, null);
            if (follow && src.server() != null) {
                // the databases of the range the server does not have (all the others are loaded)
                notes.addAll(src.complete(f.databases()));
            }
            notes.addAll(f.notices());
        } catch (FleetTables.TooManyBuckets e) {
            throw new BadArgumentException("--bucket " + bucket + ": " + e.getMessage());
        }
        // after the load, whose pass completed the names (the runs' own analysis reads the range twice)
        if (contents.vacuums()) {
            db.fillVacuums(VacuumAnalyzer.analyze(r.path(), r.start(), r.end(), r.timeline(), map));
        }
        Notices.print(err, notes, f.version());
        return f;
    }

    /** The history the source follows for the range's timeline (the Spark job's split of records by timeline). */
    private static TimelineHistory history(WalRangeOptions.Range r) throws IOException {
        try (SegmentSource s = WalSources.open(r.path(), r.timeline())) {
            return s.history();
        }
    }

    /** An SQL error as walprism's one line (exit 2): DuckDB's message inside. */
    static BadArgumentException sqlError(SQLException e) {
        return new BadArgumentException("sql: " + WalSql.oneLine(e));
    }
}
