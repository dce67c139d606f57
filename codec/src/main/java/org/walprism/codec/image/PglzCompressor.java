package org.walprism.codec.image;

import java.util.Arrays;

/**
 * Compresses as PostgreSQL's {@code pglz_compress} does with {@code PGLZ_strategy_default}: the bytes a server with
 * {@code wal_compression=pglz} (13/14: {@code on}) stores for a full-page image, byte for byte.
 *
 * <p>Written here by hand because no maintained Java library implements pglz (it exists only inside PostgreSQL,
 * src/common/pg_lzcompress.c); the output format is the one {@link Pglz} decodes. This follows that file's
 * {@code pglz_compress}, {@code pglz_find_match} and its macros {@code pglz_hist_idx}, {@code pglz_hist_add},
 * {@code pglz_out_ctrl}, {@code pglz_out_literal} and {@code pglz_out_tag} step by step, because any other choice of
 * match (a longer one, an earlier one) gives a valid stream with different bytes:
 * <ul>
 * <li>strategy ({@code strategy_default_data}): {@code min_input_size} 32, {@code max_input_size} INT_MAX,
 *     {@code min_comp_rate} 25 (so the result must be shorter than {@code slen * 75 / 100}),
 *     {@code first_success_by} 1024, {@code match_size_good} 128, {@code match_size_drop} 10;</li>
 * <li>history: {@code PGLZ_HISTORY_SIZE} 4096 entries recycled in order, hash lists
 *     ({@code PGLZ_MAX_HISTORY_LISTS} 8192) sized 512..8192 by the input length, the hash of the next four bytes
 *     {@code (s[0] << 6 ^ s[1] << 4 ^ s[2] << 2 ^ s[3]) & mask} (only {@code s[0]} in the last three bytes);</li>
 * <li>matches: newest entry first, stop at an offset of 0x0fff or more, at a match of {@code good_match} bytes
 *     (lowered by 10% per entry visited) or at the end of the list; 3..273 ({@code PGLZ_MAX_MATCH}) bytes.</li>
 * </ul>
 * The hash reads the bytes as C's {@code char}, signed on x86-64 (the servers of the corpus): a build where
 * {@code char} is unsigned (ARM) may choose other matches and write other bytes.
 *
 * <p>An instance keeps its history arrays (fixed sizes, nothing sized by the input) and is not thread-safe.
 */
public final class PglzCompressor {
    /** {@code PGLZ_MAX_HISTORY_LISTS}. */
    private static final int MAX_HISTORY_LISTS = 8192;
    /** {@code PGLZ_HISTORY_SIZE}. */
    private static final int HISTORY_SIZE = 4096;
    /** {@code PGLZ_MAX_MATCH}. */
    private static final int MAX_MATCH = 273;
    // PGLZ_strategy_default (strategy_default_data)
    private static final int MIN_INPUT_SIZE = 32;
    private static final int MIN_COMP_RATE = 25;
    private static final int FIRST_SUCCESS_BY = 1024;
    private static final int MATCH_SIZE_GOOD = 128;
    private static final int MATCH_SIZE_DROP = 10;

    /** {@code hist_start}: per hash key, the newest entry (0 = none). */
    private final int[] histStart = new int[MAX_HISTORY_LISTS];
    // hist_entries: entry 0 is INVALID_ENTRY; prev -1 stands for NULL (next is never NULL in pg_lzcompress.c)
    private final int[] next = new int[HISTORY_SIZE + 1];
    private final int[] prev = new int[HISTORY_SIZE + 1];
    private final int[] hindex = new int[HISTORY_SIZE + 1];
    private final int[] pos = new int[HISTORY_SIZE + 1];

    /** {@code PGLZ_MAX_OUTPUT(slen)}: the output buffer {@link #compress} needs. */
    public static int maxOutput(int slen) {
        return slen + 4;
    }

