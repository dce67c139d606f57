package org.walprism.analyzer.replay;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.walprism.analyzer.generate.Heap2Records;
import org.walprism.analyzer.generate.PlanEncoder;
import org.walprism.analyzer.generate.RecordPlanner;
import org.walprism.analyzer.generate.VacuumDesign;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.FreezePage;
import org.walprism.codec.rmgr.heap2.FreezePlan;
import org.walprism.codec.rmgr.heap2.Heap2Codec;
import org.walprism.codec.rmgr.heap2.Heap2Record;
import org.walprism.codec.rmgr.heap2.Heap2Type;
import org.walprism.codec.rmgr.heap2.HeapPrune;
import org.walprism.codec.rmgr.heap2.HeapVacuum;
import org.walprism.codec.rmgr.heap2.OffsetArray;
import org.walprism.codec.rmgr.heap2.PruneFreeze;
import org.walprism.codec.rmgr.heap2.Visible;
import org.walprism.codec.write.RecordBuilder;

/**
 * Re-expresses a captured stream's vacuum and pruning records in another major's design: each page step
 * (a PG16 PRUNE + FREEZE_PAGE + VISIBLE run, a PG17 PRUNE_VACUUM_SCAN + VISIBLE, a PG19 prune record, a
 * second-pass VACUUM + VISIBLE, an on-access prune) is read into a design-free {@link PageOp} and written
 * again as the target design logs it, with the codec, carrying over the source's full-page images to the
 * first target record that registers the same block. Every other record is kept as it was.
 *
 * <p>Where a source record carried an image instead of its arrays and the target needs the arrays on a
 * record without the image (for example 17 to 16: the FREEZE_PAGE after an imaged PRUNE), counts are read
 * from the page image (frozen tuples, LP states).
 */
public final class Replayer {
    private Replayer() {
    }

    /**
     * Before and after, as encoded records in stream order, and where the source range lay.
     *
     * @param segmentSize the source's {@code wal_segment_size}
     * @param timeline    the source's timeline
     * @param firstLsn    LSN of the first source record (-1 when the range held none)
     * @param firstPrev   {@code xl_prev} of the first source record
     */
    public record Result(WalVersion from, WalVersion to, List<PlanEncoder.Encoded> before,
                         List<PlanEncoder.Encoded> after, int steps, int stepsFromRecords, int segmentSize,
                         int timeline, long firstLsn, long firstPrev) {
        /** Statistics of the records before the rewrite. */
        public WalStats beforeStats() {
            return PlanEncoder.stats(from, before);
        }

        /** Statistics of the records after the rewrite. */
        public WalStats afterStats() {
            return PlanEncoder.stats(to, after);
        }
    }

    private enum Kind { PRUNE, FREEZE, VACUUM, VISIBLE, ON_ACCESS, SCAN, CLEANUP }

    /** One output slot: a kept record (as read, with its LSN; translated when written) or a page step. */
    private record Slot(PlanEncoder.Encoded kept, long keptLsn, PageOp op, boolean lonePrune) {
        Slot(PageOp op, boolean lonePrune) {
            this(null, 0, op, lonePrune);
        }
    }

    /** Replays the records of {@code path} between {@code startLsn} and {@code endLsn} (0 = open ends). */
    public static Result replay(Path path, long startLsn, long endLsn, WalVersion target) {
        return replay(path, startLsn, endLsn, 0, target);
    }

