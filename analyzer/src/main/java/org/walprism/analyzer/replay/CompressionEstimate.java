package org.walprism.analyzer.replay;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.image.ImageCompressor;
import org.walprism.codec.image.PageImages;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockImage.Compression;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;
import org.walprism.source.WalSources;

/**
 * What each {@code wal_compression} method would save on a range: every image the range stores uncompressed is
 * compressed as {@link ImageCompressor} does (XLogCompressBackupBlock) and as {@code replay --compression} stores
 * it ({@link ImageRecompression}), and the bytes it would then take are counted, {@code hole_length} field
 * included. Record headers other than the image's do not change, so the saving in record bytes is the saving in
 * image bytes: exactly what {@code replay --compression METHOD} writes less (page padding and segment headers
 * aside). It is exact for the range's images: pglz byte for byte, lz4 and zstd within what
 * ImageCompressorCorpusTest measures against the servers' libraries.
 *
 * <p>CPU: the CPU time of this thread spent in the compression calls, on this machine, read with
 * {@link ThreadMXBean#getCurrentThreadCpuTime()} before and after each call (the JIT compiles the compressors
 * during the run, so a short range overstates it; each read costs well under a microsecond, a page's compression
 * tens). It is a measured figure with its method ({@link Result#cpuMeasure()}), not a promise of what the server's
 * C code would spend. Where the JVM cannot read thread CPU time, wall time ({@link System#nanoTime()}) is measured
 * instead and the method says so.
 */
public final class CompressionEstimate {
    private CompressionEstimate() {
    }

    /** The methods estimated, in this order (those the version can log). */
    private static final Compression[] METHODS = {Compression.PGLZ, Compression.LZ4, Compression.ZSTD};

    /**
     * One method's outcome.
     *
     * @param method          the method
     * @param images          images the range stores uncompressed (the ones considered)
     * @param compressed      of those, the ones the method would store compressed
     * @param storedBytes     what those images take now ({@code bimg_len} summed)
     * @param wouldStoreBytes what they would take ({@code bimg_len} summed after compression)
     * @param holeFieldBytes  the {@code hole_length} fields compressed images with a hole would add (2 bytes each)
     * @param cpuNanos        CPU time compressing took here ({@link Result#cpuMeasure()} says how it was measured)
     */
    public record Method(Compression method, long images, long compressed, long storedBytes, long wouldStoreBytes,
                         long holeFieldBytes, long cpuNanos) {
        /** Record bytes saved: image bytes less, {@code hole_length} fields added. */
        public long saved() {
            return storedBytes - wouldStoreBytes - holeFieldBytes;
        }

        /** {@link #saved()} in percent of {@code rangeBytes}. */
        public double savedPercent(long rangeBytes) {
            return rangeBytes == 0 ? 0 : saved() * 100.0 / rangeBytes;
        }

        /** Input compressed per second of {@link #cpuNanos()}, in MiB (page bytes without the hole). */
        public double mibPerSecond() {
            return cpuNanos == 0 ? 0 : storedBytes / (cpuNanos / 1e9) / (1024 * 1024);
        }
    }

    /**
     * The estimate over a range.
     *
     * @param version           the range's WAL version
     * @param rangeBytes        bytes of the range's records ({@code xl_tot_len} summed)
     * @param records           records in the range
     * @param uncompressed      images the range stores uncompressed (the ones estimated)
     * @param alreadyCompressed images the range already stores compressed (not estimated)
     * @param alreadyMethod     the method of the first of those (null when there is none)
     * @param methods           pglz, lz4, zstd in that order; lz4 and zstd only where the version has them (15+)
     * @param cpuMeasure        how {@link Method#cpuNanos()} was measured, in words
     */
    public record Result(WalVersion version, long rangeBytes, long records, long uncompressed, long alreadyCompressed,
                         Compression alreadyMethod, List<Method> methods, String cpuMeasure) {
        /**
         * True when the range stores images compressed: {@code wal_compression} was on (its images left
         * uncompressed are those that would not shrink), so the outputs say so instead of an estimate.
         */
        public boolean compressedAlready() {
            return alreadyCompressed > 0;
        }

        /** The outcome of {@code m}, or null when the version has no such method. */
        public Method method(Compression m) {
            for (Method x : methods) {
                if (x.method() == m) {
                    return x;
                }
            }
            return null;
        }
    }

