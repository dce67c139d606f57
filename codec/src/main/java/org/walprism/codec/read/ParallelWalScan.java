package org.walprism.codec.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BinaryOperator;
import java.util.function.Supplier;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.RecordView;

/**
 * Scans a WAL range on several threads: the range is cut at segment boundaries, each chunk is decoded
 * independently (a segment's first page says how many bytes of a continued record to skip), and the
 * per-chunk results are merged in LSN order. The result equals a sequential scan: {@code xl_prev} is checked
 * across chunk boundaries, and chunks after one where the WAL ended are discarded with their errors.
 *
 * @param <S> the per-chunk accumulator, fed every record view of its chunk
 */
public final class ParallelWalScan<S extends ParallelWalScan.Sink> {

    /** Receives records of one chunk, in LSN order, on one thread. */
    public interface Sink {
        /** Takes one record; the view is valid only during the call. */
        void accept(RecordView record);
    }

    /** The merged result and what the scan saw. */
    public record Result<S>(S sink, WalVersion version, long firstLsn, long recordCount, long endLsn,
                            List<org.walprism.codec.WalMessage> notices) {
        // endLsn: the reader's EndRecPtr after the last record (0 when no record was read); notices: the
        // source's (partial or duplicate files) and, when the WAL ended before the range did, why it ended

        /** The reader's {@code EndRecPtr} after the last record, or empty when no record was read. */
        public Optional<Lsn> end() {
            return recordCount == 0 || endLsn == 0 ? Optional.empty() : Optional.of(Lsn.of(endLsn));
        }

        /** The first record's LSN, or empty when no record was read. */
        public Optional<Lsn> first() {
            return recordCount == 0 ? Optional.empty() : Optional.of(Lsn.of(firstLsn));
        }
    }

    private final Supplier<S> sinks;
    private final BinaryOperator<S> merge;
    private final int threads;
    private java.util.function.BooleanSupplier stop = () -> false;
    private java.util.function.Consumer<? super S> release;

    /** A scan that gives each chunk a sink from {@code sinks}, combines them with {@code merge}, on up to {@code threads} threads. */
    public ParallelWalScan(Supplier<S> sinks, BinaryOperator<S> merge, int threads) {
        this.sinks = sinks;
        this.merge = merge;
        this.threads = Math.max(1, threads);
    }

    /**
     * Stops the scan early when {@code when} turns true (Ctrl-C): the result then covers the WAL read so far in LSN
     * order, up to the end of a record (one thread: checked before each record; several: after each chunk merged
     * in order), and carries no end-of-WAL note.
     */
    public ParallelWalScan<S> stopWhen(java.util.function.BooleanSupplier when) {
        this.stop = when;
        return this;
    }

    /**
     * Hands each chunk's sink to {@code release} on the scanning thread, in LSN order, as soon as its records are
     * known to be part of the scan while they may still be coming: the chunks before it are merged and the checks
     * where it starts passed (it has read its first record). A released sink may pass on what it holds from then on
     * (dump writes its text as it goes) instead of keeping all of it until its chunk is merged; it is still merged,
     * and records it gets after that are still part of the scan up to the chunk's first error, which the scan throws
     * after them as a sequential reader does. A chunk without records is not released. On one thread the one sink
     * is released before its first record.
     */
    public ParallelWalScan<S> releaseEarly(java.util.function.Consumer<? super S> release) {
        this.release = release;
        return this;
    }

    /**
     * What one chunk found, without its sink: serializable, so that a distributed scan (the Spark job) can read
     * chunks on other machines and check their seams here with {@link Seams}.
     *
     * @param lastTli xlp_tli of the last page read
     * @param start   what the chunk found where it started (null: nothing read)
     * @param error   the chunk's decoding error, thrown by {@link Seams} only if a sequential reader gets there
     */
    public record ChunkInfo(WalVersion version, long first, long firstPrev, long last, long end, long count,
                            boolean reachedStop, long lastTli, org.walprism.codec.WalMessage endNote,
                            WalReader.Start start,
                            RuntimeException error) implements java.io.Serializable {
    }