    /** As {@link #replay(Path, long, long, WalVersion)} on timeline {@code timeline} (0 = that of the files). */
    public static Result replay(Path path, long startLsn, long endLsn, int timeline, WalVersion target) {
        List<PlanEncoder.Encoded> before = new ArrayList<>();
        List<Slot> slots = new ArrayList<>();
        WalVersion from;
        int segmentSize;
        int sourceTimeline;
        long firstLsn;
        long firstPrev;
        StreamFacts facts = new StreamFacts();
        try (WalReader reader = WalReader.open(path, startLsn, endLsn, timeline)) {
            from = reader.version();
            segmentSize = reader.segmentSize();
            sourceTimeline = reader.timeline();
            PageOp open = null;
            Kind last = null;
            boolean lone = false;
            DecodedRecord r;
            while ((r = reader.next()) != null) {
                PlanEncoder.Encoded original = new PlanEncoder.Encoded(r.rmid(), r.info(), r.bytes(), r.fpiLength());
                before.add(original);
                facts.observe(r);
                try {
                    Kind k = kind(r);
                    if (k == null) {
                        slots.add(new Slot(original, r.lsn(), null, false));
                        open = null;
                        continue;
                    }
                    long block = heapBlock(r, k);
                    BlockRef heapRef = heapRef(r, k);
                    if (open != null && open.block == block && heapRef != null && heapRef.rel().equals(open.rel)
                            && follows(last, k)) {
                        lone = false;
                    } else {
                        open = new PageOp();
                        open.rel = heapRef == null ? null : heapRef.rel();
                        open.block = block;
                        open.phase = switch (k) {
                            case ON_ACCESS -> PageOp.Phase.ON_ACCESS;
                            case VACUUM, CLEANUP -> PageOp.Phase.CLEANUP;
                            default -> PageOp.Phase.SCAN;
                        };
                        lone = k == Kind.PRUNE;
                        slots.add(new Slot(open, false));
                    }
                    absorb(open, r, k);
                    Slot lastSlot = slots.get(slots.size() - 1);
                    if (!lone && lastSlot.op() == open && lastSlot.lonePrune()) {
                        slots.set(slots.size() - 1, new Slot(open, false));
                    }
                    if (lone) {
                        slots.set(slots.size() - 1, new Slot(open, true));
                    }
                    last = k;
                } catch (WalFormatException e) {
                    // an image or record the target design cannot hold: name the record
                    throw Images.inFile(Images.at(e, r.lsn()), sourceTimeline, segmentSize);
                }
            }
            firstLsn = before.isEmpty() ? -1 : reader.firstRecordLsn();
            firstPrev = before.isEmpty() ? 0 : reader.firstRecordPrev();
        }
        resolveLonePrunes(slots);
        Translator translator = new Translator(from, target, facts);
        VacuumDesign design = VacuumDesign.of(target);
        List<PlanEncoder.Encoded> after = new ArrayList<>();
        int steps = 0;
        int stepRecords = 0;
        boolean sourceLogsCleanupInfo = VacuumDesign.of(from).logsCleanupInfo();
        PageOp lastScan = null;
        for (Slot s : slots) {
            if (s.kept() != null) {
                PlanEncoder.Encoded e = s.kept();
                if (isCleanupInfo(from, e)) {
                    if (design.logsCleanupInfo()) {
                        after.add(e); // only a 13 stream has it, and only 13 keeps it: nothing to translate
                    }
                    lastScan = null;  // the source logged this round's horizon itself
                    continue;
                }
                if (design.logsCleanupInfo() && !sourceLogsCleanupInfo && lastScan != null && isIndexVacuum(e)) {
                    after.add(cleanupInfo(target, design, lastScan));
                    lastScan = null;
                }
                PlanEncoder.Encoded translated;
                try {
                    translated = translator.translate(e, s.keptLsn());
                } catch (WalFormatException ex) {
                    throw Images.inFile(Images.at(ex, s.keptLsn()), sourceTimeline, segmentSize);
                }
                if (translated != null) {
                    after.add(translated);
                }
            } else {
                if (s.op().phase == PageOp.Phase.SCAN) {
                    lastScan = s.op();
                }
                steps++;
                stepRecords += s.op().sourceRecords;
                try {
                    after.addAll(new StepWriter(target, design, s.op()).write());
                } catch (WalFormatException e) {
                    throw Images.inFile(e, sourceTimeline, segmentSize);
                }
            }
        }
        return new Result(from, target, before, after, steps, stepRecords, segmentSize, sourceTimeline, firstLsn,
                firstPrev);
    }

    /** XLOG_HEAP2_CLEANUP_INFO of a 13 stream: no other design has it (its code means another record there). */
    private static boolean isCleanupInfo(WalVersion version, PlanEncoder.Encoded e) {
        return e.rmid() == RmgrTable.HEAP2 && Heap2Type.of(version, e.info()) == Heap2Type.CLEANUP_INFO;
    }

    /** Btree VACUUM: the records of an index-vacuuming round (lazy_vacuum_all_indexes). */
    private static boolean isIndexVacuum(PlanEncoder.Encoded e) {
        return e.rmid() == RmgrTable.BTREE && (e.info() & 0xF0) == RecordPlanner.BTREE_VACUUM;
    }

    /** The CLEANUP_INFO a 13 VACUUM logs before its index round: the heap relation and the scan's horizon. */
    private static PlanEncoder.Encoded cleanupInfo(WalVersion target, VacuumDesign design, PageOp scan) {
        var typed = Heap2Records.cleanupInfo(design, scan.rel, scan.horizon);
        byte[] bytes = RecordBuilder.of(target, RmgrTable.HEAP2, typed.info()).mainData(typed.record().encode()
                .mainData()).build();
        return new PlanEncoder.Encoded(RmgrTable.HEAP2, typed.info(), bytes, 0);
    }

