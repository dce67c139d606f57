package org.walprism.analyzer.vacuums;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walprism.analyzer.relmap.HeapTuples;
import org.walprism.analyzer.relmap.PgClassRow;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.analyzer.relmap.RelationTracker;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.CatalogRelations;

/**
 * First pass over the range: finds the vacuum runs, their spans, their indexes and the few records that are
 * placed by position rather than by relation (pg_class and pg_database updates, truncation, transaction ends).
 * The second pass ({@link VacuumAnalyzer}) then attributes every record by these findings.
 *
 * <p>How records are tied to a run, per table heap ({@code (db, relfilenode)}):
 * <ul>
 * <li>FREEZE_PAGE, VACUUM, VISIBLE, PRUNE_VACUUM_SCAN / _CLEANUP, CLEANUP_INFO with no xid are VACUUM's own and
 * open the table's run (a backend running VACUUM has no xid until truncation takes a lock).</li>
 * <li>PRUNE (14-16) / CLEAN (13) and hint-bit images with no xid are also written by on-access pruning and by
 * readers: they join an open run, and before one opens they are kept as a candidate while their blocks ascend
 * (VACUUM scans in block order) and no transaction (a record with an xid) writes to the candidate's last page
 * before the next record there (VACUUM holds a page's cleanup lock through all its first-pass records of that page);
 * the run starts at the candidate when its first sure record continues the sequence.</li>
 * <li>Index records with no xid belong to the run of their table: by the relation map's parent, else by the
 * pg_class update of the index that the run writes just before the table's, else to the one run open in the
 * database at that moment.</li>
 * <li>The pg_class in-place update of the table ends the run's WAL usage; the transaction end that follows
 * (INVALIDATIONS, or COMMIT when truncation assigned an xid) ends the run.</li>
 * </ul>
 */
final class RunScanner {
    static final long PG_CLASS_OID = CatalogRelations.RELATION_RELATION_ID;
    static final long PG_DATABASE_OID = CatalogRelations.DATABASE_RELATION_ID;
    static final long PG_INDEX_OID = CatalogRelations.INDEX_RELATION_ID;
    /** {@code FirstNormalObjectId}: relfilenodes below it are the catalogs initdb made. */
    static final long FIRST_NORMAL_OBJECT_ID = 16384;
    private static final int MAX_CATALOG_HINTS = 256;
    private static final int SHARED_INVAL_RELCACHE = -2;

    private final RelationMap names;
    private final RelationTracker tracker;
    private final HeapTuples tuples = new HeapTuples();
    private byte[] kinds;

