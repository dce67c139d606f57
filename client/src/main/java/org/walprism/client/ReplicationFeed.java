package org.walprism.client;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.postgresql.PGConnection;
import org.postgresql.PGProperty;
import org.postgresql.replication.LogSequenceNumber;
import org.postgresql.replication.PGReplicationStream;
import org.postgresql.replication.fluent.physical.ChainedPhysicalStreamBuilder;
import org.walprism.codec.Lsn;
import org.walprism.codec.page.PageHeader;
import org.walprism.source.ReceivedWal;

/**
 * A physical replication connection (pgjdbc's {@code PGReplicationConnection}) feeding {@link ReceivedWal}: the
 * WAL bytes of each {@code XLogData} message, at the sender's boundaries, also written to the
 * {@link SegmentArchive} when there is one. Standby status updates report the LSN received, the LSN on disk
 * (synced segment files, else what was read) and the LSN read. When the connection drops (a server restart, a
 * network failure) it connects again, once a second, and streams again from the start of the page where reading
 * stopped: bytes after that point may be rewritten by a server that crashed, the bytes before it are complete
 * records, so nothing is lost or read twice.
 */
public final class ReplicationFeed implements ReceivedWal.Feed {
    /** Bytes delivered by one pump at most, before the reader reads them. */
    private static final int PUMP_BYTES = 2 << 20;
    /** How long a pump goes on gathering after its first bytes while more may be on the way. */
    private static final long GATHER_NANOS = 20_000_000L;

    /** What IDENTIFY_SYSTEM and SHOW wal_segment_size said. */
    public record Identity(long systemId, int timeline, long xlogpos, int segmentSize, int serverVersion) {
    }

    private final ConnInfo info;
    private final String slot;
    private final SegmentArchive archive;
    private final PrintWriter err;
    private final int statusSeconds;
    private Identity identity;
    private Connection con;
    private PGReplicationStream stream;
    private long lastTry;
    private long lastSync;

    public ReplicationFeed(ConnInfo info, String slot, SegmentArchive archive, int statusSeconds, PrintWriter err) {
        this.info = info;
        this.slot = slot;
        this.archive = archive;
        this.statusSeconds = statusSeconds;
        this.err = err;
    }

    /** Connects and identifies the server. */
    public Identity connect() throws IOException {
        try {
            con = open(info);
            identity = identify(con);
            return identity;
        } catch (SQLException e) {
            closeQuietly();
            throw new IOException("could not connect to the server at " + info.where() + ": " + message(e));
        }
    }

    /** A replication connection (physical: {@code replication=true}, simple query protocol). */
    public static Connection open(ConnInfo info) throws SQLException {
        Properties p = info.properties();
        PGProperty.REPLICATION.set(p, "true");
        PGProperty.ASSUME_MIN_SERVER_VERSION.set(p, "9.4");
        PGProperty.PREFER_QUERY_MODE.set(p, "simple");
        return DriverManager.getConnection(info.url(), p);
    }

