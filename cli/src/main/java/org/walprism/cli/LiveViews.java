package org.walprism.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.walprism.analyzer.categories.Category;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.desc.TextBuffer;
import org.walprism.analyzer.dump.OrderedDump;
import org.walprism.analyzer.report.CategoryFormatter;
import org.walprism.analyzer.stats.StatsFormatter;
import org.walprism.analyzer.stats.StatsRow;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.LiveSource;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;

/**
 * The views of WAL that grows while it is read ({@code --follow}, {@code stream}): the records as they come
 * ({@code dump}), the statistics or the category attribution at the end or one row per {@code --interval}.
 * Reading stops at the end LSN, when the source ends, or at Ctrl-C ({@link Interrupts}); what was gathered is
 * printed then.
 */
final class LiveViews {
    /** Records between two looks at the clock and at Ctrl-C while WAL keeps coming. */
    private static final int CHECK_EVERY = 256;

    private LiveViews() {
    }

    /** What a view does with the records, and when the reader waits or an interval ends. */
    private interface View {
        /** A record, and the LSN just after it (pg_waldump's EndRecPtr). */
        void record(RecordView v, long end) throws IOException;

        /** Writes out what is pending (the reader waits for WAL, or reading ends). */
        void flush() throws IOException;

        /** An interval ended at {@code now}. */
        @SuppressWarnings("UnusedVariable") // the default has nothing to print; the views that print use now
        default void interval(Instant now) throws IOException {
        }

        /** Whether the view wants no more records (-n reached). */
        default boolean done() {
            return false;
        }

        /** Reading ended: the final output. */
        void end() throws IOException;
    }

    /**
     * The {@code pg_wal} directory of range {@code r} followed as the server writes it ({@code --follow}).
     *
     * @throws BadArgumentException when the input is not a directory of segment files
     */
    static LiveSource followed(WalRangeOptions.Range r) {
        if (!java.nio.file.Files.isDirectory(r.path())) {
            throw new BadArgumentException("--follow reads a directory of WAL segment files (pg_wal), not "
                    + r.path());
        }
        Interrupts.install();
        return org.walprism.source.FollowedDirectory.open(r.path(), r.timeline());
    }

    /** Opens a following reader over {@code source} whose waits flush {@code view} and end intervals. */
    private static void drive(LiveSource source, long start, long end, long intervalMillis, View view,
                              PrintWriter err) throws IOException {
        long period = intervalMillis * 1_000_000L;
        long[] due = {System.nanoTime() + period};
        IOException[] failed = {null};
        WalReader.Idle idle = lsn -> {
            try {
                view.flush();
                tick(view, period, due);
            } catch (IOException e) {
                failed[0] = e;
                return false;
            }
            return !Interrupts.stopRequested() && !view.done();
        };
        try (WalReader reader = WalReader.follow(source, Lsn.bound(start), Lsn.bound(end), idle)) {
            int n = 0;
            RecordView v;
            while ((v = reader.nextView()) != null) {
                view.record(v, reader.endOfLastRecord());
                if (view.done()) {
                    break;
                }
                if (++n % CHECK_EVERY == 0) {
                    if (Interrupts.stopRequested()) {
                        break;
                    }
                    tick(view, period, due);
                }
            }
            if (failed[0] != null) {
                throw failed[0];
            }
            view.flush();
            view.end();
            Notices.print(err, reader.notices(), reader.version());
        }
    }

    private static void tick(View view, long period, long[] due) throws IOException {
        if (period <= 0) {
            return;
        }
        long now = System.nanoTime();
        if (now - due[0] >= 0) {
            view.interval(Instant.now());
            due[0] = now + period;
        }
    }

    /** {@code dump}: every record through {@code printer}, written as it comes; at most {@code limit} shown. */
    static void dump(LiveSource source, long start, long end, OrderedDump.RecordPrinter printer, long limit,
                     OutputStream out, PrintWriter err) throws IOException {
        TextBuffer text = new TextBuffer(1 << 16);
        long[] shown = {0};
        drive(source, start, end, 0, new View() {
            @Override
            public void record(RecordView v, long recEnd) throws IOException {
                if (shown[0] >= limit && limit > 0) {
                    return;
                }
                if (printer.print(v, text)) {
                    shown[0]++;
                }
                if (text.length() >= 1 << 16) {
                    flush();
                }
            }

            @Override
            public void flush() throws IOException {
                text.writeTo(out);
                text.clear();
                out.flush();
            }

            @Override
            public boolean done() {
                return limit > 0 && shown[0] >= limit;
            }

            @Override
            public void end() {
            }
        }, err);
    }

    /** The machine keys of an interval row; {@code --categories} adds one {@code <category>_bytes} per category. */
    static List<String> intervalKeys(boolean categories) {
        List<String> k = new ArrayList<>(List.of("time", "start_lsn", "end_lsn", "count", "record_size", "fpi_size",
                "combined_size"));
        if (categories) {
            for (int i = 0; i < Category.COUNT; i++) {
                k.add(Category.of(i).key() + "_bytes");
            }
        }
        return k;
    }

    /** Interval rows: a header first (text, csv), then one line per interval. */
    private static final class Rows {
        private final StatsCommand.Format format;
        private final List<String> keys;
        private final PrintWriter out;
        private boolean headed;

        Rows(StatsCommand.Format format, boolean categories, PrintWriter out) {
            this.format = format;
            this.keys = intervalKeys(categories);
            this.out = out;
        }

