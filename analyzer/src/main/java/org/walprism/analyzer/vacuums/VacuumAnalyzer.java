package org.walprism.analyzer.vacuums;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.desc.RecordCheck;
import org.walprism.analyzer.relmap.PgClassRow;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.analyzer.relmap.RelationTracker;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;
import org.walprism.source.WalSources;

/**
 * Finds every VACUUM / autovacuum run in a WAL range and attributes its records: two passes over the range, the
 * first to find the runs ({@link RunScanner}), the second to attribute each record to a run and phase and count
 * it into the run's {@link CategoryStats}, {@link RunFigures} and {@link VacuumRun.WalUsage}.
 */
public final class VacuumAnalyzer {
    private VacuumAnalyzer() {
    }

    /** The runs of a range. */
    public record Result(WalVersion version, int segmentSize, long startLsn, long endLsn, long records,
                         List<VacuumRun> runs, long looseVacuumRecords, List<RelationTracker.Unnamed> unnamed,
                         int followedRelations, List<org.walprism.codec.WalMessage> notices) {
    }

    /**
     * Reads the range twice and returns its vacuum runs, in order of start.
     *
     * @param names relation names (an empty map for none); names learned from the WAL are added to it
     */
    public static Result analyze(Path path, long startLsn, long endLsn, int timeline, RelationMap names) {
        RelationTracker tracker = new RelationTracker(names).withInplace();
        RunScanner scanner = new RunScanner(names, tracker);
        try (WalReader reader = WalSources.reader(path, Lsn.bound(startLsn), Lsn.bound(endLsn), timeline)) {
            // the first pass validates every record as dump does; the second reads the same records
            RecordCheck check = new RecordCheck();
            RecordView v;
            while ((v = reader.nextView()) != null) {
                check.check(v);
                scanner.add(v);
            }
        }
        Attributor a = new Attributor(scanner);
        WalVersion version;
        int segmentSize;
        long first = -1;
        long last = 0;
        long records = 0;
        List<org.walprism.codec.WalMessage> notices;
        try (WalReader reader = WalSources.reader(path, Lsn.bound(startLsn), Lsn.bound(endLsn), timeline)) {
            RecordView v;
            while ((v = reader.nextView()) != null) {
                if (first < 0) {
                    first = v.lsn();
                }
                last = v.lsn();
                records++;
                a.add(v, reader.segmentSize());
            }
            version = reader.version();
            segmentSize = reader.segmentSize();
            notices = reader.notices();
            last = records == 0 ? 0 : reader.endOfLastRecord();
        }
        List<VacuumRun> runs = new ArrayList<>();
        for (VacuumRun r : scanner.runs) {
            if (r.stats != null) {
                name(r, names);
                runs.add(r);
            }
        }
        runs.sort(Comparator.comparingLong((VacuumRun r) -> r.start ^ Long.MIN_VALUE));
        for (int i = 0; i < runs.size(); i++) {
            runs.get(i).number = i + 1;
        }
        return new Result(version, segmentSize, Math.max(first, 0), last, records, List.copyOf(runs), a.loose,
                List.copyOf(tracker.unnamed()), tracker.followed(), notices);
    }

    /** Names the run's table and indexes: the relation map (with what the WAL taught it), else the pg_class rows. */
    private static void name(VacuumRun r, RelationMap names) {
        RelationMap.Relation rel = r.rel >= 0 ? names.find(r.spc, r.db, r.rel) : null;
        if (rel != null) {
            r.name = rel.name();
            if (r.datname == null && rel.database() != null && !rel.database().isEmpty()) {
                r.datname = rel.database();
            }
        } else if (r.row != null) {
            r.name = RelationTracker.nameOf(r.row);
        } else {
            r.name = r.rel >= 0 ? (r.spc >= 0 ? r.spc : 0) + "/" + r.db + "/" + r.rel : "?";
        }
        for (Long i : r.indexes.keySet()) {
            RelationMap.Relation ix = names.find(-1, r.db, i);
            String n = null;
            if (ix != null) {
                n = ix.name();
            } else {
                for (PgClassRow row : r.indexRows) {
                    if (row.relfilenode() == i) {
                        n = RelationTracker.nameOf(row);
                    }
                }
            }
            r.indexNames.add(n != null ? n : r.db + "/" + i);
        }
    }

