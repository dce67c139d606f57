package org.walprism.analyzer;

/**
 * How a text table writes a byte count: as the number ({@link #BYTES}, the default, pg_waldump's form) or with a
 * unit as PostgreSQL's {@code pg_size_pretty(bigint)} writes it ({@link #PRETTY}, {@code --human}). JSON and CSV
 * always carry the number.
 */
public enum ByteUnits {
    /** The count itself: {@code 2174263}. */
    BYTES,
    /** pg_size_pretty's form: {@code 2123 kB}. */
    PRETTY;

    /** {@code bytes} in a table cell: the number, or pg_size_pretty's text. */
    public String text(long bytes) {
        return this == BYTES ? Long.toString(bytes) : pretty(bytes);
    }

    /** As {@link #text} with a sign on zero and positive counts too ({@code %+d}): {@code +1204}, {@code +12 MB}. */
    public String signed(long bytes) {
        String t = text(bytes);
        return bytes >= 0 ? "+" + t : t;
    }

    /** {@code bytes} in prose: {@code 2174263 bytes}, or pg_size_pretty's text ({@code 2123 kB}). */
    public String amount(long bytes) {
        return this == BYTES ? bytes + " bytes" : pretty(bytes);
    }

    /**
     * PostgreSQL's {@code pg_size_pretty(bigint)} (src/backend/utils/adt/dbsize.c, PostgreSQL 15 and later, whose
     * table {@code size_pretty_units} adds PB): below 10240 the count and {@code bytes}; above, the count in the
     * largest of kB, MB, GB, TB and PB (powers of 1024) that keeps it below 10240 after rounding half away from zero,
     * PB however large. The division keeps one extra bit so that the rounding sees the half unit, as PostgreSQL's
     * {@code half_rounded} does; {@code testdata/oracles/pg_size_pretty.tsv} holds a real server's answers.
     */
    public static String pretty(long bytes) {
        long magnitude = bytes < 0 ? -bytes : bytes; // Long.MIN_VALUE stays negative: it is far above every limit
        if (magnitude >= 0 && magnitude < 10 * 1024) {
            return bytes + " bytes";
        }
        String[] units = {"kB", "MB", "GB", "TB", "PB"};
        long halves = bytes / (1L << 9); // halves of a kB, truncated toward zero as C's division is
        for (int u = 0;; u++) {
            long abs = halves < 0 ? -halves : halves;
            if (u == units.length - 1 || abs < 20 * 1024 - 1) {
                return halfRounded(halves) + " " + units[u];
            }
            halves /= 1024;
        }
    }

    /** PostgreSQL's {@code half_rounded(x)}: {@code (x + (x < 0 ? -1 : 1)) / 2}, the division truncating. */
    private static long halfRounded(long halves) {
        return (halves + (halves < 0 ? -1 : 1)) / 2;
    }
}
