package org.walprism.cli;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.CRC32C;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.analyzer.stats.StatsFormatter;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.ForkableSource;
import org.walprism.codec.read.WalReader;
import org.walprism.source.WalSources;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.Heap2Codec;
import org.walprism.codec.rmgr.heap2.Heap2View;

/**
 * The parts of {@code walprism stats} timed one by one on one thread, in one JVM, for {@code bench/breakdown.sh}:
 * reading the segments, reading plus CRC-32C over every byte, the reader (pages, records, CRC, record headers), the
 * reader plus the Heap2 payload checks, the whole {@code stats} scan, and formatting its table. Each part runs
 * {@code rounds} times; the first round is the cold one a short process pays (interpreter, JIT), the best one the
 * warm cost. Not a user command: a measuring aid, like {@link CacheTraining}.
 *
 * <pre>java -cp cli/target/walprism.jar org.walprism.cli.ScanBreakdown DIR START END [ROUNDS]</pre>
 */
public final class ScanBreakdown {

    private ScanBreakdown() {
    }

    /** {@code args}: WAL directory, start LSN, end LSN (X/X), rounds (default 5). */
    public static void main(String[] args) {
        Main.configureNetty();
        Path dir = Path.of(args[0]);
        long start = org.walprism.codec.Lsn.parse(args[1]).value();
        long end = org.walprism.codec.Lsn.parse(args[2]).value();
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        long bytes = end - start;
        System.out.printf(Locale.ROOT, "%-34s %10s %10s %12s%n", "part (one thread)", "cold ms", "best ms",
                "best MB/s");
        time("read segments", rounds, bytes, () -> read(dir, start, end, false));
        time("read + CRC-32C of every byte", rounds, bytes, () -> read(dir, start, end, true));
        time("reader (pages, records, CRC)", rounds, bytes, () -> reader(dir, start, end, false));
        time("reader + Heap2 payload checks", rounds, bytes, () -> reader(dir, start, end, true));
        WalStats[] last = new WalStats[1];
        time("stats scan (-j 1)", rounds, bytes, () -> {
            try (WalReader r = WalSources.reader(dir, Lsn.bound(start), Lsn.bound(end), 0)) {
                last[0] = StatsCollector.collect(r);
                return last[0].count();
            }
        });
        time("stats scan (-j 2)", rounds, bytes, () -> StatsCollector.collect(dir, start, end, 0, 2).count());
        time("format --stats=record", rounds, 0, () -> StatsFormatter.text(last[0], true).length());
    }

    private interface Part {
        long run();
    }

    private static void time(String name, int rounds, long bytes, Part part) {
        double cold = 0;
        double best = Double.MAX_VALUE;
        long sink = 0;
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            sink += part.run();
            double ms = (System.nanoTime() - t0) / 1e6;
            if (i == 0) {
                cold = ms;
            }
            best = Math.min(best, ms);
        }
        System.out.printf(Locale.ROOT, "%-34s %10.1f %10.1f %12s%n", name, cold, best,
                bytes == 0 ? "-" : String.format(Locale.ROOT, "%.0f", bytes / 1e3 / best));
        if (sink == 42) {
            System.out.println(); // keeps the result alive
        }
    }

    /** Reads the segments covering [start, end) through the 1 MiB window the reader uses; optionally CRCs them. */
    private static long read(Path dir, long start, long end, boolean crc) {
        ByteBuffer win = ByteBuffer.allocateDirect(1 << 20);
        CRC32C c = new CRC32C();
        long n = 0;
        try (ForkableSource s = WalSources.open(dir, 0)) {
            long segSize = s.segmentSize();
            for (long seg = start / segSize; seg <= (end - 1) / segSize; seg++) {
                for (int off = 0; off < segSize; off += win.capacity()) {
                    win.clear().limit((int) Math.min(win.capacity(), segSize - off));
                    if (!s.read(seg, off, win)) {
                        throw new IllegalStateException("segment " + seg + " missing");
                    }
                    n += win.position();
                    if (crc) {
                        win.flip();
                        c.update(win);
                    }
                }
            }
        }
        return n + c.getValue();
    }

    private static long reader(Path dir, long start, long end, boolean check) {
        Heap2View scan = new Heap2View();
        long n = 0;
        try (WalReader r = WalSources.reader(dir, Lsn.bound(start), Lsn.bound(end), 0)) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                if (check && v.rmid() == RmgrTable.HEAP2 && !scan.load(v) && scan.type() != null
                        && Heap2View.isVacuum(scan.type())) {
                    Heap2Codec.decode(v.toDecoded()); // throws the reason
                }
                n += v.totalLength();
            }
        }
        return n;
    }
}
