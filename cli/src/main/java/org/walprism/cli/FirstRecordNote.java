package org.walprism.cli;

import java.io.IOException;
import java.io.PrintWriter;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.source.WalSources;

/**
 * pg_waldump's "first record is after X, at Y, skipping over N bytes" for a {@code -s} that falls inside a record
 * (pg_waldump.c main(), after XLogFindNextRecord): printed when the start is neither the first record found nor a
 * segment start. pg_waldump 13 to 15 print it on stdout ({@code printf}, before the records or the statistics);
 * 18 prints it on stderr ({@code pg_log_info}, "pg_waldump: first record ..."), both checked against the real
 * binaries. walprism does the same per version of the WAL (16 and 17 as 18: the {@code pg_log_info} form), and
 * puts it on stderr as a note whenever stdout carries JSON or CSV, so that those stay parseable.
 */
final class FirstRecordNote {

    private FirstRecordNote() {
    }

    /** The message (without newline) for range {@code r}, or null when pg_waldump prints none. */
    static Message of(WalRangeOptions.Range r) throws IOException {
        if (r.start() == 0 || r.startsAtSegment()) {
            // a segment start gets no note (below); known without opening a reader, which costs a short command's
            // start-up milliseconds (the range's first page read and checked twice)
            return null;
        }
        try (WalReader reader = WalSources.reader(r.path(), Lsn.bound(r.start()), Lsn.bound(r.end()), r.timeline())) {
            long first = reader.firstRecordLsn();
            if (first == r.start() || first < 0 || Long.remainderUnsigned(r.start(), reader.segmentSize()) == 0) {
                return null;
            }
            return message(r.start(), first, reader.version());
        }
    }

    /**
     * Whether a scan of range {@code r} that counted {@code counted} records tells the message by itself: it read
     * at least one record, and {@code r}'s start is known not to be a segment start. With an unknown segment size
     * a start that is not a multiple of the smallest one (IsValidWalSegSize in xlog_internal.h: a power of two
     * from 1 MB to 1 GB) is no segment start; a multiple of 1 MB needs the WAL's own size ({@link #of}).
     */
    static boolean scanTells(WalRangeOptions.Range r, long counted) {
        return counted > 0 && (r.segmentSize() > 0 || Long.remainderUnsigned(r.start(), MIN_SEGMENT_SIZE) != 0);
    }

    /**
     * The message for range {@code r} from a scan of it for which {@link #scanTells} holds: its first record
     * {@code first} and WAL version {@code v}, without opening the WAL again; null when pg_waldump prints none.
     */
    static Message fromScan(WalRangeOptions.Range r, long first, WalVersion v) {
        if (r.start() == 0 || r.startsAtSegment() || first == r.start() || first < 0) {
            return null;
        }
        return message(r.start(), first, v);
    }

    /** The smallest valid wal_segment_size (WalSegMinSize in xlog_internal.h), of which every other is a multiple. */
    private static final long MIN_SEGMENT_SIZE = 1L << 20;

    private static Message message(long start, long first, WalVersion v) {
        long skipped = first - start;
        String text = "first record is after " + Lsn.of(start).format(v) + ", at " + Lsn.of(first).format(v)
                + ", skipping over " + Long.toUnsignedString(skipped) + (skipped == 1 ? " byte" : " bytes");
        return new Message(text, onStdout(v));
    }

    /** Whether {@code v}'s pg_waldump prints the message on stdout (13 to 15) rather than stderr. */
    static boolean onStdout(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15 -> true;
            case PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> false;
        };
    }

    /**
     * Prints the message of {@code r}, if any: on {@code out} where pg_waldump prints it there and {@code text}
     * output is asked, else on {@code err} as a note.
     */
    static void print(WalRangeOptions.Range r, boolean text, PrintWriter out, PrintWriter err) throws IOException {
        print(of(r), text, out, err);
    }

    /**
     * As {@link #print(WalRangeOptions.Range, boolean, PrintWriter, PrintWriter)}, from a finished scan of
     * {@code r} (its first record, the records it counted and its version): the WAL is opened again only when
     * the scan does not tell ({@link #scanTells}).
     */
    static void printAfterScan(WalRangeOptions.Range r, long first, long counted, WalVersion v, boolean text,
                               PrintWriter out, PrintWriter err) throws IOException {
        if (r.start() == 0 || r.startsAtSegment()) {
            return;
        }
        print(scanTells(r, counted) ? fromScan(r, first, v) : of(r), text, out, err);
    }

    private static void print(Message m, boolean text, PrintWriter out, PrintWriter err) {
        if (m == null) {
            return;
        }
        if (m.stdout() && text) {
            out.print(m.text() + "\n");
            out.flush();
        } else {
            err.println("walprism: note: " + m.text());
            err.flush();
        }
    }

    /** The message and whether pg_waldump prints it on stdout. */
    record Message(String text, boolean stdout) {
    }
}
