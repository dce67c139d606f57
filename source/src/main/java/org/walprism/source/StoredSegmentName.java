package org.walprism.source;

import org.walprism.codec.WalFileName;

/**
 * The name under which a WAL segment is stored, as PostgreSQL and the archivers write it:
 * {@code NAME}, {@code NAME.partial} (pg_receivewal's segment in progress), {@code NAME.<ext>} and
 * {@code NAME.<ext>.partial} (pg_receivewal {@code --compress}, WAL-G, archive_command scripts),
 * {@code NAME[.partial]-<sha1>[.<ext>]} (pgBackRest), where {@code <ext>} is a {@link Compression} suffix.
 * The suffix is only a hint: the bytes decide how a file is read.
 *
 * @param segment the 24-character segment file name
 * @param partial true for a {@code .partial} segment
 * @param suffix  the compression the name claims, or {@link Compression#NONE}
 */
public record StoredSegmentName(String segment, boolean partial, Compression suffix) {

    /** The stored name parsed, or null when {@code fileName} is not a segment's. */
    public static StoredSegmentName parse(String fileName) {
        String n = fileName;
        Compression c = Compression.bySuffix(n);
        if (c != null) {
            n = n.substring(0, n.length() - c.suffix().length());
        }
        int dash = n.length() - 41;
        if (dash > 0 && n.charAt(dash) == '-' && isSha1(n, dash + 1)) {
            n = n.substring(0, dash);
        }
        boolean partial = n.endsWith(".partial");
        if (partial) {
            n = n.substring(0, n.length() - ".partial".length());
        }
        if (c == null) {
            c = Compression.bySuffix(n);
            if (c != null) {
                n = n.substring(0, n.length() - c.suffix().length());
            }
        }
        if (!WalFileName.isSegmentName(n)) {
            return null;
        }
        return new StoredSegmentName(n, partial, c == null ? Compression.NONE : c);
    }

    /** The segment name of a stored file name, or null. */
    public static String segmentOf(String fileName) {
        StoredSegmentName s = parse(fileName);
        return s == null ? null : s.segment();
    }

    /**
     * Preference among files holding the same segment: complete before partial, uncompressed before compressed
     * (a plain file is read with positional reads, a compressed one inflated from its start).
     */
    int rank() {
        return (partial ? 2 : 0) + (suffix == Compression.NONE ? 0 : 1);
    }

    private static boolean isSha1(String s, int from) {
        for (int i = from; i < from + 40; i++) {
            char ch = s.charAt(i);
            if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'))) {
                return false;
            }
        }
        return true;
    }
}