    /**
     * Decides, for each lone PRUNE of a 13-16 stream (a prune with no freeze, visibility or second-pass record
     * on the same page after it), whether it was VACUUM's first heap pass or an on-access prune
     * (heap_page_prune_opt): those designs log both as the same record, 17 and later as PRUNE_VACUUM_SCAN or
     * PRUNE_ON_ACCESS.
     *
     * <p>lazy_scan_heap visits a relation's blocks in ascending order; its index and second-pass rounds
     * (lazy_vacuum) interrupt the scan without moving it back. So per relation, first-pass candidates (lone
     * prunes and the steps that are first-pass for certain: a prune or freeze followed by a freeze or
     * visibility record) are gathered into chains of strictly ascending blocks; a candidate at or behind the
     * chain's last block starts a new chain (a new VACUUM, or a prune by another backend). A chain is the
     * VACUUM's scan when it holds a certain first-pass step, or when a second-pass record (LP_DEAD items made
     * unused) of one of its pruned blocks arrives while the chain is still the relation's current one: then
     * the prune made dead items that this VACUUM's second pass removed. Other lone prunes stay on-access.
     * A prune by another backend that lands inside a running VACUUM's chain is counted as the scan's; the
     * designs do not record which backend pruned.
     *
     * <p>Then the scan's own position overrides that where the stream shows it ({@link #placeByScanPosition}).
     */
    private static void resolveLonePrunes(List<Slot> slots) {
        resolveByChains(slots);
        placeByScanPosition(slots);
    }

    /**
     * Where the VACUUM's position is known on both sides of a lone prune, it decides. The certain first-pass steps
     * of a relation (a prune or freeze followed by a freeze or visibility record: only lazy_scan_heap logs those)
     * mark where its scan was, in ascending blocks; a lone prune logged between two consecutive certain steps at
     * blocks {@code p < q} of the same scan was the scan's own when its block lies between them, and another
     * backend's on-access prune when it lies behind {@code p} (already scanned: a prune behind the VACUUM) or at or
     * beyond {@code q} (VACUUM visits each block once, and reached that one only later: a prune ahead of it). A
     * lone prune with no certain step of the same scan after it (the scan's last stretch, or a VACUUM that only
     * prunes) keeps what the chains decided.
     */
    private static void placeByScanPosition(List<Slot> slots) {
        // per relation: the slot index and block of each certain step, in stream order
        Map<RelFileLocator, List<long[]>> certain = new HashMap<>();
        for (int i = 0; i < slots.size(); i++) {
            Slot s = slots.get(i);
            PageOp op = s.op();
            if (op != null && op.rel != null && !s.lonePrune() && op.phase == PageOp.Phase.SCAN) {
                certain.computeIfAbsent(op.rel, k -> new ArrayList<>()).add(new long[] {i, op.block});
            }
        }
        Map<RelFileLocator, Integer> cursor = new HashMap<>();
        for (int i = 0; i < slots.size(); i++) {
            Slot s = slots.get(i);
            PageOp op = s.op();
            if (op == null || op.rel == null || !s.lonePrune()) {
                continue;
            }
            List<long[]> steps = certain.get(op.rel);
            if (steps == null) {
                continue;
            }
            int k = cursor.getOrDefault(op.rel, 0);
            while (k < steps.size() && steps.get(k)[0] < i) {
                k++;
            }
            cursor.put(op.rel, k);
            if (k == 0 || k == steps.size()) {
                continue;  // no certain step before it, or none after it
            }
            long p = steps.get(k - 1)[1];
            long q = steps.get(k)[1];
            if (q <= p) {
                continue;  // a new scan starts after it: the last stretch of the one before
            }
            op.phase = op.block > p && op.block < q ? PageOp.Phase.SCAN : PageOp.Phase.ON_ACCESS;
        }
    }