    /** Estimates over the records of {@code path} between {@code startLsn} and {@code endLsn} (0 = open ends). */
    public static Result estimate(Path path, long startLsn, long endLsn, int timeline) {
        Clock clock = new Clock();
        long[] images = new long[3];
        long[] compressed = new long[3];
        long[] stored = new long[3];
        long[] would = new long[3];
        long[] holeFields = new long[3];
        long[] nanos = new long[3];
        long range = 0;
        long records = 0;
        long uncompressed = 0;
        long already = 0;
        Compression alreadyMethod = null;
        WalVersion version;
        PageImages restore = new PageImages();
        ImageCompressor compressor = new ImageCompressor();
        byte[] page = new byte[BlockImage.BLCKSZ];
        byte[] raw = new byte[BlockImage.BLCKSZ];
        try (WalReader reader = WalSources.reader(path, Lsn.bound(startLsn), Lsn.bound(endLsn), timeline)) {
            version = reader.version();
            RecordView v;
            while ((v = reader.nextView()) != null) {
                range += Integer.toUnsignedLong(v.totalLength());
                records++;
                for (int i = 0; i < v.blockCount(); i++) {
                    if ((v.forkFlags(i) & BlockRef.HAS_IMAGE) == 0) {
                        continue;
                    }
                    Compression kind = BlockImage.compressionOf(v.version(), v.bimgInfo(i));
                    if (kind != Compression.NONE) {
                        alreadyMethod = already == 0 ? kind : alreadyMethod;
                        already++;
                        continue;
                    }
                    uncompressed++;
                    restore.restore(v, i, page);
                    int ho = v.holeOffset(i);
                    int hl = v.holeLength(i);
                    int len = BlockImage.BLCKSZ - hl;
                    System.arraycopy(page, 0, raw, 0, ho);
                    System.arraycopy(page, ho + hl, raw, ho, len - ho);
                    for (int m = 0; m < METHODS.length; m++) {
                        if (!METHODS[m].loggableIn(v.version())) {
                            continue;
                        }
                        long t0 = clock.now();
                        byte[] c = compressor.compress(METHODS[m], raw, 0, len, hl != 0);
                        nanos[m] += clock.now() - t0;
                        images[m]++;
                        stored[m] += len;
                        if (c != null) {
                            compressed[m]++;
                            would[m] += c.length;
                            holeFields[m] += hl != 0 ? ImageCompressor.SIZE_OF_COMPRESS_HEADER : 0;
                        } else {
                            would[m] += len;
                        }
                    }
                }
            }
        }
        List<Method> out = new ArrayList<>();
        for (int m = 0; m < METHODS.length; m++) {
            if (METHODS[m].loggableIn(version)) {
                out.add(new Method(METHODS[m], images[m], compressed[m], stored[m], would[m], holeFields[m],
                        nanos[m]));
            }
        }
        return new Result(version, range, records, uncompressed, already, alreadyMethod, out, clock.describe());
    }

    /** Thread CPU time where the JVM reads it, else wall time; says which. */
    private static final class Clock {
        private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        private final boolean cpu;

        Clock() {
            boolean on = false;
            if (mx.isCurrentThreadCpuTimeSupported()) {
                try {
                    if (!mx.isThreadCpuTimeEnabled()) {
                        mx.setThreadCpuTimeEnabled(true);
                    }
                    on = mx.isThreadCpuTimeEnabled();
                } catch (UnsupportedOperationException | SecurityException e) {
                    on = false;
                }
            }
            cpu = on;
        }

        long now() {
            return cpu ? mx.getCurrentThreadCpuTime() : System.nanoTime();
        }

        String describe() {
            String clock = cpu ? "thread CPU time (ThreadMXBean.getCurrentThreadCpuTime)"
                    : "wall time (System.nanoTime: this JVM reads no thread CPU time)";
            return String.format(Locale.ROOT, "%s around each compression call, one thread, this machine (%d cores, "
                            + "%s %s, Java %d), JIT warm-up included; the Java compressors (pglz: walprism's, lz4: "
                            + "lz4-java pure Java, zstd: zstd-jni), not the server's C code", clock,
                    Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"),
                    System.getProperty("os.arch"), Runtime.version().feature());
        }
    }
}