    /** The second pass: every record to its run and phase. */
    private static final class Attributor {
        private final RunScanner s;
        private final Map<RunScanner.Key, List<VacuumRun>> byIndex = new HashMap<>();
        private final List<VacuumRun> byStart;
        private final List<VacuumRun> active = new ArrayList<>();
        private int next;
        private byte[] kinds;
        private final Figures figures = new Figures();
        private final List<VacuumRun> awaitingTime = new ArrayList<>();
        /** The latest commit, abort or checkpoint time seen, microseconds since the Unix epoch. */
        private long lastTime = Long.MIN_VALUE;
        long loose;

        Attributor(RunScanner s) {
            this.s = s;
            for (VacuumRun r : s.runs) {
                for (long i : r.indexRels) {
                    byIndex.computeIfAbsent(new RunScanner.Key(r.db, i), x -> new ArrayList<>()).add(r);
                }
            }
            byStart = new ArrayList<>(s.runs);
            byStart.sort(Comparator.comparingLong((VacuumRun r) -> r.start ^ Long.MIN_VALUE));
        }

        void add(RecordView v, int segmentSize) {
            if (kinds == null) {
                kinds = RecordKind.table(v.version());
            }
            long lsn = v.lsn();
            time(v, lsn);
            if (v.xid() != 0 && v.blockCount() > 0) {
                concurrent(v, lsn);
            }
            int kind = RunScanner.kindOf(kinds, v);
            Integer placed = kind == RecordKind.NONE ? null : s.placed.get(lsn);
            VacuumRun run = null;
            Phase phase = null;
            if (placed != null) {
                run = s.runs.get(placed >>> 4);
                phase = Phase.values()[placed & 15];
            } else if (kind != RecordKind.NONE && v.xid() == 0) {
                switch (kind) {
                    case RecordKind.PRUNE_AMBIGUOUS, RecordKind.HEAP_SCAN, RecordKind.HEAP_CLEANUP,
                            RecordKind.VISIBLE -> {
                        long[] t = RunScanner.heapTarget(v, kind);
                        if (t != null) {
                            run = at(s.byHeap.get(new RunScanner.Key(t[1], t[2])), lsn);
                            phase = switch (kind) {
                                case RecordKind.HEAP_CLEANUP -> Phase.HEAP_VACUUM;
                                case RecordKind.VISIBLE -> Phase.VM;
                                case RecordKind.PRUNE_AMBIGUOUS -> Figures.isSecondPassClean(v)
                                        ? Phase.HEAP_VACUUM : Phase.HEAP_SCAN;
                                default -> Phase.HEAP_SCAN;
                            };
                        }
                    }
                    case RecordKind.FPI_FOR_HINT, RecordKind.FPI -> {
                        if (v.blockCount() > 0) {
                            RunScanner.Key k = new RunScanner.Key(v.dbOid(0), v.relNumber(0));
                            run = at(s.byHeap.get(k), lsn);
                            if (run == null) {
                                run = at(byIndex.get(k), lsn);
                            }
                            if (run == null && kind == RecordKind.FPI_FOR_HINT && s.isCatalog(k.db(), k.rel())) {
                                run = onlyActive(k.db(), lsn);
                                if (run != null && run.classLsn >= 0 && Long.compareUnsigned(lsn, run.classLsn) > 0) {
                                    run = null;
                                }
                                phase = Phase.CATALOG;
                                break;
                            }
                            int fork = v.forkFlags(0) & BlockRef.FORK_MASK;
                            phase = fork == 1 ? Phase.FSM : fork == 2 ? Phase.VM
                                    : kind == RecordKind.FPI ? Phase.FPI : Phase.HINT;
                        }
                    }
                    case RecordKind.INDEX -> {
                        if (v.blockCount() > 0) {
                            long db = v.dbOid(0);
                            run = at(byIndex.get(new RunScanner.Key(db, v.relNumber(0))), lsn);
                            if (run == null) {
                                run = onlyActive(db, lsn);
                            }
                            phase = Phase.INDEX;
                        }
                    }
                    default -> {
                    }
                }
                if (run == null && (kind == RecordKind.HEAP_SCAN || kind == RecordKind.HEAP_CLEANUP
                        || kind == RecordKind.VISIBLE || kind == RecordKind.INDEX)) {
                    loose++;
                }
            }
            if (run == null) {
                return;
            }
            if (placed == null && (kind == RecordKind.PRUNE_AMBIGUOUS || kind == RecordKind.FPI_FOR_HINT
                    || kind == RecordKind.FPI)) {
                run.ambiguousRecords++;
            }
            if (placed == null && (phase == Phase.HEAP_SCAN || phase == Phase.HINT || phase == Phase.FPI)) {
                scanOrder(run, v);
            }
            count(run, phase, v, segmentSize);
        }

