package org.walprism.analyzer.replay;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.walprism.source.WalSources;
import org.walprism.codec.image.ImageCompressor;
import org.walprism.codec.image.PageImages;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockImage.Compression;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;

/**
 * What each {@code wal_compression} method would save on a range: every image the range stores uncompressed is
 * compressed as {@link ImageCompressor} does (XLogCompressBackupBlock), and the bytes it would then take are
 * counted, {@code hole_length} field included. The result is exact for the range's images (pglz byte for byte,
 * lz4/zstd within what ImageCompressorCorpusTest measures); record headers other than the image's are unchanged,
 * so the saving in WAL bytes is the saving in image bytes (page padding and segment headers aside).
 *
 * <p>CPU: the time compressing took on this machine, measured with {@link System#nanoTime()} around each call in
 * this one thread (the JVM's JIT warms up during the run, so a short range overstates it). It is a figure with its
 * method, not a promise of what the server's C code would spend.
 */
public final class CompressionEstimate {
    private CompressionEstimate() {
    }

    /**
     * One method's outcome.
     *
     * @param method          the method
     * @param images          images the range stores uncompressed (the ones considered)
     * @param compressed      of those, the ones the method would store compressed
     * @param storedBytes     what those images take now ({@code bimg_len} summed)
     * @param wouldStoreBytes what they would take, {@code hole_length} fields of compressed images with a hole
     *                        included
     * @param cpuNanos        time compressing took here
     */
    public record Method(Compression method, long images, long compressed, long storedBytes, long wouldStoreBytes,
                         long cpuNanos) {
        /** Bytes saved. */
        public long saved() {
            return storedBytes - wouldStoreBytes;
        }
    }

    /**
     * The estimate over a range.
     *
     * @param rangeBytes        bytes of the range's records ({@code xl_tot_len} summed)
     * @param alreadyCompressed images the range already stores compressed (not counted)
     * @param methods           pglz, lz4, zstd in that order
     */
    public record Result(long rangeBytes, long alreadyCompressed, List<Method> methods) {
    }

    /** Estimates over the records of {@code path} between {@code startLsn} and {@code endLsn} (0 = open ends). */
    public static Result estimate(Path path, long startLsn, long endLsn, int timeline) {
        Compression[] methods = {Compression.PGLZ, Compression.LZ4, Compression.ZSTD};
        long[] images = new long[3];
        long[] compressed = new long[3];
        long[] stored = new long[3];
        long[] would = new long[3];
        long[] nanos = new long[3];
        long range = 0;
        long already = 0;
        PageImages restore = new PageImages();
        ImageCompressor compressor = new ImageCompressor();
        byte[] page = new byte[BlockImage.BLCKSZ];
        byte[] raw = new byte[BlockImage.BLCKSZ];
        try (WalReader reader = WalSources.reader(path, startLsn, endLsn, timeline)) {
            RecordView v;
            while ((v = reader.nextView()) != null) {
                range += v.totalLength();
                for (int i = 0; i < v.blockCount(); i++) {
                    if ((v.forkFlags(i) & BlockRef.HAS_IMAGE) == 0) {
                        continue;
                    }
                    if (BlockImage.compressionOf(v.version(), v.bimgInfo(i)) != Compression.NONE) {
                        already++;
                        continue;
                    }
                    restore.restore(v, i, page);
                    int ho = v.holeOffset(i);
                    int hl = v.holeLength(i);
                    int len = BlockImage.BLCKSZ - hl;
                    System.arraycopy(page, 0, raw, 0, ho);
                    System.arraycopy(page, ho + hl, raw, ho, len - ho);
                    for (int m = 0; m < 3; m++) {
                        if (!methods[m].loggableIn(v.version())) {
                            continue;
                        }
                        long t0 = System.nanoTime();
                        byte[] c = compressor.compress(methods[m], raw, 0, len, hl != 0);
                        nanos[m] += System.nanoTime() - t0;
                        images[m]++;
                        stored[m] += len;
                        if (c != null) {
                            compressed[m]++;
                            would[m] += c.length + (hl != 0 ? ImageCompressor.SIZE_OF_COMPRESS_HEADER : 0);
                        } else {
                            would[m] += len;
                        }
                    }
                }
            }
        }
        List<Method> out = new ArrayList<>();
        for (int m = 0; m < 3; m++) {
            out.add(new Method(methods[m], images[m], compressed[m], stored[m], would[m], nanos[m]));
        }
        return new Result(range, already, out);
    }


    /** The estimate as text: one line per method, then how CPU was measured. */
    public static String text(Result r) {
        StringBuilder b = new StringBuilder();
        b.append("wal_compression estimate (images stored uncompressed in the range, compressed as PostgreSQL "
                + "would: XLogCompressBackupBlock)\n");
        b.append(String.format(Locale.ROOT, "%-6s %9s %11s %14s %14s %14s %8s %10s %9s%n", "method", "images",
                "compressed", "stored now", "would store", "saved", "%range", "cpu ms", "MB/s"));
        for (Method m : r.methods()) {
            if (m.images() == 0 && r.methods().get(0).images() > 0) {
                b.append(String.format(Locale.ROOT, "%-6s %9s%n", m.method().label(), "n/a (15 and later)"));
                continue;
            }
            double pct = r.rangeBytes() == 0 ? 0 : m.saved() * 100.0 / r.rangeBytes();
            double ms = m.cpuNanos() / 1e6;
            double mbs = m.cpuNanos() == 0 ? 0 : m.storedBytes() / (m.cpuNanos() / 1e9) / (1024 * 1024);
            b.append(String.format(Locale.ROOT, "%-6s %9d %11d %14d %14d %14d %7.2f%% %10.1f %9.1f%n",
                    m.method().label(), m.images(), m.compressed(), m.storedBytes(), m.wouldStoreBytes(), m.saved(),
                    pct, ms, mbs));
        }
        b.append(String.format(Locale.ROOT, "range %d bytes; %d images already compressed, not counted. CPU: "
                        + "System.nanoTime() around each compression, one thread, this machine (%d cores), JIT "
                        + "warming up included; MB/s of input (page without hole).%n", r.rangeBytes(),
                r.alreadyCompressed(), Runtime.getRuntime().availableProcessors()));
        return b.toString();
    }
}