    /** The chain rule of {@link #resolveLonePrunes}. */
    private static void resolveByChains(List<Slot> slots) {
        final class Chain {
            final List<PageOp> lone = new ArrayList<>();
            final java.util.Set<Long> prunedBlocks = new java.util.HashSet<>();
            long last = -1;
            boolean anchored;

            void close() {
                for (PageOp op : lone) {
                    op.phase = anchored ? PageOp.Phase.SCAN : PageOp.Phase.ON_ACCESS;
                }
            }
        }
        Map<RelFileLocator, Chain> chains = new HashMap<>();
        for (Slot s : slots) {
            PageOp op = s.op();
            if (op == null || op.rel == null) {
                continue;
            }
            Chain c = chains.get(op.rel);
            if (op.phase == PageOp.Phase.CLEANUP) {
                if (c != null && !op.unusedVacuumed.isEmpty() && c.prunedBlocks.contains(op.block)) {
                    c.anchored = true;
                }
                continue;
            }
            if (op.phase != PageOp.Phase.SCAN) {
                continue;  // a 17+ on-access prune says so itself
            }
            if (c == null || op.block <= c.last) {
                if (c != null) {
                    c.close();
                }
                c = new Chain();
                chains.put(op.rel, c);
            }
            c.last = op.block;
            if (s.lonePrune()) {
                c.lone.add(op);
                if (!op.dead.isEmpty()) {
                    c.prunedBlocks.add(op.block);
                }
            } else {
                c.anchored = true;
            }
        }
        for (Chain c : chains.values()) {
            c.close();
        }
    }

    private static Kind kind(DecodedRecord r) {
        if (r.rmid() != RmgrTable.HEAP2) {
            return null;
        }
        Heap2Type t = Heap2Type.of(r.version(), r.info());
        if (t == null) {
            return null;
        }
        return switch (t) {
            case PRUNE -> Kind.PRUNE;
            case CLEAN -> secondPassClean(r) ? Kind.VACUUM : Kind.PRUNE;
            case FREEZE_PAGE -> Kind.FREEZE;
            case VACUUM -> Kind.VACUUM;
            case VISIBLE -> Kind.VISIBLE;
            case PRUNE_ON_ACCESS -> Kind.ON_ACCESS;
            case PRUNE_VACUUM_SCAN -> Kind.SCAN;
            case PRUNE_VACUUM_CLEANUP -> Kind.CLEANUP;
            default -> null;
        };
    }

    /**
     * Whether a 13 CLEAN is VACUUM's second heap pass (lazy_vacuum_page: LP_DEAD items made unused, logged as
     * CLEAN with no redirected and no dead items) rather than a prune, which always redirects or kills a
     * chain root when it frees anything.
     */
    private static boolean secondPassClean(DecodedRecord r) {
        return Heap2Codec.decode(r) instanceof HeapPrune p && p.nredirected() == 0 && p.ndead() == 0;
    }

    private static boolean follows(Kind last, Kind k) {
        if (last == null) {
            return false;
        }
        return switch (last) {
            case PRUNE -> k == Kind.FREEZE || k == Kind.VACUUM || k == Kind.VISIBLE;
            case FREEZE -> k == Kind.VACUUM || k == Kind.VISIBLE;
            case VACUUM, SCAN, CLEANUP -> k == Kind.VISIBLE;
            case VISIBLE, ON_ACCESS -> false;
        };
    }

    private static BlockRef heapRef(DecodedRecord r, Kind k) {
        return r.block(k == Kind.VISIBLE ? 1 : 0);
    }

    private static long heapBlock(DecodedRecord r, Kind k) {
        BlockRef b = heapRef(r, k);
        return b == null ? -1 : b.blockNumber();
    }

