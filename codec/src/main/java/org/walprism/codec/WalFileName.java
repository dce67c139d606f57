package org.walprism.codec;

/**
 * WAL segment file names: {@code %08X%08X%08X} of timeline, {@code segno / segmentsPerXLogId},
 * {@code segno % segmentsPerXLogId}. Mirrors XLogFileName in src/include/access/xlog_internal.h.
 */
public final class WalFileName {
    private WalFileName() {
    }

    /** The 24-hex-digit segment file name of {@code segno} on {@code timeline} ({@code XLogFileName}, access/xlog_internal.h). */
    public static String of(int timeline, long segno, int segmentSize) {
        long perId = 0x100000000L / segmentSize;
        // by hand, not String.format: a short process would pay for java.util.Formatter's start-up
        char[] name = new char[24];
        hex8(name, 0, Integer.toUnsignedLong(timeline));
        hex8(name, 8, segno / perId);
        hex8(name, 16, segno % perId);
        return new String(name);
    }

    /** {@code %08X} of the low 32 bits of {@code v} into {@code dst} at {@code at}. */
    private static void hex8(char[] dst, int at, long v) {
        for (int i = 7; i >= 0; i--) {
            dst[at + i] = HEX[(int) (v & 0xF)];
            v >>>= 4;
        }
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    /** True for a 24-hex-digit segment name ({@code IsXLogFileName}). */
    public static boolean isSegmentName(String name) {
        return name.length() == 24 && name.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'));
    }

    /** The timeline of a segment name (its first 8 hex digits). */
    public static int timeline(String name) {
        return (int) Long.parseLong(name.substring(0, 8), 16);
    }

    /** The segment number of a segment name for {@code segmentSize}-byte segments ({@code XLogFromFileName}). */
    public static long segno(String name, int segmentSize) {
        long perId = 0x100000000L / segmentSize;
        return Long.parseLong(name.substring(8, 16), 16) * perId + Long.parseLong(name.substring(16, 24), 16);
    }

    /** True for a power of two from 1 MiB to 1 GiB ({@code IsValidWalSegSize}). */
    public static boolean isValidSegmentSize(long size) {
        return size >= (1 << 20) && size <= (1 << 30) && Long.bitCount(size) == 1;
    }
}
