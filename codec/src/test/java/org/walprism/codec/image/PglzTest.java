package org.walprism.codec.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The hand-written pglz decoder: the format's cases, a named catalogue of corrupt streams, and properties. */
class PglzTest {

    private static byte[] bytes(int... v) {
        byte[] b = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = (byte) v[i];
        }
        return b;
    }

    private static byte[] decode(byte[] src, int rawSize) throws Pglz.CorruptStreamException {
        byte[] out = new byte[rawSize];
        Pglz.decompress(src, 0, src.length, out, rawSize);
        return out;
    }

    private static String failure(byte[] src, int rawSize) {
        return assertThrows(Pglz.CorruptStreamException.class, () -> decode(src, rawSize)).getMessage();
    }

    @Test
    void decodesLiteralsAndTags() throws Exception {
        byte[] src = bytes(
                0b0000_1000,    // ctrl: items 0-2 literals, item 3 a tag
                'a', 'b', 'c',  // literals
                0x00, 0x03);    // tag: length 0 + 3, offset 0x003: "abc" again
        assertArrayEquals("abcabc".getBytes(), decode(src, 6));
    }

    @Test
    void decodesAnOverlappingTagAsARepeat() throws Exception {
        byte[] src = bytes(
                0b0000_0010,    // ctrl: literal, tag
                'x',            // literal
                0x07, 0x01);    // tag: length 7 + 3 = 10, offset 1: ten more x
        assertArrayEquals("xxxxxxxxxxx".getBytes(), decode(src, 11));
    }

    @Test
    void decodesAnExtendedLengthTag() throws Exception {
        byte[] src = bytes(
                0b0000_0010,    // ctrl: literal, tag
                0,              // literal zero byte
                0x0F, 0x01,     // tag: length nibble 0xF (18 + next byte), offset 1
                200);           // extension: 18 + 200 = 218
        byte[] out = decode(src, 219);
        assertArrayEquals(new byte[219], out);
    }

    @Test
    void decodesATwelveBitOffset() throws Exception {
        byte[] raw = new byte[4095 + 3];
        byte[] src = new byte[512 + 4095 + 2];
        int sp = 0;
        for (int i = 0; i < 4095; i++) {
            raw[i] = (byte) (i * 31 + 1);
            if (i % 8 == 0) {
                src[sp++] = (byte) (i == 4088 ? 0b1000_0000 : 0); // ctrl: 8 literals; the last group 7 and a tag
            }
            src[sp++] = raw[i];
        }
        src[sp++] = (byte) 0xF0; // tag: offset high nibble 0xF, length 0 + 3
        src[sp++] = (byte) 0xFF; // offset low byte: 0xFFF = 4095 back, the first byte
        System.arraycopy(raw, 0, raw, 4095, 3);
        assertEquals(src.length, sp);
        assertArrayEquals(raw, decode(src, raw.length));
    }

    @Test
    void cutsATagAtTheEndOfTheOutput() throws Exception {
        byte[] src = bytes(
                0b0000_0010,    // ctrl: literal, tag
                'y',            // literal
                0x0F, 0x01, 50);  // tag: 68 bytes of y, but only 5 more are wanted
        assertArrayEquals("yyyyyy".getBytes(), decode(src, 6));
    }

    // --- the catalogue of corrupt streams, each with the message naming the input byte

    @Test
    void rejectsOffsetZero() {
        assertEquals("tag with offset 0 at input byte 2",
                failure(bytes(0b10, 'a', 0x00, 0x00), 4));
    }

    @Test
    void rejectsAnOffsetBeforeTheStartOfTheOutput() {
        assertEquals("tag at input byte 2 copies from 2 bytes back, only 1 written",
                failure(bytes(0b10, 'a', 0x00, 0x02), 4));
    }

    @Test
    void rejectsATagInTheFirstByte() {
        assertEquals("tag at input byte 1 copies from 1 bytes back, only 0 written",
                failure(bytes(0b1, 0x00, 0x01), 3));
    }

    @Test
    void rejectsATwoByteTagCutOff() {
        assertEquals("tag cut off by the end of the input at input byte 2",
                failure(bytes(0b10, 'a', 0x00), 4));
    }

    @Test
    void rejectsAnExtendedTagCutOff() {
        assertEquals("tag cut off by the end of the input at input byte 2",
                failure(bytes(0b10, 'a', 0x0F, 0x01), 40));
    }

    @Test
    void rejectsAStreamShorterThanThePage() {
        assertEquals("input ends after 3 of 8 output bytes", failure(bytes(0, 'a', 'b', 'c'), 8));
    }

    @Test
    void rejectsInputLeftOver() {
        assertEquals("2 input bytes left over after 3 output bytes", failure(bytes(0, 'a', 'b', 'c', 'd', 'e'), 3));
    }

    @Test
    void rejectsAnEmptyStreamForANonEmptyPage() {
        assertEquals("input ends after 0 of 1 output bytes", failure(new byte[0], 1));
    }

    @Test
    void rejectsBadBoundsAsACallerBug() {
        assertThrows(IllegalArgumentException.class, () -> Pglz.decompress(new byte[4], 2, 3, new byte[8], 8));
        assertThrows(IllegalArgumentException.class, () -> Pglz.decompress(new byte[4], 0, 4, new byte[8], 9));
    }

    // --- properties

    /** Pages of every kind of redundancy: runs, repeats near and far, noise. */
    private static byte[] page(Random rnd) {
        byte[] raw = new byte[1 + rnd.nextInt(8192)];
        int pos = 0;
        while (pos < raw.length) {
            int n = Math.min(raw.length - pos, 1 + rnd.nextInt(400));
            switch (rnd.nextInt(4)) {
                case 0 -> Arrays.fill(raw, pos, pos + n, (byte) rnd.nextInt(256));
                case 1 -> {
                    for (int i = 0; i < n; i++) {
                        raw[pos + i] = (byte) rnd.nextInt(256);
                    }
                }
                default -> {
                    int back = 1 + rnd.nextInt(Math.max(1, Math.min(pos, 5000)));
                    for (int i = 0; i < n; i++) {
                        raw[pos + i] = pos + i - back >= 0 ? raw[pos + i - back] : (byte) i;
                    }
                }
            }
            pos += n;
        }
        return raw;
    }

    @Test
    void encodedPagesRoundTrip() throws Exception {
        Random rnd = new Random(20261201);
        for (int i = 0; i < 150; i++) {
            byte[] raw = page(rnd);
            byte[] enc = PglzEncoder.encode(raw);
            assertArrayEquals(raw, decode(enc, raw.length), "case " + i);
        }
    }

    @Test
    void everyTruncationOfAValidStreamIsAnError() {
        Random rnd = new Random(7);
        for (int i = 0; i < 20; i++) {
            byte[] raw = page(rnd);
            byte[] enc = PglzEncoder.encode(raw);
            byte[] out = new byte[raw.length];
            for (int len = 0; len < enc.length; len++) {
                int l = len;
                assertThrows(Pglz.CorruptStreamException.class, () -> Pglz.decompress(enc, 0, l, out, raw.length),
                        "case " + i + " cut at " + len);
            }
        }
    }

    @Test
    void randomStreamsDecodeOrFailCleanly() {
        Random rnd = new Random(42);
        byte[] out = new byte[8192];
        int ok = 0;
        for (int i = 0; i < 50_000; i++) {
            byte[] src = new byte[rnd.nextInt(600)];
            rnd.nextBytes(src);
            int rawSize = rnd.nextBoolean() ? 1 + rnd.nextInt(8192) : 1 + rnd.nextInt(2 * src.length + 1);
            try {
                Pglz.decompress(src, 0, src.length, out, rawSize);
                ok++;
            } catch (Pglz.CorruptStreamException e) {
                assertTrue(e.getMessage().contains("input") || e.getMessage().contains("tag"), e.getMessage());
            }
        }
        assertTrue(ok < 50_000, "every random stream decoded");
    }

    @Test
    void flippedBytesOfAValidStreamDecodeOrFailCleanly() {
        Random rnd = new Random(99);
        byte[] out = new byte[8192];
        for (int i = 0; i < 20; i++) {
            byte[] raw = page(rnd);
            byte[] enc = PglzEncoder.encode(raw);
            for (int j = 0; j < 500; j++) {
                byte[] bad = enc.clone();
                bad[rnd.nextInt(bad.length)] ^= (byte) (1 << rnd.nextInt(8));
                try {
                    Pglz.decompress(bad, 0, bad.length, out, raw.length);
                } catch (Pglz.CorruptStreamException expected) {
                    // a flip in a control byte or tag usually breaks the stream; in a literal it does not
                }
            }
        }
    }

    @Test
    void decodingAllocatesNothingSizedByTheStream() {
        Random rnd = new Random(5);
        byte[][] streams = new byte[2000][];
        for (int i = 0; i < streams.length; i++) {
            streams[i] = new byte[60_000];
            rnd.nextBytes(streams[i]);
            streams[i][0] = (byte) 0xFF; // a tag first: fails at once, or a long literal run
        }
        byte[] out = new byte[8192];
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        for (int pass = 0; pass < 2; pass++) { // the first pass warms up
            long before = mx.getThreadAllocatedBytes(tid);
            for (byte[] s : streams) {
                try {
                    Pglz.decompress(s, 0, s.length, out, 8192);
                } catch (Pglz.CorruptStreamException e) {
                    // expected: one small exception without a stack trace
                }
            }
            long allocated = mx.getThreadAllocatedBytes(tid) - before;
            // exceptions and their messages only: a few hundred bytes each, nothing near the 60 KB inputs
            assertTrue(allocated < streams.length * 1_000L, "allocated " + allocated + " bytes");
        }
    }
}