    /** Adds what record {@code r} did to {@code op}. */
    private static void absorb(PageOp op, DecodedRecord r, Kind k) {
        op.sourceRecords++;
        BlockRef heap = heapRef(r, k);
        if (heap != null && heap.image() != null && op.heapImage == null) {
            op.heapImage = heap.image();
            op.heapImageLsn = r.lsn();
        }
        Heap2Record rec = Heap2Codec.decode(r);
        if (rec instanceof HeapPrune p) {
                op.horizon = p.snapshotConflictHorizon();
                op.isCatalogRel = p.isCatalogRel();
                if (p.blockData()) {
                    PageOp.addAll(op.redirected, p.redirected());
                    PageOp.addAll(op.dead, p.dead());
                    PageOp.addAll(k == Kind.VACUUM ? op.unusedVacuumed : op.unusedPruned, p.unused());
                } else {
                    PageOp.addPlaceholders(op.redirected, 2 * p.nredirected());
                    PageOp.addPlaceholders(op.dead, p.ndead());
                    if (k == Kind.VACUUM) {
                        // a 13 second-pass CLEAN with an image: the unused count is not stored; the page has them
                        int[] census = PageImages.census(op.heapImage);
                        PageOp.addPlaceholders(op.unusedVacuumed, census == null ? 1 : Math.max(1, census[0]));
                    }
                }
        } else if (rec instanceof FreezePage f) {
                if (f.blockData()) {
                    op.plans.addAll(f.plans());
                } else {
                    int n = f.nfrozen();
                    if (n == 0) {
                        int[] census = PageImages.census(op.heapImage);
                        n = census == null ? Math.max(1, f.plans().size()) : Math.max(1, census[4]);
                    }
                    op.plans.add(placeholderPlan(n));
                }
        } else if (rec instanceof HeapVacuum v) {
                if (v.blockData()) {
                    PageOp.addAll(op.unusedVacuumed, v.unused());
                } else {
                    PageOp.addPlaceholders(op.unusedVacuumed, v.nunused());
                }
        } else if (rec instanceof Visible v) {
                op.vmFlags |= v.vmFlags();
                op.vmRef = r.block(0);
                op.vmRefLsn = r.lsn();
        } else if (rec instanceof PruneFreeze p) {
                if (k != Kind.CLEANUP) {
                    op.horizon = p.snapshotConflictHorizon();
                }
                op.isCatalogRel = p.isCatalogRel();
                if (p.vmFlags() != 0) {
                    op.vmFlags |= p.vmFlags();
                    op.vmRef = r.block(1);
                    op.vmRefLsn = r.lsn();
                }
                if (p.blockData()) {
                    op.plans.addAll(p.plans());
                    PageOp.addAll(op.redirected, p.redirected());
                    PageOp.addAll(op.dead, p.dead());
                    PageOp.addAll(vacuumedUnused(k, p.flags()) ? op.unusedVacuumed : op.unusedPruned, p.unused());
                } else {
                    int[] census = PageImages.census(op.heapImage);
                    int flags = p.flags();
                    if ((flags & PruneFreeze.HAS_FREEZE_PLANS) != 0) {
                        op.plans.add(placeholderPlan(census == null ? 1 : Math.max(1, census[4])));
                    }
                    if ((flags & PruneFreeze.HAS_REDIRECTIONS) != 0) {
                        PageOp.addPlaceholders(op.redirected, 2 * (census == null ? 1 : Math.max(1, census[2])));
                    }
                    if ((flags & PruneFreeze.HAS_DEAD_ITEMS) != 0) {
                        PageOp.addPlaceholders(op.dead, census == null ? 1 : Math.max(1, census[3]));
                    }
                    if ((flags & PruneFreeze.HAS_NOW_UNUSED_ITEMS) != 0) {
                        PageOp.addPlaceholders(vacuumedUnused(k, flags) ? op.unusedVacuumed : op.unusedPruned,
                                census == null ? 1 : Math.max(1, census[0]));
                    }
                }
        } else {
            throw new IllegalStateException("not a vacuum record: " + rec);
        }
    }

    /**
     * Whether a 17+ record's now-unused items were LP_DEAD-class items (second pass, or the one-pass strategy
     * of a table without indexes) rather than heap-only tuples of HOT chains: a first-pass record that removes
     * heap-only tuples re-points their chain, so unused items without redirections come from dead tuples.
     */
    private static boolean vacuumedUnused(Kind k, int flags) {
        return k == Kind.CLEANUP
                || (k == Kind.SCAN && (flags & PruneFreeze.HAS_REDIRECTIONS) == 0
                && (flags & PruneFreeze.HAS_DEAD_ITEMS) == 0);
    }

    private static FreezePlan placeholderPlan(int ntuples) {
        int[] offs = new int[ntuples];
        for (int i = 0; i < ntuples; i++) {
            offs[i] = i + 1;
        }
        return new FreezePlan(0, 0x0001, 0x0B02, 0, 0, OffsetArray.of(offs));
    }

    /** Per record type counts of a replay, keyed as pg_waldump --stats=record (before, after). */
    public static Map<String, long[]> table(Result r) {
        Map<String, long[]> out = new TreeMap<>();
        for (var row : r.beforeStats().rows(true)) {
            out.computeIfAbsent(row.name(), x -> new long[4]);
            out.get(row.name())[0] = row.count();
            out.get(row.name())[1] = row.combinedSize();
        }
        for (var row : r.afterStats().rows(true)) {
            out.computeIfAbsent(row.name(), x -> new long[4]);
            out.get(row.name())[2] = row.count();
            out.get(row.name())[3] = row.combinedSize();
        }
        return out;
    }
}
