package org.walprism.source;

import org.walprism.codec.WalFormatException;
import org.walprism.codec.read.TimelineHistory;

/**
 * Timeline history files as they are stored ({@code 00000003.history}, compressed, pgBackRest-named): their names,
 * and their bytes read into a {@link TimelineHistory}, as xlogreader's callers do with readTimeLineHistory
 * (access/transam/timeline.c).
 */
public final class HistoryFiles {
    /** A history file larger than this is not read (a real one has one short line per ancestor). */
    static final int MAX_FILE_SIZE = 1 << 20;

    private HistoryFiles() {
    }

    /**
     * Reads and parses history file {@code name} of timeline {@code target} from {@code raw} (its stored bytes,
     * compressed or not: the first bytes decide), never more than {@link #MAX_FILE_SIZE} bytes of it.
     *
     * @throws WalFormatException when it cannot be read, is larger, or does not parse
     */
    static TimelineHistory read(java.io.InputStream raw, int target, String name) {
        byte[] content;
        try (java.io.PushbackInputStream in = new java.io.PushbackInputStream(raw, Compression.MAGIC_BYTES)) {
            byte[] m = in.readNBytes(Compression.MAGIC_BYTES);
            in.unread(m);
            content = Compression.byNameOrContent(name, m, m.length).decompress(in).readNBytes(MAX_FILE_SIZE + 1);
        } catch (java.io.IOException | RuntimeException e) {
            throw new WalFormatException("could not read history file " + name + ": " + e.getMessage());
        }
        if (content.length > MAX_FILE_SIZE) {
            throw new WalFormatException("history file " + name + " is larger than " + MAX_FILE_SIZE
                    + " bytes: not a timeline history");
        }
        return TimelineHistory.parse(content, target, name);
    }

    /**
     * The note for a history file of timeline 1 ({@code name}), which is not read: timeline 1 has no ancestors,
     * PostgreSQL never writes its history and readTimeLineHistory does not look for one.
     */
    static String timelineOneNote(String name) {
        return name + " is not read: timeline 1 has no history (PostgreSQL never writes one, nor reads it)";
    }

    /**
     * The timeline of a history file's stored name ({@code 00000003.history}, compressed {@code .gz}, {@code .lz4},
     * ..., pgBackRest's {@code -<sha1>} suffix), or -1 when {@code fileName} is not one. Timeline 0 is no timeline.
     */
    public static long timelineOfFileName(String fileName) {
        String n = fileName;
        Compression c = Compression.bySuffix(n);
        if (c != null) {
            n = n.substring(0, n.length() - c.suffix().length());
        }
        int dash = n.length() - 41;
        if (dash > 0 && n.charAt(dash) == '-') {
            n = n.substring(0, dash);
        }
        if (n.length() != 16 || !n.endsWith(".history")) {
            return -1;
        }
        for (int i = 0; i < 8; i++) {
            if (Character.digit(n.charAt(i), 16) < 0 || Character.isLowerCase(n.charAt(i))) {
                return -1;
            }
        }
        long tli = Long.parseLong(n.substring(0, 8), 16);
        return tli == 0 ? -1 : tli;
    }
}
