package org.walprism.analyzer.desc;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable UTF-8 byte buffer that text is appended to, with {@link StringBuilder}'s {@code append} overloads
 * and the C {@code printf} conversions pg_waldump uses ({@code %6u}, {@code %-11s}, {@code %X}, {@code %08X},
 * {@code %x}) written digit by digit, so that formatting a record allocates nothing once the buffer has grown.
 *
 * <p>Characters are stored as UTF-8, as walprism's writers encode them: ASCII byte for byte, other text through
 * {@link String#getBytes}. {@link #toString()} decodes the bytes back.
 */
public final class TextBuffer {
    private static final byte[] DIGITS = "0123456789ABCDEF0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MIN_LONG = Long.toString(Long.MIN_VALUE).getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private byte[] buf;
    private int len;

    /** An empty buffer of default capacity. */
    public TextBuffer() {
        this(256);
    }

    /** An empty buffer holding {@code capacity} characters before it grows. */
    public TextBuffer(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    /** Bytes written so far. */
    public int length() {
        return len;
    }

    /** Cuts the text back to its first {@code n} bytes ({@code n <= length()}). */
    public void setLength(int n) {
        if (n < 0 || n > len) {
            throw new IndexOutOfBoundsException("length " + n + " of " + len);
        }
        len = n;
    }

    /** Empties the buffer, keeping its capacity. */
    public TextBuffer clear() {
        len = 0;
        return this;
    }

    /** The backing array: bytes {@code 0 .. length()-1} are the text. Valid until the next append. */
    public byte[] array() {
        return buf;
    }

    /** Byte {@code i} of the text. */
    public byte byteAt(int i) {
        if (i < 0 || i >= len) {
            throw new IndexOutOfBoundsException(i);
        }
        return buf[i];
    }

    /** Characters the buffer holds before it grows. */
    public int capacity() {
        return buf.length;
    }

    // every append calls this: small enough for C1 (the launcher's JIT for short ranges) to inline; growing is not
    private void ensure(int extra) {
        if (len + extra > buf.length) {
            grow(len + extra);
        }
    }

    private void grow(int need) {
        if (need < 0) {
            throw new OutOfMemoryError("text buffer past 2 GiB");
        }
        buf = Arrays.copyOf(buf, Math.max(need, buf.length < (1 << 29) ? buf.length * 2 : Integer.MAX_VALUE - 16));
    }

    /** Writes the text to {@code out}. */
    public void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, len);
    }

    /** Appends bytes {@code from .. from+n-1} of {@code other}. */
    public TextBuffer append(TextBuffer other, int from, int n) {
        ensure(n);
        System.arraycopy(other.buf, from, buf, len, n);
        len += n;
        return this;
    }

    /** Appends raw bytes (already UTF-8, usually ASCII). */
    public TextBuffer appendBytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, len, b.length);
        len += b.length;
        return this;
    }

    /** Appends {@code c}. */
    public TextBuffer append(char c) {
        if (c < 0x80) {
            ensure(1);
            buf[len++] = (byte) c;
            return this;
        }
        return append(String.valueOf(c));
    }

    /** Appends {@code s} ({@code null} as "null"). */
    public TextBuffer append(String s) {
        if (s == null) {
            return appendBytes(NULL);
        }
        int n = s.length();
        ensure(n);
        byte[] b = buf;
        int at = len;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                len = at;
                return appendBytes(s.substring(i).getBytes(StandardCharsets.UTF_8));
            }
            b[at++] = (byte) c;
        }
        len = at;
        return this;
    }

    /** {@code String.valueOf(o)}, as {@link StringBuilder#append(Object)}. */
    public TextBuffer append(Object o) {
        return append(String.valueOf(o));
    }

    /** Appends "true" or "false". */
    public TextBuffer append(boolean b) {
        return appendBytes(b ? TRUE : FALSE);
    }

    /** Appends {@code v} in decimal. */
    public TextBuffer append(int v) {
        return append((long) v);
    }

    /** Signed decimal, as {@link StringBuilder#append(long)}. */
    public TextBuffer append(long v) {
        if (v >= 0 && v <= Integer.MAX_VALUE) {
            return appendInt((int) v);
        }
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                return appendBytes(MIN_LONG);
            }
            ensure(1);
            buf[len++] = '-';
            v = -v;
            if (v <= Integer.MAX_VALUE) {
                return appendInt((int) v);
            }
        }
        int n = digits(v);
        ensure(n);
        putDecimal(v, len + n);
        len += n;
        return this;
    }

    /** {@code v >= 0} in decimal, two digits at a time. */
    private TextBuffer appendInt(int v) {
        int n = intDigits(v);
        ensure(n);
        int i = len + n;
        len = i;
        byte[] b = buf;
        while (v >= 100) {
            int q = v / 100;
            int r = v - q * 100;
            v = q;
            b[--i] = ONES[r];
            b[--i] = TENS[r];
        }
        if (v >= 10) {
            b[--i] = ONES[v];
            b[--i] = TENS[v];
        } else {
            b[--i] = (byte) ('0' + v);
        }
        return this;
    }

    private static final byte[] TENS = new byte[100];
    private static final byte[] ONES = new byte[100];

    static {
        for (int i = 0; i < 100; i++) {
            TENS[i] = (byte) ('0' + i / 10);
            ONES[i] = (byte) ('0' + i % 10);
        }
    }

    private static int intDigits(int v) {
        if (v < 10000) {
            return v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : 4;
        }
        if (v < 100_000_000) {
            return v < 100_000 ? 5 : v < 1_000_000 ? 6 : v < 10_000_000 ? 7 : 8;
        }
        return v < 1_000_000_000 ? 9 : 10;
    }

    /** {@code v} as an unsigned 64-bit decimal ({@code %llu}, {@link Long#toUnsignedString(long)}). */
    public TextBuffer appendUnsigned(long v) {
        if (v >= 0) {
            return append(v);
        }
        long q = (v >>> 1) / 5;
        append(q);
        return append((char) ('0' + (int) (v - q * 10)));
    }

    /** {@code v} right-aligned in {@code width} columns ({@code %6u}, {@code %10u}), {@code v >= 0}. */
    public TextBuffer appendPadded(long v, int width) {
        int n = v < 0 ? Long.toString(v).length() : v <= Integer.MAX_VALUE ? intDigits((int) v) : digits(v);
        if (n < width) {
            ensure(width - n);
            byte[] b = buf;
            int at = len;
            for (int i = n; i < width; i++) {
                b[at++] = ' ';
            }
            len = at;
        }
        return append(v);
    }

    /** {@code s} left-aligned in {@code width} columns ({@code %-11s}); ASCII. */
    public TextBuffer appendPaddedRight(byte[] s, int width) {
        appendBytes(s);
        if (s.length < width) {
            ensure(width - s.length);
            byte[] b = buf;
            int at = len;
            for (int i = s.length; i < width; i++) {
                b[at++] = ' ';
            }
            len = at;
        }
        return this;
    }

    /** Upper-case hex of unsigned {@code v} with at least {@code minDigits} digits ({@code %X}, {@code %08X}). */
    public TextBuffer appendHex(long v, int minDigits) {
        return hex(v, minDigits, 0);
    }

    /** Lower-case hex of unsigned {@code v} ({@code %x}). */
    public TextBuffer appendHexLower(long v) {
        return hex(v, 1, 16);
    }

    private TextBuffer hex(long v, int minDigits, int table) {
        int n = Math.max(minDigits, v == 0 ? 1 : (64 - Long.numberOfLeadingZeros(v) + 3) / 4);
        ensure(n);
        int start = len;
        int end = start + n;
        byte[] b = buf;
        for (int i = end - 1; i >= start; i--) {
            b[i] = DIGITS[table + (int) (v & 0xF)];
            v >>>= 4;
        }
        len = end;
        return this;
    }

    /** An LSN as {@code %X/%08X} ({@code padLow}) or {@code %X/%X}. */
    public TextBuffer appendLsn(long lsn, boolean padLow) {
        appendHex(lsn >>> 32, 1);
        append('/');
        return appendHex(lsn & 0xFFFFFFFFL, padLow ? 8 : 1);
    }

    /** {@code v} (0 .. 10^n - 1) in exactly {@code n} digits with leading zeros ({@code %02d}, {@code %06d}). */
    public TextBuffer appendZeroPadded(long v, int n) {
        ensure(n);
        int end = len + n;
        for (int i = end - 1; i >= len; i--) {
            buf[i] = (byte) ('0' + (int) (v % 10));
            v /= 10;
        }
        len = end;
        return this;
    }

    private static int digits(long v) {
        int n = 1;
        long p = 10;
        while (n < 19 && v >= p) {
            n++;
            p *= 10;
        }
        return n;
    }

    private void putDecimal(long v, int end) {
        int i = end;
        while (v >= 10) {
            long q = v / 10;
            buf[--i] = (byte) ('0' + (int) (v - q * 10));
            v = q;
        }
        buf[--i] = (byte) ('0' + (int) v);
    }

    /** The text, decoded from UTF-8. */
    @Override
    public String toString() {
        return new String(buf, 0, len, StandardCharsets.UTF_8);
    }
}
