package org.walprism.codec;

import java.util.Optional;

/**
 * A WAL location ({@code XLogRecPtr}): an unsigned 64-bit byte position in the WAL stream.
 *
 * <p>Compared unsigned; formatted in one place. PostgreSQL up to 18 prints {@code %X/%X}, 19 and later
 * {@code %X/%08X}.
 */
public record Lsn(long value) implements Comparable<Lsn>, java.io.Serializable {

    /** {@code InvalidXLogRecPtr}: LSN 0, which no record can have (access/xlogdefs.h). */
    public static final Lsn INVALID = new Lsn(0);

    /** The LSN {@code value}, an unsigned 64-bit WAL position. */
    public static Lsn of(long value) {
        return new Lsn(value);
    }

    /**
     * {@code value} as an optional bound: empty for 0 ({@code InvalidXLogRecPtr}, "none"), else that LSN. For
     * callers that hold an LSN as a raw {@code long} with 0 meaning none, at the readers' {@code Optional<Lsn>}
     * parameters.
     */
    public static Optional<Lsn> bound(long value) {
        return value == 0 ? Optional.empty() : Optional.of(new Lsn(value));
    }

    /**
     * Parses {@code X/Y} (hex digits, either half 1 to 8 of them; no sign, no {@code 0x}).
     *
     * @throws IllegalArgumentException on any other text
     */
    public static Lsn parse(String text) {
        int slash = text.indexOf('/');
        if (slash <= 0 || slash == text.length() - 1 || slash > 8 || text.length() - slash - 1 > 8) {
            throw new IllegalArgumentException("invalid WAL location: \"" + text + "\"");
        }
        for (int i = 0; i < text.length(); i++) {
            // hex digits only: Long.parseLong would also take a sign ("-1/0" must not mean FFFFFFFF/0)
            char c = text.charAt(i);
            boolean hex = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
            if (i != slash && !hex) {
                throw new IllegalArgumentException("invalid WAL location: \"" + text + "\"");
            }
        }
        long hi = Long.parseLong(text.substring(0, slash), 16);
        long lo = Long.parseLong(text.substring(slash + 1), 16);
        return new Lsn((hi << 32) | lo);
    }

    /** The high 32 bits, printed before the slash. */
    public long hi() {
        return value >>> 32;
    }

    /** The low 32 bits, printed after the slash. */
    public long lo() {
        return value & 0xFFFFFFFFL;
    }

    /** This LSN advanced by {@code bytes}. */
    public Lsn plus(long bytes) {
        return new Lsn(value + bytes);
    }

    /** False for {@link #INVALID} ({@code XLogRecPtrIsInvalid}). */
    public boolean isValid() {
        return value != 0;
    }

    @Override
    public int compareTo(Lsn o) {
        return Long.compareUnsigned(value, o.value);
    }

    /** {@code %X/%08X}, the form PostgreSQL 19+ prints and walprism uses in its own messages. */
    @Override
    public String toString() {
        return format(value, true);
    }

    /** {@code %X/%X} when {@code padLow} is false (PostgreSQL up to 18), {@code %X/%08X} otherwise. */
    public String format(boolean padLow) {
        return format(value, padLow);
    }

    /** Formats {@code lsn} as {@code %X/%08X} ({@code padLow}) or {@code %X/%X}, PostgreSQL's {@code LSN_FORMAT_ARGS}. */
    public static String format(long lsn, boolean padLow) {
        // hex digits by hand: no toUpperCase (locale data) and no string concatenation (invokedynamic, whose first
        // use spins method-handle classes on JDK 17) in every process that prints an LSN
        char[] c = new char[17];
        int n = hex(c, 0, (int) (lsn >>> 32), 1);
        c[n++] = '/';
        n = hex(c, n, (int) lsn, padLow ? 8 : 1);
        return new String(c, 0, n);
    }

    private static int hex(char[] c, int at, int v, int minDigits) {
        int digits = Math.max(minDigits, (32 - Integer.numberOfLeadingZeros(v) + 3) / 4);
        for (int i = digits - 1; i >= 0; i--) {
            c[at + i] = "0123456789ABCDEF".charAt(v & 0xF);
            v >>>= 4;
        }
        return at + digits;
    }

    /** How {@code version}'s own tools print this location. */
    public String format(WalVersion version) {
        // pg_waldump and the server print %X/%X up to 18 and %X/%08X from 19 (LSN_FORMAT_ARGS, xlogdefs.h)
        boolean padLow = switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> false;
            case PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
        return format(value, padLow);
    }
}
