package org.walprism.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.walprism.codec.Lsn;
import org.walprism.source.WalSources;
import org.walprism.analyzer.desc.RecordCheck;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;

/**
 * Per-record CPU of what {@code walprism stats -j 1} does to each record (read it from the segment files, validate
 * it as dump does, count it by resource manager and record type), per resource manager, over WAL of that resource
 * manager's records only ({@link RmgrWal}: real records of the corpus, {@value #RECORDS} per range). The score is
 * nanoseconds per record (wall); the {@link Cpu} counters give the thread's CPU time and the records, which
 * {@code bench/per-rmgr.sh} divides and prints beside pg_waldump's CPU time per record on the same files (CPU
 * time, not wall: the machine may be shared).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-Xmn16m"})
public class RmgrScanBenchmark {
    /** Records in each resource manager's range. */
    public static final int RECORDS = 200_000;

    /** PostgreSQL major whose corpus the records come from. */
    @Param("18")
    public String major;

    /** Resource manager, as pg_waldump names it. */
    @Param({"XLOG", "Transaction", "Storage", "Standby", "Heap2", "Heap", "Btree", "Hash", "Gin", "Gist",
            "Sequence", "SPGist", "BRIN"})
    public String rmgr;

    /**
     * A capture folder ({@code testdata/large/18/index_mix}) whose range gives the records instead of the corpus;
     * empty: the corpus of {@link #major}.
     */
    @Param("")
    public String from;

    /** Where the ranges are kept between runs (made on first use). */
    @Param("bench/out/rmgr-wal")
    public String dir;

    private Path wal;
    private long start;
    private long end;

    @Setup
    public void setup() throws IOException {
        Path capture = from.isEmpty() ? null : Path.of(from);
        wal = Path.of(dir, setName(major, capture), rmgr);
        Path range = wal.resolve("range.tsv");
        if (!Files.exists(range) || !Files.readString(range).split("\t")[2].equals(Integer.toString(RECORDS))) {
            RmgrWal.write(major, rmgr, RECORDS, wal, capture);
        }
        String[] f = Files.readString(range).trim().split("\t");
        start = parse(f[0]);
        end = parse(f[1]);
    }

    /** The folder under {@link #dir} of one source of records: the major, or major-capture ({@code 18-index_mix}). */
    static String setName(String major, Path capture) {
        return capture == null ? major : major + "-" + capture.getFileName();
    }

    private static long parse(String lsn) {
        int slash = lsn.indexOf('/');
        return (Long.parseLong(lsn.substring(0, slash), 16) << 32) | Long.parseLong(lsn.substring(slash + 1), 16);
    }

    /** CPU time of the benchmark thread and records read, summed over each iteration (JMH aux counters). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Cpu {
        private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
        /** Thread CPU nanoseconds spent in the benchmark method. */
        public long cpuNanos;
        /** Records read, validated and counted. */
        public long records;

        @Setup(Level.Iteration)
        public void reset() {
            cpuNanos = 0;
            records = 0;
        }
    }

    /** Reads, validates and counts every record of the range; returns the count (consumed by JMH). */
    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public long readValidateCount(Cpu cpu) {
        long c0 = Cpu.MX.getCurrentThreadCpuTime();
        long n = scan();
        cpu.cpuNanos += Cpu.MX.getCurrentThreadCpuTime() - c0;
        cpu.records += n;
        return n;
    }

    private long scan() {
        RecordCheck check = new RecordCheck();
        WalStats stats = null;
        try (WalReader r = WalSources.reader(wal, Lsn.bound(start), Lsn.bound(end))) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                check.check(v);
                if (stats == null) {
                    stats = new WalStats(v.version());
                }
                stats.add(v.rmid(), v.info(), Integer.toUnsignedLong(v.totalLength()), v.fpiLength());
            }
        }
        if (stats == null || stats.count() != RECORDS) {
            throw new IllegalStateException(rmgr + ": read " + (stats == null ? 0 : stats.count()) + " records of "
                    + RECORDS);
        }
        return stats.count();
    }
}