    final List<VacuumRun> runs = new ArrayList<>();
    /** Records placed by position: LSN -> run id * 16 + phase. */
    final Map<Long, Integer> placed = new HashMap<>();
    final Map<Key, List<VacuumRun>> byHeap = new HashMap<>();
    private final Map<Key, VacuumRun> open = new HashMap<>();
    private final Map<Key, Candidate> candidates = new HashMap<>();
    private final Map<Key, Long> indexEpisodes = new HashMap<>();
    private final Map<Long, DbState> dbs = new HashMap<>();
    /** Per xid that took an AccessExclusiveLock: the LOCK record and the page images logged under it. */
    private final Map<Long, List<Long>> locks = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, List<Long>> e) {
            return size() > 4096;
        }
    };
    private VacuumRun lastEnded;

    record Key(long db, long rel) {
    }

    private static final class Candidate {
        final long first;
        long lastBlock;
        /**
         * Another transaction wrote to {@link #lastBlock} after the candidate's record there: VACUUM holds the page's
         * cleanup lock from its first record on a page to its last in the first pass, so a later record on that
         * block is not the same VACUUM's continuation.
         */
        boolean passed;

        Candidate(long first, long block) {
            this.first = first;
            this.lastBlock = block;
        }
    }

    private static final class DbState {
        final List<long[]> pendingIndexes = new ArrayList<>();
        final List<PgClassRow> pendingIndexRows = new ArrayList<>();
        final List<Long> pendingUnknown = new ArrayList<>();
        final List<VacuumRun> finishing = new ArrayList<>();
        /** Catalog hint-bit images since the last transaction end: {lsn, relfilenode}. */
        final List<long[]> catalogHints = new ArrayList<>();
        VacuumRun datPending;
    }

    RunScanner(RelationMap names, RelationTracker tracker) {
        this.names = names;
        this.tracker = tracker;
    }

    static int kindOf(byte[] kinds, RecordView v) {
        return kinds[v.rmid() * 256 + (v.info() & 0xFF)];
    }

    void add(RecordView v) {
        if (kinds == null) {
            kinds = RecordKind.table(v.version());
        }
        if (v.xid() != 0 && !candidates.isEmpty()) {
            foreignWrite(v);
        }
        int kind = kindOf(kinds, v);
        if (kind == RecordKind.NONE) {
            return;
        }
        long lsn = v.lsn();
        long xid = v.xid();
        switch (kind) {
            case RecordKind.PRUNE_AMBIGUOUS, RecordKind.FPI_FOR_HINT, RecordKind.FPI -> imageOrPrune(v, kind, lsn, xid);
            case RecordKind.HEAP_SCAN, RecordKind.HEAP_CLEANUP, RecordKind.VISIBLE -> heapPass(v, kind, lsn, xid);
            case RecordKind.INDEX -> {
                if (xid == 0 && v.blockCount() > 0) {
                    index(v, lsn);
                }
            }
            case RecordKind.INPLACE -> inplace(v, lsn, xid);
            case RecordKind.INVALIDATIONS -> {
                if (xid == 0 && v.mainDataLength() >= 16) {
                    long db = v.u32(v.mainDataIndex());
                    transactionEnd(v, lsn, db, relcacheOids(v));
                }
            }
            case RecordKind.XACT_END -> {
                if (xid != 0) {
                    for (VacuumRun r : runs) {
                        if (r.truncXid == xid && r.state != VacuumRun.State.ENDED) {
                            transactionEnd(v, lsn, r.db, List.of());
                            break;
                        }
                    }
                    locks.remove(xid);
                }
            }
            case RecordKind.STANDBY_LOCK -> {
                if (xid != 0) {
                    locks.computeIfAbsent(xid, x -> new ArrayList<>()).add(lsn);
                }
            }
            case RecordKind.SMGR_TRUNCATE -> truncate(v, lsn, xid);
            case RecordKind.SLRU_TRUNCATE -> {
                if (xid == 0 && lastEnded != null && dbs.get(lastEnded.db) != null
                        && dbs.get(lastEnded.db).datPending == lastEnded) {
                    place(lsn, lastEnded, Phase.DATFROZENXID);
                }
            }
            default -> {
            }
        }
        if (tracker != null) {
            tracker.observe(v);
        }
    }

    /** A prune, FPI or FPI_FOR_HINT: truncation's pages under a lock, a catalog hint, or maybe VACUUM's. */
    private void imageOrPrune(RecordView v, int kind, long lsn, long xid) {
        if (xid != 0 && kind != RecordKind.PRUNE_AMBIGUOUS && locks.containsKey(xid)) {
            // truncation logs the FSM and VM pages it cuts (with checksums) under the lock's xid
            List<Long> l = locks.get(xid);
            if (l.size() < 64) {
                l.add(lsn);
            }
        } else if (xid == 0 && v.blockCount() > 0) {
            if (kind == RecordKind.FPI_FOR_HINT && isCatalog(v.dbOid(0), v.relNumber(0))) {
                List<long[]> h = db(v.dbOid(0)).catalogHints;
                if (h.size() < MAX_CATALOG_HINTS) {
                    h.add(new long[] {lsn, v.relNumber(0)});
                }
            } else {
                ambiguous(v, lsn);
            }
        }
    }

    /** A heap-pass record of VACUUM: joins or opens the run of its relation. */
    private void heapPass(RecordView v, int kind, long lsn, long xid) {
        long[] t = heapTarget(v, kind);
        if (xid == 0 && t != null) {
            Key k = new Key(t[1], t[2]);
            VacuumRun r = open.get(k);
            if (r == null) {
                // the second pass restarts at block 0: it continues any first pass before it
                Candidate c = candidates.remove(k);
                boolean continues = c != null && (kind == RecordKind.HEAP_CLEANUP || c.lastBlock < t[3]
                        || (c.lastBlock == t[3] && !c.passed));
                r = openRun(k, t[0], continues ? c.first : lsn);
            }
            if (r.spc < 0) {
                r.spc = t[0];
            }
            r.touch(lsn);
        }
    }

    /** A prune or page image that may be VACUUM's: joins the open run, else extends or starts a candidate. */
    private void ambiguous(RecordView v, long lsn) {
        int b = 0;
        Key k = new Key(v.dbOid(b), v.relNumber(b));
        VacuumRun r = open.get(k);
        if (r != null) {
            r.touch(lsn);
            return;
        }
        if ((v.forkFlags(b) & BlockRef.FORK_MASK) != 0) {
            return;
        }
        long blk = v.blockNumber(b);
        Candidate c = candidates.get(k);
        if (c == null || blk < c.lastBlock || (blk == c.lastBlock && c.passed)) {
            candidates.put(k, new Candidate(lsn, blk));
        } else {
            c.lastBlock = blk;
            c.passed = false;
        }
    }

    /**
     * A record of a transaction (it has an xid) on a table page: if that page is the last one of a candidate, the
     * candidate cannot go on there (a DELETE's first hint-bit image has no xid yet; its deletions on that page do).
     */
    private void foreignWrite(RecordView v) {
        for (int b = 0; b < v.blockCount(); b++) {
            if ((v.forkFlags(b) & BlockRef.FORK_MASK) == 0) {
                Candidate c = candidates.get(new Key(v.dbOid(b), v.relNumber(b)));
                if (c != null && c.lastBlock == v.blockNumber(b)) {
                    c.passed = true;
                }
            }
        }
    }

    private void index(RecordView v, long lsn) {
        long db = v.dbOid(0);
        long rel = v.relNumber(0);
        Key parent = parentHeap(v.spcOid(0), db, rel);
        if (parent != null) {
            VacuumRun r = open.get(parent);
            if (r == null) {
                candidates.remove(parent);
                r = openRun(parent, -1, lsn);
            }
            r.touch(lsn);
            if (!r.indexRels.contains(rel)) {
                r.indexRels.add(rel);
            }
            return;
        }
        indexEpisodes.putIfAbsent(new Key(db, rel), lsn);
    }

    /** The table heap of an index according to the relation map, or null. */
    private Key parentHeap(long spc, long db, long rel) {
        RelationMap.Relation idx = names.find(spc, db, rel);
        if (idx == null || idx.kind() != 'i') {
            return null;
        }
        RelationMap.Relation t = names.parent(idx);
        return t == null ? null : new Key(t.db(), t.relfilenode());
    }

    private void inplace(RecordView v, long lsn, long xid) {
        if (v.blockCount() == 0 || v.mainDataLength() < 2) {
            return;
        }
        long db = v.dbOid(0);
        long rel = v.relNumber(0);
        int offnum = v.u16(v.mainDataIndex());
        if (db == 0 && rel == catalogFile(0, PG_DATABASE_OID)) {
            if (xid == 0) {
                datfrozenxid(v, lsn, offnum);
            }
            return;
        }
        if (rel != catalogFile(db, PG_CLASS_OID) || !(xid == 0 || truncatingRun(db, xid) != null)) {
            return;
        }
        byte[] tuple = tuples.inplaceTuple(v, offnum);
        PgClassRow row = tuple == null ? null : PgClassRow.decode(v.version(), tuple);
        DbState s = db(db);
        if (row == null) {
            s.pendingUnknown.add(lsn);
            return;
        }
        if (tracker != null) {
            tracker.learn(db, row);
        }
        if (row.isIndex()) {
            Long first = indexEpisodes.remove(new Key(db, row.relfilenode()));
            s.pendingIndexes.add(new long[] {lsn, row.relfilenode(), first == null ? -1 : first});
            s.pendingIndexRows.add(row);
            return;
        }
        if (!row.isHeap()) {
            return;
        }
        // a mapped catalog (relfilenode 0 in its row): the RelMap update or relation map, else its OID (initdb's file)
        long heap = row.relfilenode() != 0 ? row.relfilenode() : catalogFile(db, row.oid());
        Key k = new Key(db, heap);
        VacuumRun r = heap >= 0 ? open.remove(k) : null;
        if (r == null) {
            candidates.remove(k);
            r = newRun(db, heap, -1, lsn);
        }
        finish(r, s, lsn, row);
    }

    /** The run whose truncation took a lock with {@code xid}, or null. */
    private VacuumRun truncatingRun(long db, long xid) {
        for (int i = runs.size() - 1; i >= 0; i--) {
            VacuumRun r = runs.get(i);
            if (r.db == db && r.truncXid == xid && r.state != VacuumRun.State.ENDED) {
                return r;
            }
        }
        return null;
    }

    private void finish(VacuumRun r, DbState s, long lsn, PgClassRow row) {
        r.touch(lsn);
        for (int i = 0; i < s.pendingIndexes.size(); i++) {
            long[] p = s.pendingIndexes.get(i);
            place(p[0], r, Phase.PG_CLASS);
            if (!r.indexRels.contains(p[1])) {
                r.indexRels.add(p[1]);
            }
            if (p[2] >= 0) {
                r.touch(p[2]);
            }
            r.indexRows.add(s.pendingIndexRows.get(i));
        }
        for (long u : s.pendingUnknown) {
            place(u, r, Phase.PG_CLASS);
        }
        s.pendingIndexes.clear();
        s.pendingIndexRows.clear();
        s.pendingUnknown.clear();
        place(lsn, r, Phase.PG_CLASS);
        r.row = row;
        r.classLsn = lsn;
        if (r.state == VacuumRun.State.OPEN) {
            open.remove(new Key(r.db, r.rel));
        }
        r.state = VacuumRun.State.FINISHING;
        s.finishing.add(r);
    }

    /** The end of a transaction in {@code db}: ends the run that was finishing there. */
    private void transactionEnd(RecordView v, long lsn, long db, List<Long> relcache) {
        DbState s = dbs.get(db);
        if (s == null) {
            return;
        }
        s.catalogHints.clear();
        VacuumRun r = null;
        if (!s.pendingUnknown.isEmpty() || !s.pendingIndexes.isEmpty()) {
            // pg_class updates that could not be read (an image that does not restore): the last one is the table's
            VacuumRun target = null;
            for (VacuumRun o : open.values()) {
                if (o.db == db && (target == null || Long.compareUnsigned(o.lastActivity, target.lastActivity) > 0)) {
                    target = o;
                }
            }
            long last = !s.pendingUnknown.isEmpty() ? s.pendingUnknown.remove(s.pendingUnknown.size() - 1)
                    : s.pendingIndexes.get(s.pendingIndexes.size() - 1)[0];
            if (target == null) {
                target = newRun(db, -1, -1, last);
            }
            finish(target, s, last, target.row);
        }
        for (VacuumRun f : s.finishing) {
            if (f.row != null && relcache.contains(f.row.oid())) {
                r = f;
            }
        }
        if (r == null && !s.finishing.isEmpty()) {
            r = s.finishing.get(s.finishing.size() - 1);
        }
        if (r != null) {
            s.finishing.remove(r);
            place(lsn, r, Phase.COMMIT);
            r.end = lsn;
            r.state = VacuumRun.State.ENDED;
            lastEnded = r;
            return;
        }
        if (s.datPending != null && v.xid() == 0) {
            place(lsn, s.datPending, Phase.DATFROZENXID);
            s.datPending = null;
        }
    }

    private void datfrozenxid(RecordView v, long lsn, int offnum) {
        byte[] t = tuples.inplaceTuple(v, offnum);
        long datOid = t != null && t.length >= 68 ? Integer.toUnsignedLong(
                (t[0] & 0xFF) | (t[1] & 0xFF) << 8 | (t[2] & 0xFF) << 16 | (t[3] & 0xFF) << 24) : -1;
        VacuumRun target = null;
        for (int i = runs.size() - 1; i >= 0; i--) {
            VacuumRun r = runs.get(i);
            if (r.state == VacuumRun.State.ENDED && (datOid < 0 || r.db == datOid)) {
                if (target == null || Long.compareUnsigned(r.end, target.end) > 0) {
                    target = r;
                }
            }
        }
        if (target == null) {
            return;
        }
        if (t != null && t.length >= 68) {
            int n = 4;
            while (n < 68 && t[n] != 0) {
                n++;
            }
            String name = new String(t, 4, n - 4, java.nio.charset.StandardCharsets.UTF_8);
            for (VacuumRun r : runs) {
                if (r.db == datOid) {
                    r.datname = name;
                }
            }
        }
        place(lsn, target, Phase.DATFROZENXID);
        db(target.db).datPending = target;
        lastEnded = target;
    }

    private void truncate(RecordView v, long lsn, long xid) {
        // xl_smgr_truncate => blkno: uint32, rlocator: (spcOid, dbOid, relNumber), flags: int32
        if (v.mainDataLength() < 20) {
            return;
        }
        int m = v.mainDataIndex();
        long blkno = v.u32(m);
        Key k = new Key(v.u32(m + 8), v.u32(m + 12));
        VacuumRun r = open.get(k);
        if (r == null) {
            return;
        }
        r.touch(lsn);
        place(lsn, r, Phase.TRUNCATE);
        r.truncatedTo = blkno;
        if (xid != 0) {
            r.truncXid = xid;
            List<Long> lock = locks.remove(xid);
            if (lock != null) {
                for (long l : lock) {
                    place(l, r, Phase.TRUNCATE);
                    r.touch(l);
                }
            }
        }
    }

    /** Relation OIDs of the relcache invalidation messages of an INVALIDATIONS record. */
    private static List<Long> relcacheOids(RecordView v) {
        // xl_invalidations => dbId: uint32, tsId: uint32, relcacheInitFileInval: bool, nmsgs: int32 (at 12),
        // msgs: SharedInvalidationMessage[nmsgs] (16 bytes: id: int8, ..., dbId at 4, relId at 8 for relcache)
        int m = v.mainDataIndex();
        int len = v.mainDataLength();
        long n = v.u32(m + 12);
        List<Long> out = new ArrayList<>();
        for (long i = 0; i < n && 16 + 16 * (i + 1) <= len; i++) {
            int at = m + 16 + 16 * (int) i;
            if ((byte) v.u8(at) == SHARED_INVAL_RELCACHE) {
                out.add(v.u32(at + 8));
            }
        }
        return out;
    }

    /**
     * The heap page a vacuum heap record is about, as {@code {spc, db, rel, block}}: VISIBLE's block 1, else
     * block 0; 13's CLEANUP_INFO names its relation in main data only (block -1); null if none.
     */
    static long[] heapTarget(RecordView v, int kind) {
        int want = kind == RecordKind.VISIBLE ? 1 : 0;
        for (int i = 0; i < v.blockCount(); i++) {
            if (v.blockId(i) == want) {
                return new long[] {v.spcOid(i), v.dbOid(i), v.relNumber(i), v.blockNumber(i)};
            }
        }
        if (kind == RecordKind.HEAP_CLEANUP && v.blockCount() == 0 && v.mainDataLength() >= 16) {
            // xl_heap_cleanup_info => node: (spc, db, rel), latestRemovedXid: uint32
            int m = v.mainDataIndex();
            return new long[] {v.u32(m), v.u32(m + 4),
                v.u32(m + 8), -1};
        }
        return null;
    }

    /** The relfilenode of a catalog in {@code db} (0: shared): the relation map's, else mapped by RelMap, else its OID. */
    long catalogFile(long db, long oid) {
        if (tracker != null) {
            long m = tracker.mapped(db, oid);
            if (m >= 0) {
                return m;
            }
        }
        RelationMap.Relation r = names.byOid(db, oid);
        return r != null ? r.relfilenode() : oid;
    }

    private VacuumRun openRun(Key k, long spc, long start) {
        VacuumRun r = newRun(k.db(), k.rel(), spc, start);
        open.put(k, r);
        return r;
    }

    private VacuumRun newRun(long db, long rel, long spc, long start) {
        VacuumRun r = new VacuumRun(runs.size(), db);
        r.rel = rel;
        r.spc = spc;
        r.touch(start);
        runs.add(r);
        // catalog pages the backend read inside heap_vacuum_rel before this first record: from pg_index on (the
        // index list is the first catalog read there), else only the last one (pg_index was already hinted)
        List<long[]> hints = db(db).catalogHints;
        long pgIndex = catalogFile(db, PG_INDEX_OID);
        int from = hints.size() - 1;
        for (int i = 0; i < hints.size(); i++) {
            if (hints.get(i)[1] == pgIndex) {
                from = i;
                break;
            }
        }
        for (int i = Math.max(from, 0); from >= 0 && i < hints.size(); i++) {
            place(hints.get(i)[0], r, Phase.CATALOG);
            r.touch(hints.get(i)[0]);
        }
        hints.clear();
        if (rel >= 0) {
            byHeap.computeIfAbsent(new Key(db, rel), x -> new ArrayList<>()).add(r);
        }
        return r;
    }

    /** Whether {@code rel} of {@code db} is a catalog's file (made by initdb, or named a pg_catalog relation). */
    boolean isCatalog(long db, long rel) {
        if (db == 0) {
            return false;
        }
        if (rel < FIRST_NORMAL_OBJECT_ID) {
            return true;
        }
        RelationMap.Relation r = names.find(-1, db, rel);
        return r != null && r.name().startsWith("pg_catalog.");
    }

    private DbState db(long db) {
        return dbs.computeIfAbsent(db, x -> new DbState());
    }

    private void place(long lsn, VacuumRun r, Phase p) {
        placed.put(lsn, r.id * 16 + p.ordinal());
    }

    /** Index episodes never tied to a run (no pg_class update of the index seen). */
    Map<Key, Long> looseIndexes() {
        return indexEpisodes;
    }
}