        /**
         * Follows the block order of the run's first pass: lazy_scan_heap visits the heap's blocks once each, in
         * ascending order, and writes its prunes, freezes, hint-bit and new-page images of a block while it holds
         * that block; a record on a block below an earlier one's is not the same scan's (13's second-pass CLEAN,
         * which restarts at block 0, is in {@link Phase#HEAP_VACUUM}, not here).
         */
        private static void scanOrder(VacuumRun run, RecordView v) {
            if (v.blockCount() == 0 || v.relNumber(0) != run.rel || v.dbOid(0) != run.db
                    || (v.forkFlags(0) & BlockRef.FORK_MASK) != 0) {
                return;
            }
            long blk = v.blockNumber(0);
            if (blk < run.scanBlock) {
                run.outOfOrder++;
            } else {
                run.scanBlock = blk;
            }
        }

        /** A record of a transaction on a run's table heap inside the run: another backend was at work there. */
        private void concurrent(RecordView v, long lsn) {
            for (int b = 0; b < v.blockCount(); b++) {
                VacuumRun r = at(s.byHeap.get(new RunScanner.Key(v.dbOid(b), v.relNumber(b))), lsn);
                if (r != null && r.truncXid != v.xid()) {
                    r.concurrentWrites++;
                    return;
                }
            }
        }

        private void count(VacuumRun run, Phase phase, RecordView v, int segmentSize) {
            if (run.stats == null) {
                run.stats = new CategoryStats(v.version(), segmentSize, 0);
                run.timeFrom = lastTime;
                awaitingTime.add(run);
            }
            run.stats.add(v);
            int p = phase.ordinal();
            int len = v.totalLength();
            int images = 0;
            for (int b = 0; b < v.blockCount(); b++) {
                if ((v.forkFlags(b) & BlockRef.HAS_IMAGE) != 0) {
                    images++;
                }
            }
            run.phaseRecords[p]++;
            run.phaseBytes[p] += len;
            run.phaseFpiBytes[p] += v.fpiLength();
            run.phaseImages[p] += images;
            if (Long.compareUnsigned(v.lsn(), run.lastRecordLsn) > 0 || run.lastRecordLsn == 0) {
                run.lastRecordLsn = v.lsn();
            }
            if (phase.inWalUsage() && (run.classLsn < 0 || Long.compareUnsigned(v.lsn(), run.classLsn) <= 0)) {
                run.walUsage.records++;
                run.walUsage.bytes += len;
                run.walUsage.fpi += images;
                run.walUsage.fpiBytes += v.fpiLength();
            }
            if (phase == Phase.INDEX) {
                long[] ix = run.indexes.computeIfAbsent(v.relNumber(0), x -> new long[4]);
                ix[0]++;
                ix[1] += len;
                ix[2] += v.fpiLength();
                ix[3] += images;
                run.figures.indexSinceRound = true;
            }
            figures.add(run.figures, phase, v);
        }

        /**
         * Follows the clock of the stream: commit and abort records carry {@code xact_time}, checkpoints their
         * {@code time}; the first one after a run's last record bounds its end.
         */
        private void time(RecordView v, long lsn) {
            long t = Times.of(v);
            if (t == Long.MIN_VALUE) {
                return;
            }
            lastTime = t;
            awaitingTime.removeIf(r -> {
                if (Long.compareUnsigned(r.lastLsn(), lsn) < 0) {
                    r.timeTo = t;
                    return true;
                }
                return false;
            });
        }

        /** The run of {@code runs} whose span holds {@code lsn}. */
        private static VacuumRun at(List<VacuumRun> runs, long lsn) {
            if (runs == null) {
                return null;
            }
            for (VacuumRun r : runs) {
                if (Long.compareUnsigned(r.start, lsn) <= 0 && Long.compareUnsigned(lsn, r.lastLsn()) <= 0) {
                    return r;
                }
            }
            return null;
        }

        /** The one run of {@code db} whose span holds {@code lsn}, or null when none or several do. */
        private VacuumRun onlyActive(long db, long lsn) {
            while (next < byStart.size() && Long.compareUnsigned(byStart.get(next).start, lsn) <= 0) {
                active.add(byStart.get(next++));
            }
            active.removeIf(r -> Long.compareUnsigned(r.lastLsn(), lsn) < 0);
            VacuumRun found = null;
            for (VacuumRun r : active) {
                if (r.db == db) {
                    if (found != null) {
                        return null;
                    }
                    found = r;
                }
            }
            return found;
        }
    }
}
