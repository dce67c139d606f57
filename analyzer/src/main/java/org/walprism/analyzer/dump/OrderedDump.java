package org.walprism.analyzer.dump;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.walprism.analyzer.desc.TextBuffer;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.read.WalDirectory;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;

/**
 * Prints every record of a WAL range, in LSN order, with the text formatted on several threads: the range is
 * cut at segment boundaries, as {@link org.walprism.codec.read.ParallelWalScan} cuts it, each chunk is read and
 * printed into text blocks on a worker, and the calling thread writes the blocks chunk by chunk, in order.
 * The output is the same bytes whatever the number of threads.
 *
 * <p>Memory is bounded: at most {@code jobs + 1} chunks are in flight, each holding at most
 * {@value #QUEUE_BLOCKS} written-but-unsent blocks of about {@value #BLOCK_BYTES} bytes; a worker ahead of the
 * writer waits. The chunk being written always has a thread (chunks start in order), so this cannot deadlock.
 *
 * <p>Errors and the end of the WAL are those of one sequential reader: a chunk's records are written up to the
 * record that failed, then its error is thrown; the first record of a chunk must link back ({@code xl_prev}) to
 * the last record of the chunk before it; a chunk where the WAL (or the range) ended is the last one written.
 * With a record limit ({@code -n}), or one thread, or one chunk, everything runs on the calling thread, which
 * stops reading at the limit.
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

    /** Bytes of text per block handed from a worker to the writer. */
    static final int BLOCK_BYTES = 256 * 1024;
    /** Blocks a chunk may have written but not yet sent before its worker waits. */
    static final int QUEUE_BLOCKS = 4;
    /** Blocks grown past this (a huge record) are dropped instead of reused. */
    private static final int MAX_POOLED = 4 * BLOCK_BYTES;
    private static final TextBuffer DONE = new TextBuffer(16);

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

    /** One segment's worth of records (or the whole range, when sequential), and what reading it found. */
    private static final class Chunk {
        final long start;
        final long stop;
        final boolean sequential;
        final BlockingQueue<TextBuffer> blocks = new ArrayBlockingQueue<>(QUEUE_BLOCKS + 1);
        // set by the worker before it hands over the first block (or DONE)
        long firstLsn = -1;
        long firstPrev = -1;
        // set by the worker before DONE
        long lastLsn = -1;
        long count;
        long shown;
        boolean reachedStop;
        Throwable error;

        Chunk(long start, long stop, boolean sequential) {
            this.start = start;
            this.stop = stop;
            this.sequential = sequential;
        }
    }

    /** Where a chunk's worker hands its blocks. */
    private interface BlockSink {
        /** An empty block to print into. */
        TextBuffer fresh();

        /** Takes a full block (or DONE) and returns an empty one. */
        TextBuffer send(Chunk c, TextBuffer full) throws IOException, InterruptedException;

        /** Takes back a block that was not sent. */
        void recycle(TextBuffer b);

        /** Counts one record that the printer counted; returns true when the limit is reached. */
        boolean counted();

        boolean cancelled();
    }

    /**
     * Prints the records of {@code path} from {@code startLsn} to {@code endLsn} (pg_waldump's meaning; 0 = the
     * first record / the end of the WAL) of timeline {@code timeline} (0 = default) to {@code out}.
     *
     * @return records counted by the printers (shown)
     * @throws WalFormatException as a sequential reader would, after writing the records before the error
     */
    public long run(Path path, long startLsn, long endLsn, int timeline, OutputStream out) throws IOException {
        try (WalDirectory probe = WalDirectory.open(path, timeline)) {
            long segSize = probe.segmentSize();
            long start = startLsn == 0 ? probe.firstSegment() * segSize : startLsn;
            long startSeg = start / segSize;
            long lastSeg = endLsn != 0 ? (endLsn - 1) / segSize : probe.lastSegment(startSeg);
            Writer w = new Writer(out, probe, segSize);
            if (lastSeg - startSeg + 1 < 2) {
                Chunk only = new Chunk(start, 0, true);
                inline(only, probe, endLsn, printers.get(), w);
                w.finish(only);
            } else if (jobs == 1 || limit > 0) {
                RecordPrinter printer = printers.get();
                for (long seg = startSeg; seg <= lastSeg; seg++) {
                    Chunk c = new Chunk(seg == startSeg ? start : seg * segSize, (seg + 1) * segSize, false);
                    inline(c, probe, endLsn, printer, w);
                    if (!w.finish(c)) {
                        break;
                    }
                }
            } else {
                w.inline = false;
                parallel(probe, start, startSeg, lastSeg, endLsn, w);
            }
            out.flush();
            return w.shown;
        }
    }

    /** Reads chunk {@code c} on the calling thread, writing as it goes. */
    private static void inline(Chunk c, WalDirectory probe, long endLsn, RecordPrinter printer, Writer w)
            throws IOException {
        try {
            runChunk(c, probe.fork(), endLsn, printer, w);
        } catch (InterruptedException e) {
            throw new AssertionError("the writer does not wait", e);
        }
    }

    private void parallel(WalDirectory probe, long start, long startSeg, long lastSeg, long endLsn, Writer w)
            throws IOException {
        long segSize = probe.segmentSize();
        ConcurrentLinkedQueue<TextBuffer> free = new ConcurrentLinkedQueue<>();
        ThreadLocal<RecordPrinter> printer = ThreadLocal.withInitial(printers);
        ExecutorService pool = Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, "walprism-dump");
            t.setDaemon(true);
            return t;
        });
        QueueSink queued = new QueueSink(free);
        ArrayDeque<Chunk> inFlight = new ArrayDeque<>();
        long next = startSeg;
        try {
            while (true) {
                while (inFlight.size() <= jobs && next <= lastSeg) {
                    long seg = next++;
                    Chunk c = new Chunk(seg == startSeg ? start : seg * segSize, (seg + 1) * segSize, false);
                    WalDirectory source = probe.fork();
                    inFlight.add(c);
                    pool.execute(() -> work(c, source, endLsn, printer, queued));
                }
                Chunk c = inFlight.poll();
                if (c == null) {
                    return;
                }
                TextBuffer b;
                while ((b = take(c)) != DONE) {
                    w.send(c, b);
                    if (b.capacity() <= MAX_POOLED) {
                        free.add(b);
                    }
                }
                if (!w.finish(c)) {
                    return;
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** A worker's task: reads and prints chunk {@code c}; whatever fails, the writer gets DONE. */
    private static void work(Chunk c, WalDirectory source, long endLsn, ThreadLocal<RecordPrinter> printer,
                             QueueSink sink) {
        try {
            runChunk(c, source, endLsn, printer.get(), sink);
        } catch (InterruptedException | IOException e) {
            // the writer stopped and interrupted us (a queue does not throw IOException)
        } catch (RuntimeException | Error e) {
            c.error = e;
            try {
                c.blocks.put(DONE);
            } catch (InterruptedException stopped) {
                // the writer stopped
            }
        }
    }

    /** A worker's sink: hands full blocks to the writer through the chunk's bounded queue. */
    private static final class QueueSink implements BlockSink {
        private final ConcurrentLinkedQueue<TextBuffer> free;

        QueueSink(ConcurrentLinkedQueue<TextBuffer> free) {
            this.free = free;
        }

        @Override
        public TextBuffer fresh() {
            TextBuffer b = free.poll();
            return b != null ? b.clear() : new TextBuffer(BLOCK_BYTES + BLOCK_BYTES / 8);
        }

        @Override
        public TextBuffer send(Chunk c, TextBuffer full) throws InterruptedException {
            c.blocks.put(full);
            return full == DONE ? null : fresh();
        }

        @Override
        public void recycle(TextBuffer b) {
            free.add(b);
        }

        @Override
        public boolean counted() {
            return false;
        }

        @Override
        public boolean cancelled() {
            return Thread.currentThread().isInterrupted();
        }
    }

    private static TextBuffer take(Chunk c) throws IOException {
        try {
            return c.blocks.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while writing WAL records");
        }
    }

    /**
     * Reads chunk {@code c} and prints its records into blocks handed to {@code sink}; what it found (records,
     * last LSN, whether it reached its stop, the error of the reader or the printer) goes into {@code c}, and
     * DONE ends its blocks. Errors of the sink itself (writing, a broken link) propagate.
     */
    private static void runChunk(Chunk c, WalDirectory source, long endLsn, RecordPrinter printer, BlockSink sink)
            throws IOException, InterruptedException {
        TextBuffer block = sink.fresh();
        WalReader r = null;
        try {
            while (true) {
                boolean counts;
                try {
                    if (r == null) {
                        r = c.sequential ? WalReader.open(source, c.start, endLsn)
                                : WalReader.openChunk(source, c.start, c.stop, endLsn);
                    }
                    RecordView v = r.nextView();
                    if (v == null) {
                        c.reachedStop = !c.sequential && r.reachedStop();
                        break;
                    }
                    if (c.count == 0) {
                        c.firstLsn = v.lsn();
                        c.firstPrev = v.prev();
                    }
                    c.count++;
                    c.lastLsn = v.lsn();
                    counts = printer.print(v, block);
                } catch (RuntimeException | Error e) {
                    c.error = e;
                    break;
                }
                if (counts) {
                    c.shown++;
                    if (sink.counted()) {
                        break;
                    }
                }
                if (block.length() >= BLOCK_BYTES) {
                    block = sink.send(c, block);
                }
                if (sink.cancelled()) {
                    return;
                }
            }
        } finally {
            if (r != null) {
                r.close();
            }
            source.close();
        }
        if (block.length() > 0) {
            block = sink.send(c, block);
        }
        sink.recycle(block);
        sink.send(c, DONE);
    }

    /** Writes blocks in order, checks the links between chunks, counts towards the limit. */
    private final class Writer implements BlockSink {
        private final OutputStream out;
        private final WalDirectory names;
        private final long segSize;
        private long prevLast = -1;
        private Chunk linked;
        long shown;
        private boolean full;
        /** Whether chunks are read by the caller (then {@link #counted} counts), not by workers. */
        boolean inline = true;

        Writer(OutputStream out, WalDirectory names, long segSize) {
            this.out = out;
            this.names = names;
            this.segSize = segSize;
        }

        private TextBuffer spare;

        @Override
        public TextBuffer fresh() {
            TextBuffer b = spare != null ? spare.clear() : new TextBuffer(BLOCK_BYTES + BLOCK_BYTES / 8);
            spare = null;
            return b;
        }

        /** Writes one block of chunk {@code c}; in inline mode called as the chunk is read. */
        @Override
        public TextBuffer send(Chunk c, TextBuffer b) throws IOException {
            if (b == DONE) {
                return null;
            }
            link(c);
            b.writeTo(out);
            return b.clear();
        }

        @Override
        public void recycle(TextBuffer b) {
            if (b.capacity() <= MAX_POOLED) {
                spare = b;
            }
        }

        @Override
        public boolean counted() {
            full = limit > 0 && ++shown >= limit;
            return full;
        }

        @Override
        public boolean cancelled() {
            return false;
        }

        /** The first record of {@code c} must point back to the last record written before it. */
        private void link(Chunk c) {
            if (linked == c) {
                return;
            }
            if (c.firstLsn >= 0 && prevLast >= 0 && c.firstPrev != prevLast) {
                throw new WalFormatException("record with incorrect prev-link " + Lsn.format(c.firstPrev, true)
                        + " (expected: " + Lsn.format(prevLast, true) + ")", c.firstLsn,
                        names.segmentName(c.firstLsn / segSize), c.firstLsn % segSize);
            }
            linked = c;
        }

        /** After chunk {@code c}'s blocks: throws its error; returns whether the next chunk is to be written. */
        boolean finish(Chunk c) throws IOException {
            link(c);
            if (c.error instanceof IOException e) {
                throw e;
            } else if (c.error instanceof RuntimeException e) {
                throw e;
            } else if (c.error instanceof Error e) {
                throw e;
            }
            if (c.count > 0) {
                prevLast = c.lastLsn;
            }
            if (!inline) {
                shown += c.shown;
            }
            return c.reachedStop && !full;
        }
    }
}