        /** One row; its LSNs as {@code version}'s pg_waldump prints them (the one rule for LSNs; null: none read). */
        void row(Instant time, org.walprism.codec.WalVersion version, long startLsn, long endLsn, List<Long> values) {
            List<String> v = new ArrayList<>();
            v.add(time.truncatedTo(ChronoUnit.SECONDS).toString());
            v.add(startLsn == 0 ? "" : version == null ? Lsn.format(startLsn, true) : Lsn.of(startLsn).format(version));
            v.add(endLsn == 0 ? "" : version == null ? Lsn.format(endLsn, true) : Lsn.of(endLsn).format(version));
            for (long x : values) {
                v.add(Long.toString(x));
            }
            switch (format) {
                case text -> {
                    if (!headed) {
                        out.println(line(keys));
                    }
                    out.println(line(v));
                }
                case csv -> {
                    if (!headed) {
                        out.println(String.join(",", keys));
                    }
                    out.println(String.join(",", v));
                }
                case json -> {
                    StringBuilder sb = new StringBuilder("{");
                    for (int i = 0; i < keys.size(); i++) {
                        sb.append(i == 0 ? "" : ", ").append('"').append(keys.get(i)).append("\": ");
                        sb.append(i < 3 ? '"' + v.get(i) + '"' : v.get(i));
                    }
                    out.println(sb.append('}'));
                }
                default -> throw new AssertionError(format);
            }
            headed = true;
            out.flush();
        }

        /** Text columns: time 20 wide, LSNs 17, numbers 20, right-aligned after the time. */
        private static String line(List<String> v) {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-20s", v.get(0)));
            for (int i = 1; i < v.size(); i++) {
                sb.append(' ').append(String.format(Locale.ROOT, i < 3 ? "%17s" : "%20s", v.get(i)));
            }
            return sb.toString().stripTrailing();
        }
    }

    /**
     * {@code stats}: pg_waldump's table at the end ({@code intervalMillis} 0), or one row per interval, the
     * figures of that interval only.
     */
    static void stats(LiveSource source, long start, long end, boolean perRecord, StatsCommand.Format format,
                      long intervalMillis, PrintWriter out, PrintWriter err) throws IOException {
        Rows rows = new Rows(format, false, out);
        WalStats[] cur = {null};
        long[] last = {0};
        drive(source, start, end, intervalMillis, new View() {
            @Override
            public void record(RecordView v, long recEnd) {
                if (cur[0] == null) {
                    cur[0] = new WalStats(v.version());
                    cur[0].startLsn(v.lsn());
                }
                cur[0].add(v.rmid(), v.info(), Integer.toUnsignedLong(v.totalLength()), v.fpiLength());
                last[0] = recEnd;
            }

            @Override
            public void flush() {
                out.flush();
            }

            @Override
            public void interval(Instant now) {
                WalStats s = cur[0];
                if (s == null) {
                    rows.row(now, null, 0, 0, List.of(0L, 0L, 0L, 0L));
                    return;
                }
                StatsRow t = s.total();
                rows.row(now, s.version(), s.startLsn(), last[0], List.of(t.count(), t.recordSize(), t.fpiSize(),
                        t.combinedSize()));
                cur[0] = null;
            }

            @Override
            public void end() {
                if (intervalMillis > 0) {
                    if (cur[0] != null) {
                        interval(Instant.now());
                    }
                    return;
                }
                WalStats s = cur[0];
                if (s == null) {
                    return; // nothing counted: pg_waldump 15+ prints nothing
                }
                s.endLsn(last[0]);
                out.print(switch (format) {
                    case text -> StatsFormatter.text(s, perRecord);
                    case json -> StatsFormatter.json(s, perRecord);
                    case csv -> StatsFormatter.csv(s, perRecord);
                });
                out.flush();
            }
        }, err);
    }

    /** {@code stats --categories}: the attribution at the end, or one row per interval with bytes per category. */
    static void categories(LiveSource source, long start, long end, long bucketSize, StatsCommand.Format format,
                           long intervalMillis, PrintWriter out, PrintWriter err) throws IOException {
        Rows rows = new Rows(format, true, out);
        CategoryStats[] cur = {null};
        drive(source, start, end, intervalMillis, new View() {
            @Override
            public void record(RecordView v, long recEnd) {
                if (cur[0] == null) {
                    cur[0] = new CategoryStats(v.version(), source.segmentSize(), bucketSize);
                }
                cur[0].add(v);
            }

            @Override
            public void flush() {
                out.flush();
            }

            @Override
            public void interval(Instant now) {
                CategoryStats s = cur[0];
                List<Long> values = new ArrayList<>();
                if (s == null) {
                    for (int i = 0; i < 4 + Category.COUNT; i++) {
                        values.add(0L);
                    }
                    rows.row(now, null, 0, 0, values);
                    return;
                }
                long fpi = 0;
                for (int i = 0; i < Category.COUNT; i++) {
                    fpi += s.categoryFpiBytes(Category.of(i));
                }
                values.add(s.records());
                values.add(s.bytes() - fpi);
                values.add(fpi);
                values.add(s.bytes());
                for (int i = 0; i < Category.COUNT; i++) {
                    values.add(s.categoryBytes(Category.of(i)));
                }
                rows.row(now, s.version(), s.startLsn(), s.endLsn(), values);
                cur[0] = null;
            }

            @Override
            public void end() {
                if (intervalMillis > 0) {
                    if (cur[0] != null) {
                        interval(Instant.now());
                    }
                    return;
                }
                if (cur[0] != null) {
                    out.print(CategoryFormatter.format(cur[0], StatsCategories.format(format)));
                    out.flush();
                }
            }
        }, err);
    }
}
