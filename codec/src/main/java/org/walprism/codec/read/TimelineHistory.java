package org.walprism.codec.read;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;

/**
 * The history of one timeline: the timelines it descends from and where each one ended, as a timeline history file
 * ({@code 00000003.history}) records it, and which timeline's file supplies each WAL segment when a range is read
 * across the switches.
 *
 * <p>File format (PostgreSQL's timeline.c, readTimeLineHistory / writeTimeLineHistory): one line per ancestor,
 * {@code parentTLI <TAB> switchpoint <TAB> reason}, oldest first, e.g. {@code 1\t0/9D3A20\tno recovery target
 * specified}; the switch point is where the parent's WAL ends and the child's begins. Blank lines and lines starting
 * with {@code #} (after leading blanks) are skipped; text after the switch point is ignored. The file of timeline N
 * holds N's whole ancestry, so one file is enough. Like readTimeLineHistory, timeline IDs must increase from line to
 * line and stay below N; unlike it, a switch point below the one before is rejected too (PostgreSQL never writes
 * one, and reading across it would go backwards).
 *
 * <p>Segment choice ({@link #timelineOfSegment}): the timeline whose part of the history holds the last byte of the
 * segment, which is what pg_walinspect's reader does (xlogutils.c XLogReadDetermineTimeline, with timeline.c
 * tliOfPointInHistory) and recovery amounts to (xlogrecovery.c XLogFileReadAnyTLI: the newest timeline of the
 * history whose begin is at or before the segment). The segment holding a switch point is therefore read from the
 * new timeline's file, which holds a copy of the old timeline's WAL up to the switch point
 * (xlog.c XLogInitNewTimeline); records before the switch come from the old timeline's WAL, those after it from the
 * new one. A timeline's segments after its switch point (the old primary may have gone on writing) are never read.
 */
public final class TimelineHistory {

    /**
     * One timeline of the history and the part of the WAL it covers: {@code [begin, end)}, 0 meaning unbounded
     * (PostgreSQL's TimeLineHistoryEntry).
     */
    public record Entry(int tli, long begin, long end) {
    }

    private final List<Entry> entries; // oldest first; the last is the target timeline itself
    private final String file;

    private TimelineHistory(List<Entry> entries, String file) {
        this.entries = Collections.unmodifiableList(entries);
        this.file = file;
    }

    /** A timeline read without a history file: only its own segments (pg_waldump's {@code -t}). */
    public static TimelineHistory of(int tli) {
        return new TimelineHistory(List.of(new Entry(tli, 0, 0)), null);
    }