    private record Chunk<S>(S sink, ChunkInfo info) {
    }

    /** A chunk submitted: its result to come, and what it found where it started, known once it read a record. */
    private record InFlight<S>(Future<Chunk<S>> result, Opening<S> opening) {
    }

    /** A chunk's sink and start, published by its worker before the sink gets the first record. */
    private static final class Opening<S> {
        private S sink;
        private WalReader.Start start;
        private boolean opened;
        private boolean over;

        synchronized void open(S s, WalReader.Start st) {
            sink = s;
            start = st;
            opened = true;
            notifyAll();
        }

        synchronized void over() {
            over = true;
            notifyAll();
        }

        /** Waits until the chunk read its first record (true) or ended without one (false). */
        synchronized boolean await() {
            try {
                while (!opened && !over) {
                    wait();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
            return opened;
        }
    }

    /**
     * Which segments a scan of {@code startLsn..endLsn} covers: chunks start at each segment from {@code startSeg}
     * to {@code lastSeg}; the first starts at {@code start}, the others at their segment's start.
     */
    public record Plan(Lsn start, long startSeg, long lastSeg, long segmentSize) implements java.io.Serializable {

        /**
         * The plan of a scan of {@code probe} from {@code from} (empty: the first record of its first segment) to
         * {@code to} (empty: the end of the WAL), with pg_waldump's range semantics.
         */
        public static Plan of(SegmentSource probe, Optional<Lsn> from, Optional<Lsn> to) {
            return of(probe, WalReader.value(from), WalReader.value(to));
        }

        static Plan of(SegmentSource probe, long startLsn, long endLsn) {
            long segSize = probe.segmentSize();
            long firstSeg = probe.firstSegment();
            long start = startLsn == 0 ? firstSeg * segSize : startLsn;
            long startSeg = Long.divideUnsigned(start, segSize);
            long lastSeg;
            if (endLsn != 0) {
                lastSeg = (endLsn - 1) / segSize;
            } else {
                // One chunk past the run of consecutive segments: where that segment is missing, it decides (as a
                // sequential reader arriving there would) whether the WAL ends or a gap hides later WAL.
                lastSeg = startSeg;
                while (probe.nextSegment(lastSeg) == lastSeg + 1) {
                    lastSeg++;
                }
                lastSeg++;
            }
            return new Plan(Lsn.of(start), startSeg, lastSeg, segSize);
        }

        /** Where the chunk whose first segment is {@code seg} starts reading. */
        public Lsn chunkStart(long seg) {
            return seg == startSeg ? start : Lsn.of(seg * segmentSize);
        }
    }

    /** Scans {@code source}, each chunk on a {@linkplain ForkableSource#fork() fork} of it; see below. */
    public Result<S> scan(ForkableSource source, Optional<Lsn> start, Optional<Lsn> end) {
        return scan(source, source::fork, start, end);
    }

    /**
     * Scans any source: {@code probe} lists the segments, {@code forks} supplies an independent source over the
     * same segments for each chunk (each is closed after its chunk). A {@link ForkableSource} without
     * {@linkplain ForkableSource#randomAccess() random access} (a compressed archive) is read on one thread.
     * {@code from} and {@code to} bound the range as in {@link WalReader#open(SegmentSource, Optional, Optional)}.
     */
    public Result<S> scan(SegmentSource probe, Supplier<? extends SegmentSource> forks, Optional<Lsn> from,
                          Optional<Lsn> to) {
        long startLsn = WalReader.value(from);
        long endLsn = WalReader.value(to);
        Plan plan = Plan.of(probe, startLsn, endLsn);
        long segSize = plan.segmentSize();
        long start = plan.start().value();
        long startSeg = plan.startSeg();
        long lastSeg = plan.lastSeg();
        long nChunks = lastSeg - startSeg + (endLsn == 0 ? 0 : 1);
        boolean sequentialOnly = probe instanceof ForkableSource f && !f.randomAccess();
        if (threads == 1 || nChunks < 2 || sequentialOnly) {
            return sequential(forks.get(), start, endLsn);
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "walprism-scan");
            t.setDaemon(true);
            return t;
        });
        // At most 2 chunks per thread are in flight (decoded, or waiting to be merged in order), and their read
        // windows are reused: memory does not grow with the number of segments.
        int inFlight = 2 * threads;
        java.util.concurrent.ArrayBlockingQueue<java.nio.ByteBuffer> windows =
                new java.util.concurrent.ArrayBlockingQueue<>(inFlight);
        java.util.ArrayDeque<InFlight<S>> futures = new java.util.ArrayDeque<>();
        try {
            long nextSeg = startSeg;
            for (; nextSeg <= lastSeg && futures.size() < inFlight; nextSeg++) {
                futures.add(submit(pool, forks, windows, nextSeg, startSeg, start, segSize, endLsn));
            }
            S merged = null;
            Seams seams = new Seams(probe, plan.start());
            while (!futures.isEmpty()) {
                InFlight<S> f = futures.poll();
                if (release != null && f.opening().await()) {
                    seams.checkOpening(f.opening().start);
                    release.accept(f.opening().sink);
                }
                Chunk<S> c = get(f.result());
                if (nextSeg <= lastSeg) {
                    futures.add(submit(pool, forks, windows, nextSeg++, startSeg, start, segSize, endLsn));
                }
                seams.accept(c.info);
                merged = merged == null ? c.sink : merge.apply(merged, c.sink);
                if (c.info.reachedStop() && stop.getAsBoolean()) {
                    break;  // asked to stop: what was merged so far is a prefix of the range in LSN order
                }
                if (seams.ended()) {
                    break;
                }
            }
            return new Result<>(merged, seams.version(), seams.first(), seams.count(), seams.end(), seams.notices());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Folds chunk results in LSN order as a sequential reader would meet them: the checks where each chunk starts
     * ({@code xl_prev} across the seam, magic, system identifier, timeline order), the chunk's own error, and the
     * end of WAL inside a chunk, after which later chunks are not part of the scan.
     */
    public static final class Seams {
        private final SegmentSource probe;
        private final long start;
        private WalVersion version;
        private long first = -1;
        private long count;
        private long prevLast = -1;
        private long prevTli;
        private long sysid;
        private long end;
        private boolean firstOfScan = true;
        private boolean ended;
        private org.walprism.codec.WalMessage endNote;

        /** @param probe the source, for messages and notices; {@code start} the scan's start ({@link Plan#start()}) */
        public Seams(SegmentSource probe, Lsn start) {
            this.probe = probe;
            this.start = start.value();
        }

        /**
         * Accepts the next chunk: its records are part of the scan (merge its sink) unless this throws the error a
         * sequential reader would meet. After it, {@link #ended()} says whether the WAL ended inside it.
         */
        public void accept(ChunkInfo c) {
            if (ended) {
                throw new IllegalStateException("chunk after the end of WAL");
            }
            if (c.start() != null) {
                checkStart(c.start(), version, sysid, prevTli, prevLast, end, probe);
            }
            if (first < 0 && !firstOfScan && c.start() != null
                    && (c.start().searchEnded() || (c.error() == null && c.count() == 0 && !c.reachedStop()))) {
                // The chunks before found no record: a sequential reader is still looking for the first one
                // here, and where that search ends it finds none (it does not look past the end).
                throw ReadErrors.noValidRecord(start, probe);
            }
            firstOfScan = false;
            if (c.error() != null) {
                throw c.error();
            }
            if (c.start() != null && c.start().pageLsn() >= 0) {
                prevTli = c.lastTli();
                if (sysid == 0) {
                    sysid = c.start().sysid();
                }
            }
            if (c.count() > 0) {
                if (prevLast >= 0 && c.firstPrev() != prevLast) {
                    throw ReadErrors.incorrectPrevLink(c.firstPrev(), prevLast, c.first(), probe);
                }
                if (first < 0) {
                    first = c.first();
                }
                prevLast = c.last();
                end = c.end();
                count += c.count();
            }
            if (version == null) {
                version = c.version();
            }
            if (!c.reachedStop()) {
                // The WAL (or the range) ended inside this chunk: later chunks are not part of it.
                endNote = c.endNote();
                ended = true;
            }
        }

        /**
         * The checks {@link #accept} makes first on the next chunk, with what it found where it started: throws what
         * {@code accept} would throw before merging it. Changes nothing.
         */
        void checkOpening(WalReader.Start s) {
            if (ended) {
                throw new IllegalStateException("chunk after the end of WAL");
            }
            checkStart(s, version, sysid, prevTli, prevLast, end, probe);
        }

        /** True once a chunk where the WAL (or the range) ended was accepted. */
        public boolean ended() {
            return ended;
        }

        public WalVersion version() {
            return version;
        }

        /** LSN of the first record (-1: none). */
        public long first() {
            return first;
        }

        public long count() {
            return count;
        }

        /** The reader's EndRecPtr after the last record (0: none). */
        public long end() {
            return end;
        }

        /** System identifier of the first long page header read (0: none). */
        public long systemIdentifier() {
            return sysid;
        }

        /** The source's notices and, when the WAL ended before the range did, why it ended. */
        public List<org.walprism.codec.WalMessage> notices() {
            return ParallelWalScan.notices(probe, endNote);
        }
    }

    /**
     * The checks a sequential reader makes where a chunk starts, with the state it carries from the chunks before
     * (the chunk read its start without it), in its order and before anything the chunk found after them: if the
     * reader arrives at the chunk's first page after the previous chunk's last record (else that chunk checked it),
     * the page's magic, system identifier and timeline order, and whether it continues a record where a record was
     * asked for at its start; then the prev-link of the chunk's first record.
     */
    private static void checkStart(WalReader.Start s, WalVersion version, long sysid, long prevTli, long prevLast,
                                   long prevEnd, SegmentSource probe) {
        if (s.magicPageLsn() >= 0 && Long.compareUnsigned(prevEnd, s.magicPageLsn()) <= 0 && version != null
                && s.magic() != version.magic()) {
            throw ReadErrors.invalidMagic(s.magic(), version, s.magicPageLsn(), probe);
        }
        if (s.pageLsn() >= 0 && Long.compareUnsigned(prevEnd, s.pageLsn()) <= 0) {
            if (sysid != 0 && s.sysid() != 0 && s.sysid() != sysid) {
                throw ReadErrors.differentSystem(s.sysid(), sysid, s.pageLsn(), probe);
            }
            if (s.tli() < prevTli) {
                throw ReadErrors.outOfSequenceTimeline(s.tli(), prevTli, s.pageLsn(), probe);
            }
            if (prevLast >= 0 && prevEnd == s.pageLsn() && s.continued()) {
                throw ReadErrors.contrecordRequested(prevEnd, probe);
            }
        }
        if (s.headerLsn() >= 0 && (prevLast >= 0 ? s.headerPrev() != prevLast
                : Long.compareUnsigned(s.headerPrev(), s.headerLsn()) >= 0)) {
            throw ReadErrors.incorrectPrevLink(s.headerPrev(), prevLast, s.headerLsn(), probe);
        }
    }

    private InFlight<S> submit(ExecutorService pool, Supplier<? extends SegmentSource> forks,
                                    java.util.concurrent.BlockingQueue<java.nio.ByteBuffer> windows, long seg, long startSeg,
                                    long start, long segSize, long endLsn) {
        long chunkStart = seg == startSeg ? start : seg * segSize;
        long stop = (seg + 1) * segSize;
        boolean firstChunk = seg == startSeg;
        SegmentSource source = forks.get();
        Opening<S> opening = new Opening<>();
        Future<Chunk<S>> result = pool.submit(() -> {
            java.nio.ByteBuffer window = windows.poll();
            try {
                if (window == null) {
                    window = java.nio.ByteBuffer.allocateDirect((int) Math.min(segSize, WalReader.WINDOW));
                }
                return runChunk(source, chunkStart, stop, endLsn, firstChunk, window, opening);
            } finally {
                windows.offer(window);
                opening.over();
            }
        });
        return new InFlight<>(result, opening);
    }

    private Chunk<S> runChunk(SegmentSource source, long chunkStart, long stop, long endLsn, boolean firstChunk,
                              java.nio.ByteBuffer window, Opening<S> opening) {
        S sink = sinks.get();
        ChunkInfo info = read(sink, source, chunkStart, stop, endLsn, firstChunk, window,
                release == null ? null : st -> opening.open(sink, st));
        if (firstChunk && info.error() != null) {
            throw info.error();
        }
        return new Chunk<>(sink, info);
    }

    /**
     * Reads one chunk into {@code sink}: the records starting from {@code chunkStart} (a segment start, or the scan's
     * start for the first chunk) before {@code stop} (a segment start; the record crossing it is finished), as
     * {@link #scan} reads each of its chunks. A decoding error is returned in the result, not thrown: whether a
     * sequential reader meets it is for {@link Seams} to say. {@code source} is not closed.
     */
    public static ChunkInfo readChunk(Sink sink, SegmentSource source, Lsn chunkStart, Lsn stop, Optional<Lsn> end,
                                      boolean firstChunk) {
        java.nio.ByteBuffer window = java.nio.ByteBuffer.allocateDirect(
                Math.min(source.segmentSize(), WalReader.WINDOW));
        return read(sink, source, chunkStart.value(), stop.value(), WalReader.value(end), firstChunk, window, null);
    }

    /** As {@link #readChunk}; {@code opened} (if given) gets the chunk's start before the sink gets its first record. */
    private static ChunkInfo read(Sink sink, SegmentSource source, long chunkStart, long stop, long endLsn,
                                  boolean firstChunk, java.nio.ByteBuffer window,
                                  java.util.function.Consumer<WalReader.Start> opened) {
        WalReader r = null;
        try {
            r = WalReader.unstartedChunk(source, chunkStart, stop, endLsn, firstChunk, window);
            r.begin();
            RecordView v = r.nextView();
            if (v != null && opened != null) {
                opened.accept(r.start());
            }
            for (; v != null; v = r.nextView()) {
                sink.accept(v);
            }
            return new ChunkInfo(r.version(), r.firstRecordLsn(), r.firstRecordPrev(), r.lastRecordLsn(),
                    r.endOfLastRecord(), r.recordsRead(), r.reachedStop(), r.lastPageTimeline(), r.endNote(), r.start(),
                    null);
        } catch (WalFormatException e) {
            return new ChunkInfo(null, -1, -1, -1, 0, 0, false, r == null ? 0 : r.lastPageTimeline(), null,
                    r == null ? null : r.start(), e);
        } finally {
            if (r != null) {
                r.close();
            }
        }
    }

    private Result<S> sequential(SegmentSource source, long start, long endLsn) {
        S sink = sinks.get();
        if (release != null) {
            release.accept(sink);
        }
        try (WalReader r = WalReader.openChunk(source, start, 0, endLsn, true)) {   // as open: one chunk, all of it
            boolean stopped = false;
            while (true) {
                if (stop.getAsBoolean()) {
                    stopped = true;
                    break;
                }
                RecordView v = r.nextView();
                if (v == null) {
                    break;
                }
                sink.accept(v);
            }
            return new Result<>(sink, r.version(), r.firstRecordLsn(), r.recordsRead(),
                    r.recordsRead() > 0 ? r.endOfLastRecord() : 0, stopped ? source.notices() : r.notices());
        }
    }

    private static List<org.walprism.codec.WalMessage> notices(SegmentSource source,
            org.walprism.codec.WalMessage endNote) {
        List<org.walprism.codec.WalMessage> n = new ArrayList<>(source.notices());
        if (endNote != null) {
            n.add(endNote);
        }
        return n;
    }

    private static <T> T get(Future<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
