package org.walprism.analyzer.dump;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;
import org.walprism.analyzer.desc.TextBuffer;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.source.WalSources;

/**
 * Prints every record of a WAL range in LSN order, the text formatted on several threads: {@link ParallelWalScan}
 * cuts the range at segment boundaries and feeds each chunk's records to a sink on a worker, which prints them
 * into one text buffer; the chunks are merged in LSN order on the calling thread, which writes each buffer as
 * its chunk's turn comes. The output is the same bytes whatever the number of threads, and it equals what one
 * sequential reader gives, errors included: the records before a broken one are written, then its error is
 * thrown.
 *
 * <p>Memory is bounded by the scan: at most two chunks per thread are in flight, each holding the text of one
 * segment's records; text buffers are reused. With one thread, or a record limit ({@code -n}), one reader runs
 * on the calling thread and writes as it goes, stopping at the limit.
 */
public final class OrderedDump {

    /** Prints one record; one instance per thread. */
    @FunctionalInterface
    public interface RecordPrinter {
        /**
         * Appends the text of {@code v} (possibly none, as for a record filtered out) to {@code out}; returns
         * whether the record counts towards the limit (pg_waldump's {@code -n} counts shown records).
         */
        boolean print(RecordView v, TextBuffer out);
    }

    /** What a dump did besides writing: records shown, and the reader's notices (where and why the WAL ended). */
    public record Outcome(long shown, List<String> notices) {
    }

    /** Bytes of text the sequential path gathers before writing them. */
    static final int BLOCK_BYTES = 256 * 1024;
    /** Text buffers grown past this (a chunk of tiny records) are dropped instead of reused. */
    private static final int MAX_POOLED = 16 << 20;

    private final Supplier<RecordPrinter> printers;
    private final int jobs;
    private final long limit;

    /**
     * @param printers one printer per thread
     * @param jobs     threads formatting in parallel (at least 1)
     * @param limit    stop after this many records counted by the printers; 0 or less: no limit
     */
    public OrderedDump(Supplier<RecordPrinter> printers, int jobs, long limit) {
        this.printers = printers;
        this.jobs = Math.max(1, jobs);
        this.limit = Math.max(0, limit);
    }

    /**
     * Prints the records of {@code path} from {@code startLsn} to {@code endLsn} (pg_waldump's meaning; 0 = the
     * first record / the end of the WAL) of timeline {@code timeline} (0 = default) to {@code out}.
     *
     * @throws WalFormatException as a sequential reader would, after writing the records before the error
     */
    public Outcome run(Path path, long startLsn, long endLsn, int timeline, OutputStream out) throws IOException {
        Outcome o = jobs == 1 || limit > 0 ? sequential(path, startLsn, endLsn, timeline, out)
                : parallel(path, startLsn, endLsn, timeline, out);
        out.flush();
        return o;
    }

    /** Prints {@code v} into {@code text}; a record whose printing fails leaves no partial line behind. */
    private static boolean print(RecordPrinter p, RecordView v, TextBuffer text) {
        int mark = text.length();
        try {
            return p.print(v, text);
        } catch (RuntimeException | Error e) {
            text.setLength(mark);
            throw e;
        }
    }

    private Outcome sequential(Path path, long startLsn, long endLsn, int timeline, OutputStream out)
            throws IOException {
        RecordPrinter printer = printers.get();
        TextBuffer text = new TextBuffer(BLOCK_BYTES + BLOCK_BYTES / 8);
        long shown = 0;
        try (WalReader r = WalSources.reader(path, startLsn, endLsn, timeline)) {
            try {
                RecordView v;
                while ((v = r.nextView()) != null) {
                    if (print(printer, v, text) && limit > 0 && ++shown >= limit) {
                        break;
                    }
                    if (text.length() >= BLOCK_BYTES) {
                        text.writeTo(out);
                        text.clear();
                    }
                }
            } catch (RuntimeException | Error e) {
                text.writeTo(out); // the records before the error, as a sequential pg_waldump prints them
                throw e;
            }
            text.writeTo(out);
            return new Outcome(shown, r.notices());
        }
    }

    /** One chunk's text: the sink {@link ParallelWalScan} feeds on a worker. */
    private static final class ChunkText implements ParallelWalScan.Sink {
        private final RecordPrinter printer;
        final TextBuffer text;
        long firstLsn = -1;
        long shown;
        boolean written;

        ChunkText(RecordPrinter printer, TextBuffer text) {
            this.printer = printer;
            this.text = text;
        }

        @Override
        public void accept(RecordView v) {
            if (firstLsn < 0) {
                firstLsn = v.lsn();
            }
            if (print(printer, v, text)) {
                shown++;
            }
        }
    }

    private Outcome parallel(Path path, long startLsn, long endLsn, int timeline, OutputStream out)
            throws IOException {
        ThreadLocal<RecordPrinter> printer = ThreadLocal.withInitial(printers);
        ConcurrentLinkedQueue<TextBuffer> free = new ConcurrentLinkedQueue<>();
        // the sinks not written yet, for the records before an error
        Set<ChunkText> pending = ConcurrentHashMap.newKeySet();
        long[] shown = new long[1];
        Supplier<ChunkText> sinks = () -> {
            TextBuffer b = free.poll();
            ChunkText c = new ChunkText(printer.get(), b != null ? b.clear() : new TextBuffer(BLOCK_BYTES));
            pending.add(c);
            return c;
        };
        // merged in LSN order on this thread: what came before is written, the chunk after it is written now
        java.util.function.BinaryOperator<ChunkText> merge = (before, after) -> {
            write(before, out, free, pending, shown);
            write(after, out, free, pending, shown);
            return after;
        };
        try {
            ParallelWalScan.Result<ChunkText> res = WalSources.scan(new ParallelWalScan<>(sinks, merge, jobs), path, startLsn, endLsn, timeline);
            if (res.sink() != null) {
                write(res.sink(), out, free, pending, shown);
            }
            return new Outcome(shown[0], res.notices());
        } catch (WalFormatException e) {
            writeBefore(e.lsn(), out, free, pending, shown);
            throw e;
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * After a failure at {@code lsn} (0: unknown): writes the chunks not written yet whose records come before
     * it. The chunk that failed holds the records before the broken one; later chunks start after it.
     */
    private static void writeBefore(long lsn, OutputStream out, ConcurrentLinkedQueue<TextBuffer> free,
                                    Set<ChunkText> pending, long[] shown) throws IOException {
        List<ChunkText> before = new ArrayList<>();
        for (ChunkText c : pending) {
            if (c.firstLsn >= 0 && Long.compareUnsigned(c.firstLsn, lsn) < 0) {
                before.add(c);
            }
        }
        before.sort((a, b) -> Long.compareUnsigned(a.firstLsn, b.firstLsn));
        try {
            for (ChunkText c : before) {
                write(c, out, free, pending, shown);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static void write(ChunkText c, OutputStream out, ConcurrentLinkedQueue<TextBuffer> free,
                              Set<ChunkText> pending, long[] shown) {
        if (c.written) {
            return;
        }
        c.written = true;
        pending.remove(c);
        shown[0] += c.shown;
        try {
            c.text.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (c.text.capacity() <= MAX_POOLED) {
            free.add(c.text.clear());
        }
    }
}
