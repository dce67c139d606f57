package org.walprism.codec.image;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * A test-only pglz encoder: greedy longest match within 4095 bytes back among the last 64 positions with the
 * same 3-byte prefix (hash chains, as pglz_compress keeps), lengths 3..273, overlapping matches allowed. It generates valid streams of any shape for the decoder's round-trip property; the decoder's
 * agreement with PostgreSQL's own compressor is checked on real images (md5 oracles of the corpus).
 */
final class PglzEncoder {
    private PglzEncoder() {
    }

    static byte[] encode(byte[] raw) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] group = new byte[8 * 3];
        int[] head = new int[1 << 12];
        Arrays.fill(head, -1);
        int[] prev = new int[raw.length];
        int pos = 0;
        int indexed = 0;
        while (pos < raw.length) {
            int ctrl = 0;
            int n = 0;
            for (int bit = 0; bit < 8 && pos < raw.length; bit++) {
                for (; indexed < pos && indexed + 3 <= raw.length; indexed++) {
                    int h = hash(raw, indexed);
                    prev[indexed] = head[h];
                    head[h] = indexed;
                }
                int bestLen = 0;
                int bestOff = 0;
                int cand = pos + 3 <= raw.length ? head[hash(raw, pos)] : -1;
                for (int tries = 0; cand >= 0 && pos - cand <= 4095 && tries < 64; tries++, cand = prev[cand]) {
                    int off = pos - cand;
                    int len = 0;
                    while (len < 273 && pos + len < raw.length && raw[pos + len] == raw[pos + len - off]) {
                        len++;
                    }
                    if (len > bestLen) {
                        bestLen = len;
                        bestOff = off;
                    }
                }
                if (bestLen >= 3) {
                    ctrl |= 1 << bit;
                    if (bestLen >= 18) {
                        group[n++] = (byte) ((bestOff >>> 4 & 0xF0) | 0x0F);
                        group[n++] = (byte) bestOff;
                        group[n++] = (byte) (bestLen - 18);
                    } else {
                        group[n++] = (byte) ((bestOff >>> 4 & 0xF0) | (bestLen - 3));
                        group[n++] = (byte) bestOff;
                    }
                    pos += bestLen;
                } else {
                    group[n++] = raw[pos++];
                }
            }
            out.write(ctrl);
            out.write(group, 0, n);
        }
        return out.toByteArray();
    }

    private static int hash(byte[] b, int i) {
        return ((b[i] & 0xFF) << 6 ^ (b[i + 1] & 0xFF) << 3 ^ (b[i + 2] & 0xFF)) & 0xFFF;
    }
}