    /**
     * Compresses {@code slen} bytes of {@code src} at {@code srcOff} into {@code dst} at 0, as
     * {@code pglz_compress(source, slen, dest, PGLZ_strategy_default)}.
     *
     * @return the compressed length, or -1 where PostgreSQL returns -1 (input under 32 bytes, or not compressible
     *         by 25%, or nothing matched in the first 1024 output bytes)
     * @throws IllegalArgumentException when the arrays are smaller than the lengths (a caller's bug)
     */
    public int compress(byte[] src, int srcOff, int slen, byte[] dst) {
        if (srcOff < 0 || slen < 0 || srcOff + slen > src.length || dst.length < maxOutput(slen)) {
            throw new IllegalArgumentException("pglz: bad bounds (src " + srcOff + "+" + slen + " of " + src.length
                    + ", dst " + dst.length + ")");
        }
        if (slen < MIN_INPUT_SIZE) {
            return -1;
        }
        int goodMatch = Math.max(17, Math.min(MATCH_SIZE_GOOD, MAX_MATCH));
        int goodDrop = MATCH_SIZE_DROP;
        int resultMax = slen > Integer.MAX_VALUE / 100 ? (slen / 100) * (100 - MIN_COMP_RATE)
                : (slen * (100 - MIN_COMP_RATE)) / 100;
        int hashsz = slen < 128 ? 512 : slen < 256 ? 1024 : slen < 512 ? 2048 : slen < 1024 ? 4096 : 8192;
        int mask = hashsz - 1;
        Arrays.fill(histStart, 0, hashsz, 0);

        int histNext = 1;
        boolean histRecycle = false;
        int dp = srcOff;
        int dend = srcOff + slen;
        int bp = 0;
        int ctrlp = -1;     // &ctrl_dummy
        int ctrlb = 0;
        int ctrl = 0;
        boolean foundMatch = false;
        while (dp < dend) {
            if (bp >= resultMax) {
                return -1;
            }
            if (!foundMatch && bp >= FIRST_SUCCESS_BY) {
                return -1;
            }
            long m = findMatch(src, dp, dend, goodMatch, goodDrop, mask);
            if (m != 0) {
                int matchLen = (int) (m >>> 32);
                int matchOff = (int) m;
                // pglz_out_tag
                if ((ctrl & 0xFF) == 0) {
                    if (ctrlp >= 0) {
                        dst[ctrlp] = (byte) ctrlb;
                    }
                    ctrlp = bp++;
                    ctrlb = 0;
                    ctrl = 1;
                }
                ctrlb |= ctrl;
                ctrl = (ctrl << 1) & 0xFF;
                if (matchLen > 17) {
                    dst[bp] = (byte) (((matchOff & 0xF00) >> 4) | 0x0F);
                    dst[bp + 1] = (byte) (matchOff & 0xFF);
                    dst[bp + 2] = (byte) (matchLen - 18);
                    bp += 3;
                } else {
                    dst[bp] = (byte) (((matchOff & 0xF00) >> 4) | (matchLen - 3));
                    dst[bp + 1] = (byte) (matchOff & 0xFF);
                    bp += 2;
                }
                while (matchLen-- > 0) {
                    histRecycle = histAdd(src, dp, dend, mask, histNext, histRecycle);
                    histNext = histNext + 1 >= HISTORY_SIZE + 1 ? 1 : histNext + 1;
                    dp++;
                }
                foundMatch = true;
            } else {
                // pglz_out_literal
                if ((ctrl & 0xFF) == 0) {
                    if (ctrlp >= 0) {
                        dst[ctrlp] = (byte) ctrlb;
                    }
                    ctrlp = bp++;
                    ctrlb = 0;
                    ctrl = 1;
                }
                dst[bp++] = src[dp];
                ctrl = (ctrl << 1) & 0xFF;
                histRecycle = histAdd(src, dp, dend, mask, histNext, histRecycle);
                histNext = histNext + 1 >= HISTORY_SIZE + 1 ? 1 : histNext + 1;
                dp++;
            }
        }
        if (ctrlp >= 0) {
            dst[ctrlp] = (byte) ctrlb;
        }
        return bp >= resultMax ? -1 : bp;
    }

    /** {@code pglz_hist_idx}: bytes as signed {@code char}, as on x86-64. */
    private static int histIdx(byte[] s, int p, int end, int mask) {
        return (end - p < 4 ? s[p] : (s[p] << 6) ^ (s[p + 1] << 4) ^ (s[p + 2] << 2) ^ s[p + 3]) & mask;
    }

    /**
     * {@code pglz_hist_add}: links the position {@code p} in as entry {@code hn}, first unlinking that entry from its
     * old list when it is recycled. Returns the new {@code recycle} flag (set once the entries wrap around).
     */
    private boolean histAdd(byte[] s, int p, int end, int mask, int hn, boolean recycle) {
        int h = histIdx(s, p, end, mask);
        if (recycle) {
            if (prev[hn] < 0) {
                histStart[hindex[hn]] = next[hn];
            } else {
                next[prev[hn]] = next[hn];
            }
            prev[next[hn]] = prev[hn];   // next is never NULL: entry 0 takes the scribble, as in C
        }
        next[hn] = histStart[h];
        prev[hn] = -1;
        hindex[hn] = h;
        pos[hn] = p;
        prev[histStart[h]] = hn;         // the unused entry 0 takes it when the list was empty
        histStart[h] = hn;
        return recycle || hn + 1 >= HISTORY_SIZE + 1;
    }

    /**
     * {@code pglz_find_match}: the best match for the input at {@code input} among the history list of its hash,
     * as {@code len << 32 | off}, or 0 when none of 3 bytes or more was found.
     */
    private long findMatch(byte[] s, int input, int end, int goodMatch, int goodDrop, int mask) {
        int len = 0;
        int off = 0;
        int hent = histStart[histIdx(s, input, end, mask)];
        while (hent != 0) {
            int ip = input;
            int hp = pos[hent];
            int thisoff = ip - hp;
            if (thisoff >= 0x0fff) {
                break;
            }
            int thislen = 0;
            if (len >= 16) {
                // memcmp of the best length so far, then byte by byte
                if (Arrays.equals(s, ip, ip + len, s, hp, hp + len)) {
                    thislen = len;
                    ip += len;
                    hp += len;
                    while (ip < end && s[ip] == s[hp] && thislen < MAX_MATCH) {
                        thislen++;
                        ip++;
                        hp++;
                    }
                }
            } else {
                while (ip < end && s[ip] == s[hp] && thislen < MAX_MATCH) {
                    thislen++;
                    ip++;
                    hp++;
                }
            }
            if (thislen > len) {
                len = thislen;
                off = thisoff;
            }
            hent = next[hent];
            if (hent != 0) {
                if (len >= goodMatch) {
                    break;
                }
                goodMatch -= (goodMatch * goodDrop) / 100;
            }
        }
        return len > 2 ? (long) len << 32 | off : 0;
    }
}
