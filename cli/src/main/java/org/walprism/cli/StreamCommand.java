package org.walprism.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.postgresql.PGConnection;
import org.walprism.analyzer.dump.DumpFilter;
import org.walprism.client.ConnInfo;
import org.walprism.client.ConnectionString;
import org.walprism.client.ReplicationFeed;
import org.walprism.client.SegmentArchive;
import org.walprism.codec.Lsn;
import org.walprism.source.ReceivedWal;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code walprism stream}: WAL from a running server over the physical replication protocol, as pg_receivewal
 * receives it, read as it arrives with the same reader as files: the records ({@code dump}'s output), the
 * statistics or the category attribution (at Ctrl-C or the end LSN, or one row per {@code --interval}), and
 * optionally the segment files ({@code --write-segments}).
 */
@Command(name = "stream", description = {"Read WAL from a running server over replication, as it is written.",
        "Connection options are pg_receivewal's: -h is the host and -p the port here (in the commands that read "
                + "files, -h is help and -p the WAL path); --help and -? are help, -V the version, everywhere."},
        sortOptions = false)
public final class StreamCommand implements Callable<Integer> {

    // -h is --host here, as in pg_receivewal: help is --help (or -?, which Main turns into --help)
    @Option(names = "--help", usageHelp = true, description = "show this help message and exit")
    boolean help;

    @Option(names = {"-V", "--version"}, versionHelp = true, description = "print version information and exit")
    boolean versionHelp;

    @Spec
    CommandSpec spec;

    /** The server's major once connected (null before, or a major walprism does not know): its LSN form. */
    org.walprism.codec.WalVersion serverMajor;

    @Option(names = {"-d", "--dbname"}, paramLabel = "CONNSTR",
            description = "connection string (\"host=H port=P user=U sslmode=require\" or postgresql://U@H:P/), "
                    + "as libpq's; PGHOST, PGPORT, PGUSER, PGPASSWORD, PGSSLMODE and ~/.pgpass are read too")
    String dbname;

    @Option(names = {"-h", "--host"}, paramLabel = "HOST", description = "database server host")
    String host;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", description = "database server port")
    Integer port;

    @Option(names = {"-U", "--username"}, paramLabel = "NAME",
            description = "user to connect as (needs the REPLICATION attribute and a replication line in pg_hba.conf)")
    String user;

    @Option(names = {"-s", "--start"}, paramLabel = "RECPTR", converter = WalRangeOptions.LsnConverter.class,
            description = "read from the first record at or after RECPTR (default: where --write-segments DIR "
                    + "ends, as pg_receivewal goes on, else the slot's restart LSN, else the server's current WAL "
                    + "position); streaming starts at the start of its segment")
    Long start;

    @Option(names = {"-e", "--end"}, paramLabel = "RECPTR", converter = WalRangeOptions.LsnConverter.class,
            description = "stop after the records that end at or before RECPTR (default: until Ctrl-C)")
    Long end;

    @Option(names = {"-S", "--slot"}, paramLabel = "SLOTNAME", description = "replication slot to stream from")
    String slot;

    @Option(names = "--create-slot", description = "create the physical replication slot --slot names, then exit")
    boolean createSlot;

    @Option(names = "--drop-slot", description = "drop the replication slot --slot names, then exit")
    boolean dropSlot;

    @Option(names = "--write-segments", paramLabel = "DIR",
            description = "keep the WAL received as segment files in DIR, as pg_receivewal does (NAME.partial "
                    + "while it is received, renamed to NAME when complete: the server's segment byte for byte)")
    Path writeSegments;

    @Option(names = {"-z", "--stats"}, arity = "0..1", paramLabel = "record", fallbackValue = "rmgr",
            description = "statistics instead of records: rmgr (default) or record, as stats -z")
    String stats;

    @Option(names = "--categories", description = "the category attribution instead of records, as stats --categories")
    boolean categories;

    @Option(names = "--bucket", paramLabel = "BYTES", defaultValue = "0",
            description = "with --categories: LSN bucket width in bytes (default: the segment size)")
    long bucket;

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "0",
            description = "with --stats or --categories: one row per SECONDS seconds instead of a table at the end")
    double interval;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, json or csv (csv: statistics only)")
    StatsCommand.Format format;

    @Option(names = {"-b", "--bkp-details"}, description = "records: output detailed information about backup blocks")
    boolean bkpDetails;

    @Option(names = {"-q", "--quiet"}, description = "print no records (with --write-segments: only archive)")
    boolean quiet;

    @Option(names = "--status-interval", paramLabel = "SECONDS", defaultValue = "10",
            description = "seconds between standby status updates sent to the server (default: ${DEFAULT-VALUE})")
    int statusInterval;

    @Override
    public Integer call() throws Exception {
        if ((createSlot || dropSlot) && slot == null) {
            throw usage("--create-slot and --drop-slot need --slot");
        }
        if (interval < 0 || (interval > 0 && stats == null && !categories)) {
            throw usage(interval < 0 ? "--interval must be positive" : "--interval needs --stats or --categories");
        }
        if (statusInterval < 1) {
            throw usage("--status-interval must be at least 1 second");
        }
        ConnInfo info;
        try {
            info = ConnInfo.of(dbname, host, port, user, System.getenv());
        } catch (ConnectionString.InvalidException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException(e.getMessage()); // a host or port no server can have
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (createSlot || dropSlot) {
            return slotCommand(info);
        }
        Interrupts.install();
        SegmentArchive archive = null;
        ReplicationFeed feed = new ReplicationFeed(info, slot, null, statusInterval, err);
        ReplicationFeed.Identity id = feed.connect();
        serverMajor = major(id.serverVersion());
        long from = start != null && start != 0 ? start : -1;
        if (from < 0 && writeSegments != null) {
            from = resumeFrom(writeSegments, id.timeline(), id.segmentSize());
        }
        if (from < 0 && slot != null) {
            from = feed.slotRestart(slot);
        }
        if (from < 0) {
            from = id.xlogpos();
        }
        long streamFrom = from - from % id.segmentSize();
        if (writeSegments != null) {
            archive = new SegmentArchive(writeSegments, id.timeline(), id.segmentSize(), streamFrom);
            feed.close();
            feed = new ReplicationFeed(info, slot, archive, statusInterval, err);
            feed.connect();
        }
        ReceivedWal wal = new ReceivedWal(id.timeline(), id.segmentSize(), streamFrom);
        wal.feed(feed);
        try {
            feed.start(streamFrom);
        } catch (SQLException e) {
            wal.close();
            // the LSN as the server's major prints it, the one rule for LSNs
            throw new java.io.IOException("could not start streaming from " + info.where() + " at "
                    + (serverMajor != null ? Lsn.of(streamFrom).format(serverMajor) : Lsn.format(streamFrom, true))
                    + ": " + ReplicationFeed.message(e));
        }
        long e = end == null ? 0 : end;
        try (wal; SegmentArchive a = archive) {
            long millis = Math.round(interval * 1000);
            if (categories) {
                StatsCategories.checkBucket(bucket);
                LiveViews.categories(wal, from, e, bucket, format, millis, out, err);
            } else if (stats != null) {
                LiveViews.stats(wal, from, e, perRecord(), format, millis, out, err);
            } else {
                if (format == StatsCommand.Format.csv) {
                    throw usage("records print as text or json");
                }
                DumpCommand d = new DumpCommand();
                d.bkpDetails = bkpDetails;
                d.quiet = quiet;
                d.format = format == StatsCommand.Format.json ? DumpCommand.Format.json : DumpCommand.Format.text;
                OutputStream bytes = Stdout.bytesOf(out);
                try {
                    LiveViews.dump(wal, from, e, d.livePrinter(DumpFilter.all(), wal.segmentSize()), 0, bytes, err);
                } catch (Stdout.ClosedException x) {
                    // the reader of our output went away
                }
            }
            if (a != null) {
                Notices.printText(err, a.notices());
            }
        }
        return ExitCode.OK.code();
    }

    /**
     * Where streaming into {@code dir} goes on, as pg_receivewal finds it: the start of its last segment when that
     * is a {@code .partial}, else the start of the segment after its last complete one; -1 when it has none of
     * timeline {@code tli}.
     */
    static long resumeFrom(Path dir, int tli, int segSize) throws java.io.IOException {
        if (!java.nio.file.Files.isDirectory(dir)) {
            return -1;
        }
        long best = -1;
        String prefix = String.format(java.util.Locale.ROOT, "%08X", tli);
        try (var files = java.nio.file.Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String n = f.getFileName().toString();
                boolean partial = n.endsWith(".partial");
                String seg = partial ? n.substring(0, n.length() - ".partial".length()) : n;
                if (!org.walprism.codec.WalFileName.isSegmentName(seg) || !seg.startsWith(prefix)) {
                    continue;
                }
                long segno = org.walprism.codec.WalFileName.segno(seg, segSize);
                best = Math.max(best, (partial ? segno : segno + 1) * segSize);
            }
        }
        return best;
    }

    private boolean perRecord() {
        return switch (stats) {
            case "record" -> true;
            case "rmgr" -> false;
            default -> throw usage("unrecognized value for option --stats: " + stats);
        };
    }

    private int slotCommand(ConnInfo info) throws Exception {
        try (Connection c = ReplicationFeed.open(info)) {
            var api = c.unwrap(PGConnection.class).getReplicationAPI();
            if (createSlot) {
                api.createReplicationSlot().physical().withSlotName(slot).make();
            } else {
                api.dropReplicationSlot(slot);
            }
        } catch (SQLException e) {
            throw new java.io.IOException("could not " + (createSlot ? "create" : "drop") + " replication slot \""
                    + slot + "\" on " + info.where() + ": " + ReplicationFeed.message(e));
        }
        return ExitCode.OK.code();
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** The WAL version of server major {@code major} (e.g. 17), null when walprism has none. */
    static org.walprism.codec.WalVersion major(int major) {
        return org.walprism.codec.WalVersion.fromLabel(Integer.toString(major));
    }
}
