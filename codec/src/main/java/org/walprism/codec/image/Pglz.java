package org.walprism.codec.image;

/**
 * Decompresses PostgreSQL's own LZ format, pglz: the {@code wal_compression=pglz} (and 13/14 {@code on})
 * encoding of full-page images.
 *
 * <p>Written here by hand because no maintained Java library implements pglz (it exists only inside
 * PostgreSQL); lz4 and zstd images are decoded by their libraries. This mirrors {@code pglz_decompress} of
 * src/common/pg_lzcompress.c (PostgreSQL 14 and later, whose bounds checks are the strict ones) called with
 * {@code check_complete = true}, as RestoreBlockImage in xlogreader.c calls it.
 *
 * <p>Format: no header (the WAL image header carries the lengths). The stream is a sequence of groups, each a
 * control byte followed by up to eight items, one per control bit from the least significant up:
 * <pre>
 * group   => ctrl: uint8, item[0..8]
 * bit 0   => literal: uint8                          copied to the output as is
 * bit 1   => tag: T1 uint8, T2 uint8, [T3 uint8]     copy from the output already written
 *            length = (T1 &amp; 0x0F) + 3, and when that is 18: length = 18 + T3 (so 3..273)
 *            offset = (T1 &amp; 0xF0) &lt;&lt; 4 | T2   (1..4095 bytes back from the current output position)
 * </pre>
 * A tag may overlap the bytes it produces (offset &lt; length repeats the last {@code offset} bytes), and is cut
 * short at the end of the output. Decoding stops when either the input or the output is exhausted; it is
 * complete only when both are: the output exactly {@code rawSize} bytes and every input byte consumed. The last
 * control byte may have unused bits.
 *
 * <p>Errors (PostgreSQL returns -1 for each): a tag cut off by the end of the input, offset 0, an offset reaching
 * before the start of the output, an output shorter than {@code rawSize}, input left over. Nothing is allocated:
 * the caller supplies the output array, sized by what the WAL header promises, never by the stream.
 */
public final class Pglz {

    private Pglz() {
    }

    /** Why a pglz stream did not decode; the message names the input position. */
    public static final class CorruptStreamException extends Exception {
        private static final long serialVersionUID = 1L;

        CorruptStreamException(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Decompresses {@code srcLen} bytes of {@code src} at {@code srcOff} into exactly {@code rawSize} bytes of
     * {@code dst} starting at 0.
     *
     * @throws CorruptStreamException when the stream is malformed or does not decode to exactly {@code rawSize}
     *                                bytes using all its input
     * @throws IllegalArgumentException when the arrays are smaller than the given lengths (a caller's bug)
     */
    public static void decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int rawSize)
            throws CorruptStreamException {
        if (srcOff < 0 || srcLen < 0 || srcOff + srcLen > src.length || rawSize < 0 || rawSize > dst.length) {
            throw new IllegalArgumentException("pglz: bad bounds (src " + srcOff + "+" + srcLen + " of " + src.length
                    + ", raw " + rawSize + " of " + dst.length + ")");
        }
        int sp = srcOff;
        int srcEnd = srcOff + srcLen;
        int dp = 0;
        while (sp < srcEnd && dp < rawSize) {
            int ctrl = src[sp++] & 0xFF;
            for (int bit = 0; bit < 8 && sp < srcEnd && dp < rawSize; bit++, ctrl >>>= 1) {
                if ((ctrl & 1) == 0) {
                    dst[dp++] = src[sp++];
                    continue;
                }
                int tagAt = sp - srcOff;
                if (sp + 2 > srcEnd) {
                    throw new CorruptStreamException("tag cut off by the end of the input at input byte " + tagAt);
                }
                int t1 = src[sp] & 0xFF;
                int len = (t1 & 0x0F) + 3;
                int off = (t1 & 0xF0) << 4 | (src[sp + 1] & 0xFF);
                sp += 2;
                if (len == 18) {
                    if (sp >= srcEnd) {
                        throw new CorruptStreamException("tag cut off by the end of the input at input byte " + tagAt);
                    }
                    len += src[sp++] & 0xFF;
                }
                if (off == 0) {
                    throw new CorruptStreamException("tag with offset 0 at input byte " + tagAt);
                }
                if (off > dp) {
                    throw new CorruptStreamException("tag at input byte " + tagAt + " copies from " + off
                            + " bytes back, only " + dp + " written");
                }
                len = Math.min(len, rawSize - dp);
                if (off >= len) {
                    System.arraycopy(dst, dp - off, dst, dp, len);
                    dp += len;
                } else {
                    // an overlapping tag repeats the last off bytes: copied byte by byte, as it was written
                    for (int from = dp - off, end = dp + len; dp < end; ) {
                        dst[dp++] = dst[from++];
                    }
                }
            }
        }
        if (dp != rawSize) {
            throw new CorruptStreamException("input ends after " + dp + " of " + rawSize + " output bytes");
        }
        if (sp != srcEnd) {
            throw new CorruptStreamException((srcEnd - sp) + " input bytes left over after " + rawSize
                    + " output bytes");
        }
    }
}
