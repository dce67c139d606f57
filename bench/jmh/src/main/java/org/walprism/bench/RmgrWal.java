package org.walprism.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.Lsn;
import org.walprism.source.WalSources;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.write.WalWriter;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * WAL of one resource manager's records only: every record of that resource manager in the corpus captures of one
 * PostgreSQL major, as PostgreSQL wrote it, appended again and again through {@link WalWriter} (which chains
 * {@code xl_prev} and recomputes the CRC) until there are {@code count} of them. Both walprism (the JMH benchmark) and
 * pg_waldump ({@code bench/per-rmgr.sh}) read these files, so a regression in one resource manager shows by name.
 * XLOG_SWITCH records are left out (they would end each segment early).
 *
 * <pre>java -cp bench/jmh/target/benchmarks.jar org.walprism.bench.RmgrWal MAJOR RMGR COUNT DIR [CAPTURE]</pre>
 *
 * writes the segments into {@code DIR} and {@code DIR/range.tsv}: start_lsn, end_lsn, records, distinct records
 * (tab-separated). With {@code CAPTURE} (a folder the capture tool made, with {@code capture.meta} and {@code wal/},
 * such as {@code testdata/large/18/index_mix}) the records are those of that capture's range instead of the corpus:
 * the first {@code COUNT} of that resource manager, in WAL order, repeated only if the range has fewer.
 */
public final class RmgrWal {
    private RmgrWal() {
    }

    /** The records of resource manager {@code rmid} in the captures of {@code major}, whole (header included). */
    static List<byte[]> records(String major, int rmid) {
        List<byte[]> out = new ArrayList<>();
        for (Capture c : TestData.captures(major)) {
            try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
                RecordView v;
                while ((v = r.nextView()) != null) {
                    if (v.rmid() != rmid || (rmid == RmgrTable.XLOG && (v.info() & 0xF0) == 0x40)) {
                        continue;
                    }
                    byte[] b = new byte[v.totalLength()];
                    v.copyBytes(v.baseIndex(), b, 0, b.length);
                    out.add(b);
                }
            }
        }
        return out;
    }

    /**
     * The first {@code limit} records of resource manager {@code rmid} in the range {@code capture.meta} of
     * {@code capture} gives (its {@code start_lsn} and {@code end_lsn}), read from {@code capture/wal}.
     */
    static List<byte[]> records(Path capture, int rmid, int limit) throws IOException {
        long[] range = range(capture);
        List<byte[]> out = new ArrayList<>();
        try (WalReader r = WalSources.reader(capture.resolve("wal"), Lsn.bound(range[0]), Lsn.bound(range[1]))) {
            RecordView v;
            while (out.size() < limit && (v = r.nextView()) != null) {
                if (v.rmid() != rmid || (rmid == RmgrTable.XLOG && (v.info() & 0xF0) == 0x40)) {
                    continue;
                }
                byte[] b = new byte[v.totalLength()];
                v.copyBytes(v.baseIndex(), b, 0, b.length);
                out.add(b);
            }
        }
        return out;
    }

    /** {@code start_lsn} and {@code end_lsn} of a capture's {@code capture.meta}. */
    static long[] range(Path capture) throws IOException {
        long start = -1;
        long end = -1;
        for (String line : Files.readAllLines(capture.resolve("capture.meta"))) {
            String[] f = line.split("\t", 2);
            if (f[0].equals("start_lsn")) {
                start = parseLsn(f[1]);
            } else if (f[0].equals("end_lsn")) {
                end = parseLsn(f[1]);
            }
        }
        if (start < 0 || end < 0) {
            throw new IllegalArgumentException(capture + "/capture.meta has no start_lsn or end_lsn");
        }
        return new long[] {start, end};
    }

    static long parseLsn(String lsn) {
        int slash = lsn.indexOf('/');
        return (Long.parseLong(lsn.substring(0, slash).trim(), 16) << 32)
                | Long.parseLong(lsn.substring(slash + 1).trim(), 16);
    }

    /** Writes {@code count} records of {@code rmgr} (a pg_waldump name: Heap, Btree, ...) into {@code dir}. */
    public static long[] write(String major, String rmgr, int count, Path dir) throws IOException {
        return write(major, rmgr, count, dir, null);
    }

    /**
     * Writes {@code count} records of {@code rmgr} into {@code dir}: from the corpus of {@code major} when
     * {@code capture} is null, else from that capture's range.
     */
    public static long[] write(String major, String rmgr, int count, Path dir, Path capture) throws IOException {
        WalVersion version;
        if (capture == null) {
            List<Capture> captures = TestData.captures(major);
            if (captures.isEmpty()) {
                throw new IllegalArgumentException("no corpus capture of PostgreSQL " + major);
            }
            version = versionOf(captures.get(0));
        } else {
            long[] range = range(capture);
            try (WalReader r = WalSources.reader(capture.resolve("wal"), Lsn.bound(range[0]), Lsn.bound(range[1]))) {
                r.nextView();
                version = r.version();
            }
        }
        int rmid = RmgrTable.idOf(version, rmgr);
        if (rmid < 0) {
            throw new IllegalArgumentException("no resource manager " + rmgr + " in PostgreSQL " + major);
        }
        List<byte[]> recs = capture == null ? records(major, rmid) : records(capture, rmid, count);
        if (recs.isEmpty()) {
            throw new IllegalArgumentException("no " + rmgr + " record in "
                    + (capture == null ? "the corpus of PostgreSQL " + major : capture));
        }
        Files.createDirectories(dir);
        long start;
        long end;
        try (WalWriter w = WalWriter.create(dir, WalWriter.options(version).overwrite(true))) {
            start = -1;
            for (int i = 0; i < count; i++) {
                long lsn = w.append(recs.get(i % recs.size()));
                if (start < 0) {
                    start = lsn;
                }
            }
            end = w.endLsn();
        }
        Files.writeString(dir.resolve("range.tsv"), lsn(start) + "\t" + lsn(end) + "\t" + count + "\t"
                + recs.size() + "\n");
        return new long[] {start, end};
    }

    private static WalVersion versionOf(Capture c) {
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            r.nextView();
            return r.version();
        }
    }

    static String lsn(long v) {
        return String.format("%X/%08X", v >>> 32, v & 0xFFFFFFFFL);
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4 && args.length != 5) {
            System.err.println("usage: RmgrWal MAJOR RMGR COUNT DIR [CAPTURE]");
            System.exit(2);
        }
        write(args[0], args[1], Integer.parseInt(args[2]), Path.of(args[3]), args.length == 5 ? Path.of(args[4]) : null);
    }
}