    /**
     * Parses history file {@code fileName} of timeline {@code target} ({@code content}: its bytes).
     *
     * @throws WalFormatException naming the file and line: a line that is not {@code tli <TAB> X/X}, timeline IDs
     *                            not increasing or not below {@code target}, a switch point below the one before
     */
    public static TimelineHistory parse(byte[] content, int target, String fileName) {
        String text = new String(content, StandardCharsets.UTF_8);
        List<Entry> out = new ArrayList<>();
        long prevEnd = 0;
        int lastTli = 0;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String t = line.stripLeading();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            int lineNo = i + 1;
            int p = 0;
            while (p < t.length() && Character.isDigit(t.charAt(p))) {
                p++;
            }
            if (p == 0 || p > 10 || Long.parseLong(t.substring(0, p)) > 0xFFFFFFFFL) {
                // a file whose first line does not even start as a history line does is not a history: its
                // content is not quoted (it may be anything, a secret among them)
                throw bad(fileName, lineNo, out.isEmpty() ? null : line, "syntax error", "a numeric timeline ID");
            }
            int tli = (int) Long.parseLong(t.substring(0, p));
            int q = p;
            while (q < t.length() && Character.isWhitespace(t.charAt(q))) {
                q++;
            }
            long switchpoint = parseSwitchpoint(t, q);
            if (switchpoint < 0) {
                throw bad(fileName, lineNo, line, "syntax error", "a write-ahead log switchpoint location");
            }
            if (!out.isEmpty() && Integer.compareUnsigned(tli, lastTli) <= 0) {
                throw bad(fileName, lineNo, line, "invalid data", "timeline IDs in increasing sequence");
            }
            if (Long.compareUnsigned(switchpoint, prevEnd) < 0) {
                throw bad(fileName, lineNo, line, "invalid data", org.walprism.codec.WalMessage.of(
                        "switch points in increasing sequence, at or after ", Lsn.of(prevEnd)));
            }
            out.add(new Entry(tli, prevEnd, switchpoint));
            prevEnd = switchpoint;
            lastTli = tli;
        }
        if (!out.isEmpty() && Integer.compareUnsigned(target, lastTli) <= 0) {
            throw new WalFormatException(String.format(Locale.ROOT,
                    "invalid data in history file %s: timeline %d is not below the file's own timeline %d",
                    fileName, Integer.toUnsignedLong(lastTli), Integer.toUnsignedLong(target)));
        }
        out.add(new Entry(target, prevEnd, 0));
        return new TimelineHistory(out, fileName);
    }

    /** {@code X/X} (hex, 1 to 8 digits each) at {@code from} in {@code s}, or -1. */
    private static long parseSwitchpoint(String s, int from) {
        int slash = s.indexOf('/', from);
        if (slash <= from || slash - from > 8) {
            return -1;
        }
        int end = slash + 1;
        while (end < s.length() && Character.digit(s.charAt(end), 16) >= 0) {
            end++;
        }
        if (end == slash + 1 || end - slash - 1 > 8) {
            return -1;
        }
        try {
            return (Long.parseLong(s.substring(from, slash), 16) << 32) | Long.parseLong(s.substring(slash + 1, end), 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static WalFormatException bad(String file, int lineNo, String line, String what, String expected) {
        return bad(file, lineNo, line, what, org.walprism.codec.WalMessage.text(expected));
    }

    /** The history file's line as it is (no LSN in it rewritten), what was expected with its LSNs as values. */
    private static WalFormatException bad(String file, int lineNo, String line, String what,
            org.walprism.codec.WalMessage expected) {
        if (line == null) {
            return new WalFormatException(org.walprism.codec.WalMessage.of(what + " in history file " + file + " line "
                    + lineNo + " (expected: ", expected, "): not a timeline history file"), 0, null, -1);
        }
        String shown = line.length() > 80 ? line.substring(0, 80) + "..." : line;
        StringBuilder clean = new StringBuilder();
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            clean.append(c == '\t' ? "\\t" : Character.isISOControl(c) ? "?" : String.valueOf(c));
        }
        return new WalFormatException(org.walprism.codec.WalMessage.of(what + " in history file " + file + " line "
                + lineNo + ": \"" + clean + "\" (expected: ", expected, ")"), 0, null, -1);
    }

    /** The timeline read: the last of the history. */
    public int target() {
        return entries.get(entries.size() - 1).tli();
    }

    /** The timelines, oldest first, each with the part of the WAL it covers; the last is {@link #target()}. */
    public List<Entry> entries() {
        return entries;
    }

    /** The history file read, or null when there was none ({@link #of(int)}). */
    public String file() {
        return file;
    }

    /** True when a history file was read (the target has ancestors, or its file says it has none). */
    public boolean fromFile() {
        return file != null;
    }

    /** Whether {@code tli} is a timeline of this history (xlogrecovery.c's tliInHistory on expectedTLEs). */
    public boolean contains(long tli) {
        for (Entry e : entries) {
            if (Integer.toUnsignedLong(e.tli()) == tli) {
                return true;
            }
        }
        return false;
    }

    /**
     * The timeline whose file supplies segment {@code segno}: the one whose part of the history holds the segment's
     * last byte (timeline.c tliOfPointInHistory of the segment's end, as XLogReadDetermineTimeline asks it).
     */
    public int timelineOfSegment(long segno, long segmentSize) {
        long last = (segno + 1) * segmentSize - 1;
        for (int i = entries.size() - 1; i >= 0; i--) {
            Entry e = entries.get(i);
            if ((e.begin() == 0 || Long.compareUnsigned(e.begin(), last) <= 0)
                    && (e.end() == 0 || Long.compareUnsigned(last, e.end()) < 0)) {
                return e.tli();
            }
        }
        // Not reached for a parsed history (its entries cover every LSN); a lone timeline covers everything.
        return target();
    }

    /** Whether segment file {@code name} (24 hex digits) is the one {@link #timelineOfSegment} picks. */
    public boolean supplies(String name, int segmentSize) {
        return WalFileName.timeline(name) == timelineOfSegment(WalFileName.segno(name, segmentSize), segmentSize);
    }

    /**
     * What is read, for a note: e.g. {@code timeline 3 (00000003.history): timeline 1 up to 0/009D3A20, timeline 2
     * up to 0/00B08C58, then timeline 3}.
     */
    public String describe() {
        return description().toString();
    }

    /** {@link #describe()} with its switch points as values, for a note printed as the WAL's major prints LSNs. */
    public org.walprism.codec.WalMessage description() {
        org.walprism.codec.WalMessage m = org.walprism.codec.WalMessage.of("timeline " + Integer.toUnsignedLong(target())
                + " (" + file + "): ");
        for (int i = 0; i < entries.size() - 1; i++) {
            Entry e = entries.get(i);
            m = m.plus("timeline " + Integer.toUnsignedLong(e.tli()) + " up to ", Lsn.of(e.end()), ", ");
        }
        return m.plus("then timeline " + Integer.toUnsignedLong(target()));
    }
}
