package org.walprism.analyzer.dump;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.walprism.analyzer.desc.TextBuffer;
import org.walprism.codec.Lsn;
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
 * <p>Memory is bounded by bytes, not segments: each worker formats into blocks of 256 KB; the
 * chunk whose turn it is (the scan released it: the chunks before it are written) writes each block as it fills,
 * the others hold theirs, all together at most a byte budget ({@link #DEFAULT_BUDGET}), and wait when it is spent
 * until their turn. So a segment whose text is larger than the budget streams instead of being held whole, and the
 * scan never waits on a chunk that waits. Text buffers are reused. With one thread, or a record limit
 * ({@code -n}), one reader runs on the calling thread and writes as it goes, stopping at the limit.
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
    public record Outcome(long shown, List<org.walprism.codec.WalMessage> notices) {
    }

    /** Bytes of text the sequential path gathers before writing them. */
    static final int BLOCK_BYTES = 256 * 1024;
    /** Text buffers grown past this (a chunk of tiny records) are dropped instead of reused. */
    private static final int MAX_POOLED = 16 << 20;

    /**
     * Bytes of formatted text the parallel path holds ahead of its turn, by default (all threads together). At
     * 32 MB a dump of a record-heavy range peaked at 135 MB RSS at -j 16; at 16 MB, 112 MB (docs/performance.md).
     */
    public static final long DEFAULT_BUDGET = 16L << 20;

    private final Supplier<RecordPrinter> printers;
    private final int jobs;
    private final long limit;
    private final long budget;
    private final int block;
    private volatile long peakHeld;

    /**
     * @param printers one printer per thread
     * @param jobs     threads formatting in parallel (at least 1)
     * @param limit    stop after this many records counted by the printers; 0 or less: no limit
     */
    public OrderedDump(Supplier<RecordPrinter> printers, int jobs, long limit) {
        this(printers, jobs, limit, DEFAULT_BUDGET);
    }

    /**
     * As {@link #OrderedDump(Supplier, int, long)}, holding at most {@code budget} bytes of text formatted ahead of
     * its turn (at least one block is formatted ahead whatever the budget).
     */
    public OrderedDump(Supplier<RecordPrinter> printers, int jobs, long limit, long budget) {
        this(printers, jobs, limit, budget, BLOCK_BYTES);
    }

    /** As above, with blocks of {@code blockBytes} (tests: many blocks from small captures). */
    OrderedDump(Supplier<RecordPrinter> printers, int jobs, long limit, long budget, int blockBytes) {
        this.printers = printers;
        this.jobs = Math.max(1, jobs);
        this.limit = Math.max(0, limit);
        this.budget = Math.max(0, budget);
        this.block = Math.max(1, blockBytes);
    }

    /**
     * The most bytes of formatted text the last {@link #run} held ahead of their turn at any moment (parallel path;
     * the text a thread is formatting into, at most one block and one record, is not counted).
     */
    public long peakHeldBytes() {
        return peakHeld;
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
        try (WalReader r = WalSources.reader(path, Lsn.bound(startLsn), Lsn.bound(endLsn), timeline)) {
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

    /**
     * The text the parallel path holds: the blocks formatted ahead of their turn, under one lock with the output.
     * Workers wait before holding more than {@code budget} bytes; the chunk whose turn it is (released by the scan,
     * the chunks before it written) writes its text as it goes and never waits, so the scan always moves on.
     */
    private static final class Output {
        private final OutputStream out;
        private final long budget;
        private final int block;
        private final java.util.ArrayDeque<TextBuffer> free = new java.util.ArrayDeque<>();
        // the chunks not written to the end yet, for the records before an error
        private final Set<ChunkText> pending = ConcurrentHashMap.newKeySet();
        private long held;
        private long peak;
        private long shown;
        private ChunkText current;

        Output(OutputStream out, long budget, int block) {
            this.out = out;
            this.budget = budget;
            this.block = block;
        }

        synchronized TextBuffer buffer() {
            TextBuffer b = free.poll();
            return b != null ? b : new TextBuffer(block + block / 8);
        }

        /** Keeps {@code b} for reuse while the held and the kept buffers together stay within the budget. */
        private void recycle(TextBuffer b) {
            if (b.capacity() <= MAX_POOLED && held + (long) (free.size() + 1) * b.capacity() <= budget) {
                free.add(b.clear());
            }
        }

        private void writeOut(TextBuffer b) {
            try {
                b.writeTo(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /**
         * Takes a full block of {@code c} (worker thread): written now if it is {@code c}'s turn, else held once
         * the budget allows. Returns the buffer to format into next.
         */
        synchronized TextBuffer hand(ChunkText c, TextBuffer block) {
            long n = block.length();
            try {
                while (!c.released && held + n > budget) {
                    wait();
                }
            } catch (InterruptedException e) {
                // the scan is over (an error, or the WAL ended in an earlier chunk): this chunk's text is not needed
                Thread.currentThread().interrupt();
                throw new IllegalStateException("dump interrupted", e);
            }
            if (c.released) {
                writeOut(block);
                return block.clear();
            }
            c.blocks.add(block);
            held += n;
            peak = Math.max(peak, held);
            return buffer();
        }

        /** Scan thread: {@code c}'s turn has come (the chunk before it has ended): its held blocks are written. */
        synchronized void release(ChunkText c) {
            if (current != null) {
                finish(current);
            }
            current = c;
            writeHeld(c);
            c.released = true;
        }

        private void writeHeld(ChunkText c) {
            for (TextBuffer b; (b = c.blocks.poll()) != null; ) {
                held -= b.length();
                writeOut(b);
                recycle(b);
            }
            notifyAll();
        }

        /** Scan thread, once {@code c}'s chunk has ended: the rest of its text is written. */
        synchronized void finish(ChunkText c) {
            if (c.finished) {
                return;
            }
            c.finished = true;
            pending.remove(c);
            writeHeld(c);
            writeOut(c.text);
            recycle(c.text);
            shown += c.shown;
        }

        synchronized long peak() {
            return peak;
        }
    }

    /** One chunk's text: the sink {@link ParallelWalScan} feeds on a worker. */
    private static final class ChunkText implements ParallelWalScan.Sink {
        private final RecordPrinter printer;
        private final Output output;
        // full blocks held until the chunk's turn (under output's lock)
        final java.util.ArrayDeque<TextBuffer> blocks = new java.util.ArrayDeque<>();
        TextBuffer text;
        volatile long firstLsn = -1;
        long shown;
        boolean released;
        boolean finished;

        ChunkText(RecordPrinter printer, Output output) {
            this.printer = printer;
            this.output = output;
            this.text = output.buffer();
        }

        @Override
        public void accept(RecordView v) {
            if (firstLsn < 0) {
                firstLsn = v.lsn();
            }
            if (print(printer, v, text)) {
                shown++;
            }
            if (text.length() >= output.block) {
                text = output.hand(this, text);
            }
        }
    }

    private Outcome parallel(Path path, long startLsn, long endLsn, int timeline, OutputStream out)
            throws IOException {
        ThreadLocal<RecordPrinter> printer = ThreadLocal.withInitial(printers);
        Output o = new Output(out, budget, block);
        Supplier<ChunkText> sinks = () -> {
            ChunkText c = new ChunkText(printer.get(), o);
            o.pending.add(c);
            return c;
        };
        // merged in LSN order on this thread: the chunk before has been written, the rest of this one is now
        java.util.function.BinaryOperator<ChunkText> merge = (before, after) -> {
            o.finish(before);
            o.finish(after);
            return after;
        };
        try {
            ParallelWalScan.Result<ChunkText> res = WalSources.scan(new ParallelWalScan<>(sinks, merge, jobs)
                    .releaseEarly(o::release), path, Lsn.bound(startLsn), Lsn.bound(endLsn), timeline);
            if (res.sink() != null) {
                o.finish(res.sink());
            }
            return new Outcome(o.shown, res.notices());
        } catch (WalFormatException e) {
            writeBefore(e.lsn(), o);
            throw e;
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } finally {
            peakHeld = o.peak();
        }
    }

    /**
     * After a failure at {@code lsn} (0: unknown): writes the chunks not written to the end yet whose records come
     * before it. The chunk that failed holds the records before the broken one; later chunks start after it.
     */
    private static void writeBefore(long lsn, Output o) throws IOException {
        List<ChunkText> before = new ArrayList<>();
        for (ChunkText c : o.pending) {
            if (c.firstLsn >= 0 && Long.compareUnsigned(c.firstLsn, lsn) < 0) {
                before.add(c);
            }
        }
        before.sort((a, b) -> Long.compareUnsigned(a.firstLsn, b.firstLsn));
        try {
            for (ChunkText c : before) {
                o.finish(c);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
