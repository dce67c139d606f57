package org.walprism.codec.image;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * The lz4 and zstd decoders of page images ({@code BKPIMAGE_COMPRESS_LZ4}, {@code BKPIMAGE_COMPRESS_ZSTD}), in a class
 * of their own: it is loaded only when such an image is restored, so the codec runs without lz4-java and zstd-jni
 * (optional dependencies of walprism-codec) until an lz4 or zstd image is met. pglz needs neither.
 */
final class ImageInflaters {
    /** lz4-java's decompressors hold no state: one serves every thread. */
    private static final LZ4SafeDecompressor LZ4 = LZ4Factory.fastestInstance().safeDecompressor();

    private ImageInflaters() {
    }

    /** A decoder's own complaint about the stored bytes. */
    static final class Failed extends Exception {
        private static final long serialVersionUID = 1L;

        Failed(String message) {
            super(message);
        }
    }

    /** {@code LZ4_decompress_safe}: the bytes written to {@code dst}. */
    static int lz4(byte[] src, int off, int len, byte[] dst, int dstLen) throws Failed {
        try {
            return LZ4.decompress(src, off, len, dst, 0, dstLen);
        } catch (LZ4Exception e) {
            throw new Failed(e.getMessage());
        }
    }

    /** {@code ZSTD_decompress}: the bytes written to {@code dst}. */
    static int zstd(byte[] src, int off, int len, byte[] dst, int dstLen) throws Failed {
        try {
            return (int) Zstd.decompressByteArray(dst, 0, dstLen, src, off, len);
        } catch (ZstdException e) {
            throw new Failed(e.getMessage());
        }
    }
}