    private static Identity identify(Connection c) throws SQLException {
        long sysid;
        int tli;
        long pos;
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("IDENTIFY_SYSTEM")) {
            r.next();
            sysid = Long.parseUnsignedLong(r.getString(1));
            tli = r.getInt(2);
            pos = Lsn.parse(r.getString(3)).value();
        }
        int segSize;
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SHOW wal_segment_size")) {
            r.next();
            segSize = (int) size(r.getString(1));
        }
        int version = c.getMetaData().getDatabaseMajorVersion();
        return new Identity(sysid, tli, pos, segSize, version);
    }

    /** {@code 16MB}, {@code 1GB}, {@code 1048576}: a size as SHOW prints it, in bytes. */
    public static long size(String s) {
        String t = s.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        for (String[] u : new String[][] {{"KB", "1024"}, {"MB", "1048576"}, {"GB", "1073741824"}, {"B", "1"}}) {
            if (t.endsWith(u[0])) {
                unit = Long.parseLong(u[1]);
                t = t.substring(0, t.length() - u[0].length()).trim();
                break;
            }
        }
        return Long.parseLong(t) * unit;
    }

    /** The restart LSN of slot {@code name} (READ_REPLICATION_SLOT, PostgreSQL 15+), or -1 when unknown. */
    public long slotRestart(String name) {
        if (identity.serverVersion() < 15) {
            return -1;
        }
        try (Statement s = con.createStatement();
             ResultSet r = s.executeQuery("READ_REPLICATION_SLOT " + quoteIdent(name))) {
            if (r.next() && r.getString(2) != null) {
                return Lsn.parse(r.getString(2)).value();
            }
        } catch (SQLException e) {
            // an older server or no such slot: START_REPLICATION says which
        }
        return -1;
    }

    private static String quoteIdent(String s) {
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** Starts streaming from {@code lsn}. */
    public void start(long lsn) throws SQLException {
        ChainedPhysicalStreamBuilder b = con.unwrap(PGConnection.class).getReplicationAPI().replicationStream()
                .physical().withStartPosition(LogSequenceNumber.valueOf(lsn))
                .withStatusInterval(statusSeconds, TimeUnit.SECONDS).withAutomaticFlush(false);
        if (slot != null) {
            b = b.withSlotName(slot);
        }
        stream = b.start();
    }

    @Override
    public boolean pump(ReceivedWal into, long readerLsn, long timeoutMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        try {
            if (stream == null) {
                reconnect(into, readerLsn, deadline);
                return true;
            }
            int got = 0;
            long firstAt = 0;
            while (got < PUMP_BYTES) {
                ByteBuffer b = stream.readPending();
                if (b == null) {
                    long now = System.nanoTime();
                    // gather for a moment after the first bytes: every return makes the reader look again
                    if ((got > 0 && now - firstAt > GATHER_NANOS) || now - deadline >= 0) {
                        break;
                    }
                    Thread.sleep(got > 0 ? 1 : 5);
                    continue;
                }
                if (got == 0) {
                    firstAt = System.nanoTime();
                }
                long end = stream.getLastReceiveLSN().asLong();
                long start = end - b.remaining();
                if (archive != null) {
                    archive.write(start, b);
                }
                into.receive(start, b);
                got += (int) (end - start);
            }
            long flushed = readerLsn;
            if (archive != null) {
                // synced when a status update is due (and at every completed segment), as pg_receivewal does
                long now = System.nanoTime();
                if (now - lastSync > TimeUnit.SECONDS.toNanos(statusSeconds) / 2) {
                    archive.sync();
                    lastSync = now;
                }
                flushed = archive.flushed();
            }
            stream.setFlushedLSN(LogSequenceNumber.valueOf(flushed));
            stream.setAppliedLSN(LogSequenceNumber.valueOf(readerLsn));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            if (!lost(e)) {
                throw new UncheckedIOException(new IOException("replication from " + info.where() + " failed: "
                        + message(e)));
            }
            err.println("walprism: note: connection to " + info.where() + " lost (" + message(e)
                    + "); reconnecting");
            err.flush();
            closeQuietly();
            return true;
        }
    }

    /** Connects again (at most once a second) and streams from the start of the page the reader waits in. */
    private void reconnect(ReceivedWal into, long readerLsn, long deadline) throws IOException, InterruptedException {
        long now = System.nanoTime();
        if (now - lastTry < 1_000_000_000L) {
            Thread.sleep(Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - now)));
            return;
        }
        lastTry = now;
        long from = Math.min(readerLsn - readerLsn % PageHeader.XLOG_BLCKSZ, into.receivedEnd());
        try {
            con = open(info);
            Identity id = identify(con);
            if (id.systemId() != identity.systemId()) {
                throw new IOException("the server at " + info.where() + " is another database system now (system "
                        + "identifier " + Long.toUnsignedString(id.systemId()) + ", was "
                        + Long.toUnsignedString(identity.systemId()) + ")");
            }
            if (archive != null) {
                from = Math.max(from, archive.restartFloor());
                archive.rewind(from);
            }
            into.rewind(from);
            start(from);
            err.println("walprism: note: reconnected to " + info.where() + ", streaming from "
                    + Lsn.format(from, true));
            err.flush();
        } catch (SQLException e) {
            closeQuietly();
            if (!lost(e)) {
                throw new IOException("replication from " + info.where() + " failed: " + message(e));
            }
        }
    }

    /**
     * Whether {@code e} is a lost or refused connection, or a server shutting down or starting up (SQLSTATE class
     * 08, 57P01-57P03), worth connecting again; anything else (a slot in use, WAL already removed) ends streaming.
     */
    private static boolean lost(SQLException e) {
        String state = e.getSQLState();
        return state == null || state.startsWith("08") || state.startsWith("57P");
    }

    /** The server's message, without anything pgjdbc adds about the connection (never a password). */
    public static String message(SQLException e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m.replace('\n', ' ');
    }

    private void closeQuietly() {
        try {
            if (stream != null && !stream.isClosed()) {
                stream.close();
            }
        } catch (SQLException e) {
            // the connection is gone anyway
        }
        try {
            if (con != null) {
                con.close();
            }
        } catch (SQLException e) {
            // the connection is gone anyway
        }
        stream = null;
        con = null;
    }

    @Override
    public void close() {
        try {
            if (stream != null && !stream.isClosed()) {
                stream.forceUpdateStatus();
            }
        } catch (SQLException e) {
            // a last status update is a courtesy
        }
        closeQuietly();
    }
}
