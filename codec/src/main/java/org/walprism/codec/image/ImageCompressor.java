package org.walprism.codec.image;

import com.github.luben.zstd.Zstd;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockImage.Compression;

/**
 * Compresses a full-page image as a server with {@code wal_compression} set stores it, mirroring
 * XLogCompressBackupBlock (src/backend/access/transam/xloginsert.c).
 *
 * <p>The input is the page with its hole already removed ({@code BLCKSZ - hole_length} bytes: exactly what an
 * uncompressed image stores, or what a compressed one inflates to). PostgreSQL compresses that with
 * <ul>
 * <li>pglz: {@code pglz_compress(source, orig_len, dest, PGLZ_strategy_default)} ({@link PglzCompressor});</li>
 * <li>lz4: {@code LZ4_compress_default(source, dest, orig_len, COMPRESS_BUFSIZE)}, acceleration 1: lz4-java's
 *     fast compressor in its pure-Java form ({@code LZ4Factory.safeInstance()}). Chosen by measurement on the
 *     corpus: it writes the bytes of the servers' liblz4 (Debian's 1.9.4) for 1141 of 1155 lz4 images, while
 *     lz4-java's JNI binding, which bundles a newer liblz4, matches 148 (ImageCompressorCorpusTest);</li>
 * <li>zstd: {@code ZSTD_compress(dest, COMPRESS_BUFSIZE, source, orig_len, ZSTD_CLEVEL_DEFAULT)}, level 3, one
 *     frame with the content size and no checksum (ZSTD_compress's defaults): zstd-jni.</li>
 * </ul>
 * and keeps the result only when {@code len >= 0 && len + extra_bytes < orig_len}, where {@code extra_bytes} is
 * {@code SizeOfXLogRecordBlockCompressHeader} (2, the {@code hole_length} field a compressed image with a hole
 * carries) when the page has a hole, else 0. Otherwise the image is stored uncompressed.
 *
 * <p>An instance keeps its buffers and is not thread-safe; use one per thread.
 */
public final class ImageCompressor {
    /** {@code SizeOfXLogRecordBlockCompressHeader}: the {@code hole_length} of a compressed image with a hole. */
    public static final int SIZE_OF_COMPRESS_HEADER = 2;

    /** {@code ZSTD_CLEVEL_DEFAULT} (zstd.h), the level XLogCompressBackupBlock passes. */
    public static final int ZSTD_CLEVEL_DEFAULT = 3;

    private final PglzCompressor pglz = new PglzCompressor();
    private final byte[] out;
    private LZ4Compressor lz4;

    public ImageCompressor() {
        int lz4Bound = BlockImage.BLCKSZ + BlockImage.BLCKSZ / 255 + 16;  // LZ4_COMPRESSBOUND(BLCKSZ)
        int zstdBound = (int) Zstd.compressBound(BlockImage.BLCKSZ);
        out = new byte[Math.max(PglzCompressor.maxOutput(BlockImage.BLCKSZ), Math.max(lz4Bound, zstdBound))];
    }

    /**
     * Compresses {@code len} bytes of {@code src} at {@code off} (a page without its hole) with {@code method} and
     * returns the stored form PostgreSQL would keep: a new array of the compressed bytes, or null when the image
     * would be stored uncompressed (compression failed or saved no more than {@code extra_bytes}).
     *
     * @param hasHole the page has a hole (then a compressed image costs 2 more header bytes)
     * @throws IllegalArgumentException for {@link Compression#NONE} or a length over {@code BLCKSZ}
     */
    public byte[] compress(Compression method, byte[] src, int off, int len, boolean hasHole) {
        int n = compressedLength(method, src, off, len);
        int extra = hasHole ? SIZE_OF_COMPRESS_HEADER : 0;
        if (n >= 0 && n + extra < len) {
            byte[] r = new byte[n];
            System.arraycopy(out, 0, r, 0, n);
            return r;
        }
        return null;
    }

    /** The length the method's compressor returns for the input, -1 on its failure; the bytes are in a buffer. */
    private int compressedLength(Compression method, byte[] src, int off, int len) {
        if (len < 0 || len > BlockImage.BLCKSZ) {
            throw new IllegalArgumentException("image of " + len + " bytes (expected: <= " + BlockImage.BLCKSZ + ")");
        }
        return switch (method) {
            case PGLZ -> pglz.compress(src, off, len, out);
            case LZ4 -> lz4().compress(src, off, len, out, 0, out.length);
            case ZSTD -> {
                long n = Zstd.compressByteArray(out, 0, out.length, src, off, len, ZSTD_CLEVEL_DEFAULT);
                yield Zstd.isError(n) ? -1 : (int) n;
            }
            case NONE -> throw new IllegalArgumentException("no compression method given");
        };
    }

    private LZ4Compressor lz4() {
        if (lz4 == null) {
            lz4 = LZ4Factory.safeInstance().fastCompressor();
        }
        return lz4;
    }
}
