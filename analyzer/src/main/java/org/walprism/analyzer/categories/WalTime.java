package org.walprism.analyzer.categories;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * The wall-clock times WAL records carry, as Unix microseconds (0: none): a commit's or abort's {@code xact_time}
 * (TimestampTz, microseconds since 2000-01-01; also COMMIT_PREPARED / ABORT_PREPARED) and a checkpoint's
 * {@code time} (pg_time_t, seconds, when the checkpoint began). Other records have no time of their own; records
 * are placed in time by commits and aborts only ({@link #of}).
 *
 * <p>{@code xl_xact_commit / xl_xact_abort => xact_time: int64, ...} (src/include/access/xact.h);
 * {@code CheckPoint => ..., time: int64} at offset 64 (13-18: after 4 bytes of padding) or 72 (19+)
 * (src/include/catalog/pg_control.h).
 */
public final class WalTime {
    /** Microseconds from the Unix epoch to PostgreSQL's (2000-01-01). */
    public static final long PG_EPOCH_MICROS = 946_684_800_000_000L;
    private static final DateTimeFormatter TEXT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS",
            Locale.ROOT).withZone(ZoneOffset.UTC);

    private WalTime() {
    }

    /**
     * The time of record {@code v} for placing it in time: a commit's or abort's, else 0. A checkpoint's time is
     * not used: it is when the checkpoint began (a spread checkpoint writes its record minutes later), in whole
     * seconds, so it would place the records around it before commits that came before them.
     */
    public static long of(RecordView v) {
        return v.rmid() == RmgrTable.TRANSACTION ? carried(v) : 0;
    }

    /** The time record {@code v} carries, or 0: a commit's or abort's, or a checkpoint's (when it began). */
    public static long carried(RecordView v) {
        int m = v.mainDataIndex();
        int len = v.mainDataLength();
        if (v.rmid() == RmgrTable.TRANSACTION) {
            int op = v.info() & 0x70;
            if ((op == 0x00 || op == 0x20 || op == 0x30 || op == 0x40) && len >= 8) {
                return v.i64(m) + PG_EPOCH_MICROS;
            }
            return 0;
        }
        if (v.rmid() == RmgrTable.XLOG) {
            int op = v.info() & 0xF0;
            int at = checkpointTime(v.version());
            if ((op == 0x00 || op == 0x10) && len >= at + 8) {
                return v.i64(m + at) * 1_000_000L;
            }
        }
        return 0;
    }

    /** Offset of {@code CheckPoint.time}: the one dispatch point of that layout. */
    private static int checkpointTime(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> 64;
            case PG19_BETA1, PG19_BETA3, PG19 -> 72;
        };
    }

    /** {@code 2026-12-01 16:34:05.123456} (UTC). */
    public static String text(long micros) {
        return TEXT.format(instant(micros));
    }

    /** ISO 8601 in UTC, {@code 2026-12-01T16:34:05.123456Z}; null for 0. */
    public static String iso(long micros) {
        return micros == 0 ? null : DateTimeFormatter.ISO_INSTANT.format(instant(micros));
    }

    private static Instant instant(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
    }

    /**
     * Parses a time given on the command line: ISO 8601 ({@code 2026-12-01T16:34:05Z}, an offset, or none: UTC),
     * or PostgreSQL's text form ({@code 2026-12-01 16:34:05[.123456][+00]}, as pg_waldump and psql print it).
     *
     * @throws IllegalArgumentException naming the text when it is not a time
     */
    public static long parse(String text) {
        String t = text.strip().replace(' ', 'T');
        if (t.endsWith("TUTC")) {
            t = t.substring(0, t.length() - 4) + "Z";
        }
        // a date alone (its day's last field would pass for a "-01" offset below)
        if (t.matches("\\d{4}-\\d\\d-\\d\\d")) {
            t = t + "T00:00:00";
        }
        if (t.matches(".*T.*[+-]\\d\\d$")) {
            t = t + ":00";
        }
        try {
            Instant i;
            if (t.endsWith("Z") || t.matches(".*[+-]\\d\\d:\\d\\d$")) {
                i = java.time.OffsetDateTime.parse(t).toInstant();
            } else {
                i = java.time.LocalDateTime.parse(t).toInstant(ZoneOffset.UTC);
            }
            return i.getEpochSecond() * 1_000_000L + i.getNano() / 1000;
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not a time (e.g. 2026-12-01T16:34:05Z or "
                    + "'2026-12-01 16:34:05+00'; no zone: UTC)");
        }
    }

    /**
     * Parses a duration: a number with {@code s}, {@code min}, {@code h} or {@code d} ({@code 30s}, {@code 1min},
     * {@code 2h}); returns microseconds, or -1 when {@code text} is not a duration (then it may be a byte width).
     */
    public static long duration(String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,9})\\s*(s|sec|min|m|h|d)")
                .matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return -1;
        }
        long n = Long.parseLong(m.group(1));
        long unit = switch (m.group(2)) {
            case "s", "sec" -> 1L;
            case "min", "m" -> 60L;
            case "h" -> 3600L;
            default -> 86400L;
        };
        return n * unit * 1_000_000L;
    }
}
