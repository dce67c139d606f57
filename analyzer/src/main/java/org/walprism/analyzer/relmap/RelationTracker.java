package org.walprism.analyzer.relmap;

import static org.walprism.codec.rmgr.heap.HeapType.XLOG_HEAP_HOT_UPDATE;
import static org.walprism.codec.rmgr.heap.HeapType.XLOG_HEAP_INPLACE;
import static org.walprism.codec.rmgr.heap.HeapType.XLOG_HEAP_INSERT;
import static org.walprism.codec.rmgr.heap.HeapType.XLOG_HEAP_OPMASK;
import static org.walprism.codec.rmgr.heap.HeapType.XLOG_HEAP_UPDATE;
import static org.walprism.codec.rmgr.heap.HeapUpdate.XLH_UPDATE_PREFIX_FROM_OLD;
import static org.walprism.codec.rmgr.heap.HeapUpdate.XLH_UPDATE_SUFFIX_FROM_OLD;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.CatalogRelations;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap.TupleHeader;

/**
 * Follows relation files as the WAL changes them, so that names stay right where a relation map taken at one
 * moment would go stale: a relfilenode created inside the range (CREATE TABLE, TRUNCATE, VACUUM FULL, CLUSTER,
 * REINDEX) is named by the pg_class row its transaction writes, and a mapped catalog's new file by the RelMap
 * update; pg_class rows read from in-place updates name their files too.
 *
 * <p>A pg_class row names a file when the record holds the row's OID and relfilenode: a Heap INSERT, or an
 * UPDATE / HOT_UPDATE logged whole (or with block 0's image). An UPDATE logged with a prefix taken
 * from the old row leaves the OID out; the row is then identified by where the old row was, when an earlier
 * record of the range showed that place; otherwise the new file is listed as {@link #unnamed() unnamed}, with why.
 *
 * <p>Layouts: {@code xl_smgr_create => rlocator: (spc, db, rel), forkNum: int32};
 * {@code xl_relmap_update => dbid, tsid, nbytes: int32, RelMapFile => magic: int32, num_mappings: int32,
 * mappings: (mapoid, mapfilenumber)[num_mappings]}; {@code xl_heap_insert => offnum: uint16, flags: uint8};
 * {@code xl_heap_update => old_xmax: uint32, old_offnum: uint16, old_infobits_set: uint8, flags: uint8,
 * new_xmax: uint32, new_offnum: uint16}, block 0 data {@code [prefixlen: uint16] [suffixlen: uint16]
 * xl_heap_header => t_infomask2: uint16, t_infomask: uint16, t_hoff: uint8}, then the tuple from {@code t_bits}.
 * Mirrors src/include/catalog/storage_xlog.h, src/include/utils/relmapper.h, src/include/access/heapam_xlog.h.
 */
public final class RelationTracker {
    private static final int SMGR_CREATE = RmgrTable.XLOG_SMGR_CREATE;
    private static final int SIZEOF_HEAP_TUPLE_HEADER = 23;
    private static final int MAX_LOCATIONS = 1 << 20;
    private static final long PG_CLASS = CatalogRelations.RELATION_RELATION_ID;
    private static final long PG_INDEX = CatalogRelations.INDEX_RELATION_ID;
    private static final long[] NAMESPACES = {11, 99, 2200};
    private static final String[] NAMESPACE_NAMES = {"pg_catalog", "pg_toast", "public"};

    /** A relfilenode created inside the range whose relation could not be named, and why. */
    public record Unnamed(long lsn, long spc, long db, long relfilenode, String why) {
    }

    private final RelationMap names;
    private final HeapTuples tuples = new HeapTuples();
    private final Map<Long, Map<Long, Long>> relmaps = new HashMap<>();
    /** Per xid, the main-fork files it created not yet named: {spc, db, rel, lsn}. */
    private final Map<Long, List<long[]>> created = new HashMap<>();
    /** With {@link #withInplace()}: per xid, every main-fork file it created, in order. */
    private final Map<Long, List<long[]>> createdAll = new HashMap<>();
    private final Map<Loc, Long> locations = new LinkedHashMap<>(256, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Loc, Long> e) {
            return size() > MAX_LOCATIONS;
        }
    };
    private final List<Unnamed> unnamed = new ArrayList<>();
    private int followed;
    private boolean inplace;
    /** With {@link #withInplace()}: the user data of pg_class rows read whole, by place, to rebuild updates. */
    private final Map<Loc, byte[]> rows = new LinkedHashMap<>(256, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Loc, byte[]> e) {
            return size() > MAX_ROWS;
        }
    };
    private static final int MAX_ROWS = 1 << 16;

    private record Loc(long db, long blk, int off) {
    }

    private final RewriteFiles rewrites;

    /** A tracker starting from the relations of {@code names}. */
    public RelationTracker(RelationMap names) {
        this.names = names;
        this.rewrites = new RewriteFiles(names);
    }

    /**
     * Also learns from the in-place updates of pg_class rows (Heap INPLACE: VACUUM's and ANALYZE's
     * {@code vac_update_relstats}), which carry the whole row; {@code vacuums} reads those itself.
     */
    public RelationTracker withInplace() {
        this.inplace = true;
        return this;
    }

    /** Relfilenodes created in the range that nothing in the range named (checked when asked). */
    public List<Unnamed> unnamed() {
        return unnamed.stream().filter(u -> names.find(u.spc(), u.db(), u.relfilenode()) == null).toList();
    }

    /**
     * Ends the range: files created by transactions whose end the tracker did not see (after the range, or in
     * another chunk of a parallel scan) and that nothing named are listed as unnamed.
     */
    public void finish() {
        for (List<long[]> left : created.values()) {
            for (long[] c : left) {
                unnamed.add(new Unnamed(c[3], c[0], c[1], c[2], "no pg_class row of the range names it"));
            }
        }
        created.clear();
    }

    /** The files RelMap updates of the range gave pg_class, in any database. */
    public java.util.Set<Long> pgClassFiles() {
        java.util.Set<Long> s = new java.util.TreeSet<>();
        for (Map<Long, Long> m : relmaps.values()) {
            Long f = m.get(PG_CLASS);
            if (f != null) {
                s.add(f);
            }
        }
        return s;
    }

    /** Relation files named from the WAL (created files named by their pg_class rows, RelMap updates). */
    public int followed() {
        return followed;
    }

    /** The file the RelMap updates of the range gave catalog {@code oid} in {@code db} (0: shared), or -1. */
    public long mapped(long db, long oid) {
        Map<Long, Long> m = relmaps.get(db);
        Long f = m == null ? null : m.get(oid);
        return f == null ? -1 : f;
    }

    /** Looks at one record; only Storage CREATE, RelMap UPDATE and Heap INSERT / UPDATE of pg_class matter. */
    public void observe(RecordView v) {
        switch (v.rmid()) {
            case RmgrTable.STORAGE -> {
                if ((v.info() & 0xF0) == SMGR_CREATE && v.mainDataLength() >= 16 && v.xid() != 0) {
                    int m = v.mainDataIndex();
                    List<long[]> l = created.computeIfAbsent(v.xid(), x -> new ArrayList<>());
                    if (v.i32(m + 12) == 0 && l.size() < 1024) {
                        long[] c = {v.u32(m), v.u32(m + 4),
                            v.u32(m + 8), v.lsn()};
                        l.add(c);
                        if (inplace) {
                            createdAll.computeIfAbsent(v.xid(), x -> new ArrayList<>()).add(c);
                        }
                    }
                }
            }
            case RmgrTable.RELMAP -> relmap(v);
            case RmgrTable.HEAP -> heap(v);
            case RmgrTable.TRANSACTION -> {
                List<long[]> all = createdAll.remove(v.xid());
                if (inplace && v.xid() != 0 && (v.info() & 0x70) == 0x00) {
                    long[][] dropped = RewriteFiles.dropped(v);
                    if (dropped != null && all != null) {
                        pairDropped(dropped, all);
                    }
                    if (dropped != null) {
                        followed += rewrites.nameDroppedByOid(dropped);
                    }
                }
                List<long[]> left = created.remove(v.xid());
                if (left != null && v.xid() != 0 && (v.info() & 0x70) == 0x00) {
                    for (long[] c : left) {
                        unnamed.add(new Unnamed(c[3], c[0], c[1], c[2], "its pg_class row is logged without its "
                                + "OID (prefix taken from the old row, whose place the range did not show)"));
                    }
                }
            }
            default -> {
            }
        }
    }

    /**
     * A commit that drops as many files as its transaction created (TRUNCATE: each relation gets a new file and
     * its old one is dropped at commit) names each created file after the dropped file of the same rank: the
     * commit lists dropped files newest first (smgrGetPendingDeletes walks a list RelationDropStorage pushes onto),
     * so reversed they follow the creations. Skipped when a created file already named disagrees with its pair.
     * {@code xl_xact_commit => xact_time: int64, [xinfo: uint32 if XLOG_XACT_HAS_INFO], [dbId, tsId: uint32 if
     * XACT_XINFO_HAS_DBINFO], [nsubxacts: int32, xids if XACT_XINFO_HAS_SUBXACTS], [nrels: int32,
     * (spc, db, rel)[nrels] if XACT_XINFO_HAS_RELFILENODES]} (src/include/access/xact.h).
     */
    private void pairDropped(long[][] dropped, List<long[]> all) {
        if (dropped.length != all.size()) {
            return;
        }
        RelationMap.Relation[] pair = new RelationMap.Relation[all.size()];
        for (int i = 0; i < all.size(); i++) {
            long[] d = dropped[all.size() - 1 - i];
            long[] c = all.get(i);
            if (d[1] != c[1]) {
                return;
            }
            pair[i] = names.find(d[0], d[1], d[2]);
            RelationMap.Relation now = names.find(c[0], c[1], c[2]);
            if (now != null && pair[i] != null && now.oid() != 0 && pair[i].oid() != 0
                    && now.oid() != pair[i].oid()) {
                return;
            }
        }
        for (int i = 0; i < all.size(); i++) {
            long[] c = all.get(i);
            RelationMap.Relation p = pair[i];
            if (p != null && names.find(c[0], c[1], c[2]) == null) {
                names.add(new RelationMap.Relation(c[0], c[1], c[2], p.oid(), p.name(), p.kind(), p.parent(),
                        p.database()), true);
                followed++;
            }
        }
    }


    private void relmap(RecordView v) {
        int len = v.mainDataLength();
        if (len < 20) {
            return;
        }
        int m = v.mainDataIndex();
        long db = v.u32(m);
        long n = v.u32(m + 16);
        Map<Long, Long> map = relmaps.computeIfAbsent(db, x -> new HashMap<>());
        for (long i = 0; i < n && 20 + 8 * (i + 1) <= len; i++) {
            int at = m + 20 + 8 * (int) i;
            long oid = v.u32(at);
            long file = v.u32(at + 4);
            Long old = map.put(oid, file);
            if (old == null || old != file) {
                RelationMap.Relation known = names.byOid(db, oid);
                if (known != null) {
                    names.add(new RelationMap.Relation(known.spc(), db, file, oid, known.name(), known.kind(),
                            known.parent(), known.database()), true);
                    followed++;
                }
            }
        }
    }

    private void heap(RecordView v) {
        int op = v.info() & XLOG_HEAP_OPMASK;
        boolean inplaceUpdate = inplace && op == XLOG_HEAP_INPLACE;
        if (v.blockCount() == 0 || (op != XLOG_HEAP_INSERT && op != XLOG_HEAP_UPDATE && op != XLOG_HEAP_HOT_UPDATE
                && !inplaceUpdate)) {
            return;
        }
        long db = v.dbOid(0);
        if (inplace && op == XLOG_HEAP_INSERT && v.relNumber(0) == catalogFile(db, PG_INDEX)) {
            indexRow(v, db);
            return;
        }
        if (v.relNumber(0) != catalogFile(db)) {
            return;
        }
        if (inplaceUpdate) {
            if (v.mainDataLength() >= 2) {
                int off = v.u16(v.mainDataIndex());
                byte[] t = tuples.inplaceTuple(v, off);
                remember(db, v.blockNumber(0), off, t);
                learnAt(v, db, v.blockNumber(0), off, t == null ? null : PgClassRow.decode(v.version(), t));
            }
            return;
        }
        if (op == XLOG_HEAP_INSERT) {
            if (v.mainDataLength() < 3) {
                return;
            }
            int off = v.u16(v.mainDataIndex());
            byte[] data = newTuple(v, off, 0);
            remember(db, v.blockNumber(0), off, data);
            learnAt(v, db, v.blockNumber(0), off, data == null ? null : PgClassRow.decode(v.version(), data));
            return;
        }
        if (v.mainDataLength() < 14) {
            return;
        }
        int m = v.mainDataIndex();
        int oldOff = v.u16(m + 4);
        int flags = v.u8(m + 7);
        int newOff = v.u16(m + 12);
        int oldBlockRef = HeapTuples.blockIndex(v, 1);
        long oldBlk = oldBlockRef >= 0 ? v.blockNumber(oldBlockRef) : v.blockNumber(0);
        Long oid = locations.remove(new Loc(db, oldBlk, oldOff));
        byte[] old = inplace ? rows.remove(new Loc(db, oldBlk, oldOff)) : null;
        byte[] data = (flags & (XLH_UPDATE_PREFIX_FROM_OLD | XLH_UPDATE_SUFFIX_FROM_OLD)) != 0 && old != null
                ? rebuilt(v, flags, old) : newTuple(v, newOff, flags);
        if ((flags & XLH_UPDATE_SUFFIX_FROM_OLD) == 0 || old != null) {
            remember(db, v.blockNumber(0), newOff, data);
        }
        PgClassRow row = data == null ? null : PgClassRow.decode(v.version(), data);
        if (row != null) {
            learnAt(v, db, v.blockNumber(0), newOff, row);
            return;
        }
        if (oid != null) {
            locations.put(new Loc(db, v.blockNumber(0), newOff), oid);
            // the file this transaction created last is the one its next pg_class update installs
            List<long[]> l = created.get(v.xid());
            RelationMap.Relation known = names.byOid(db, oid);
            if (l != null && !l.isEmpty() && l.get(l.size() - 1)[1] == db && known != null) {
                long[] c = l.remove(l.size() - 1);
                names.add(new RelationMap.Relation(c[0], db, c[2], oid, known.name(), known.kind(),
                        known.parent(), known.database()), true);
                followed++;
            }
        }
    }

    private void learnAt(RecordView v, long db, long blk, int off, PgClassRow row) {
        if (row == null) {
            return;
        }
        locations.put(new Loc(db, blk, off), row.oid());
        List<long[]> l = created.get(v.xid());
        if (l != null && l.removeIf(c -> c[1] == db && c[2] == row.relfilenode())) {
            followed++;
        }
        learn(db, row);
    }

    private void remember(long db, long blk, int off, byte[] data) {
        if (inplace && data != null) {
            rows.put(new Loc(db, blk, off), data);
        }
    }

    /**
     * The user data of the new tuple of an UPDATE that took a prefix and / or suffix from the old row, whose user
     * data is {@code old}: {@code old[0, prefixlen) + logged part + old[len - suffixlen, len)}, as heap_xlog_update
     * puts it together; null when block 0 has no data (an image) or the lengths do not fit.
     */
    private byte[] rebuilt(RecordView v, int flags, byte[] old) {
        int b = HeapTuples.blockIndex(v, 0);
        if (b < 0 || v.blockDataLength(b) == 0) {
            return null;
        }
        int at = v.blockDataIndex(b);
        int len = v.blockDataLength(b);
        int pos = 0;
        int prefix = 0;
        int suffix = 0;
        if ((flags & XLH_UPDATE_PREFIX_FROM_OLD) != 0) {
            if (len < pos + 2) {
                return null;
            }
            prefix = v.u16(at + pos);
            pos += 2;
        }
        if ((flags & XLH_UPDATE_SUFFIX_FROM_OLD) != 0) {
            if (len < pos + 2) {
                return null;
            }
            suffix = v.u16(at + pos);
            pos += 2;
        }
        if (len < pos + TupleHeader.SIZE || prefix + suffix > old.length) {
            return null;
        }
        int hoff = v.u8(at + pos + 4);
        int userStart = pos + TupleHeader.SIZE + (hoff - SIZEOF_HEAP_TUPLE_HEADER);
        if (hoff < SIZEOF_HEAP_TUPLE_HEADER || userStart > len) {
            return null;
        }
        int mid = len - userStart;
        byte[] out = new byte[prefix + mid + suffix];
        System.arraycopy(old, 0, out, 0, prefix);
        v.copyBytes(at + userStart, out, prefix, mid);
        System.arraycopy(old, old.length - suffix, out, prefix + mid, suffix);
        return out;
    }

    /**
     * The user data of the new tuple of an INSERT / UPDATE (block 0), whole: from block 0's data when it holds no
     * prefix from the old row, else from the page block 0's image restores; null otherwise.
     */
    private byte[] newTuple(RecordView v, int off, int updateFlags) {
        int b = HeapTuples.blockIndex(v, 0);
        if (b < 0) {
            return null;
        }
        int len = v.blockDataLength(b);
        if (len == 0) {
            return tuples.imageTuple(v, b, off);
        }
        if ((updateFlags & XLH_UPDATE_PREFIX_FROM_OLD) != 0) {
            return null;
        }
        int at = v.blockDataIndex(b);
        int skip = (updateFlags & XLH_UPDATE_SUFFIX_FROM_OLD) != 0 ? 2 : 0;
        if (len < skip + TupleHeader.SIZE) {
            return null;
        }
        int hoff = v.u8(at + skip + 4);
        int userStart = skip + TupleHeader.SIZE + (hoff - SIZEOF_HEAP_TUPLE_HEADER);
        if (hoff < SIZEOF_HEAP_TUPLE_HEADER || userStart > len) {
            return null;
        }
        byte[] out = new byte[len - userStart];
        v.copyBytes(at + userStart, out, 0, out.length);
        return out;
    }

    /** Records what a pg_class row says: its file holds the relation the map knows by OID, else one named so. */
    public void learn(long db, PgClassRow row) {
        long file = row.relfilenode() != 0 ? row.relfilenode() : mapped(db, row.oid());
        if (file <= 0) {
            return;
        }
        long spc = row.reltablespace() == 0 ? -1 : row.reltablespace();
        RelationMap.Relation known = names.byOid(db, row.oid());
        RelationMap.Relation there = names.find(spc, db, file);
        if (known == null) {
            RelationMap.Relation r = rewrites.rewritten(db, row);
            if (r != null) {
                // a transient relation of a rewrite: its file, the new one before the swap and the old one after,
                // is the rewritten relation's
                if (there == null) {
                    names.add(new RelationMap.Relation(spc, db, file, r.oid(), r.name(), r.kind(), r.parent(),
                            r.database()), true);
                    followed++;
                }
                return;
            }
        }
        // the map's names are kept; a name the WAL taught follows the rows (a TOAST table renamed by a rewrite)
        String name = known == null ? nameOf(row) : names.fromMap(known) ? known.name() : renamed(known.name(), row);
        if (there != null && ((there.oid() == row.oid() && there.name().equals(name))
                || (there.oid() == 0 && there.name().endsWith(row.relname())))) {
            return;
        }
        if (known != null && there != null && there.oid() != 0 && there.oid() != row.oid()
                && known.relfilenode() != file && known.db() == db && !rewriteTransient(there, known)) {
            // swap_relation_files (VACUUM FULL, CLUSTER, a rewriting ALTER TABLE, REFRESH MATERIALIZED VIEW): the
            // transient relation takes the file of the relation rewritten, which takes the transient's new file;
            // the rewritten relation's own row may be logged without its OID (an update taking a prefix from a row
            // older than the range), so its new file is named from this side of the swap
            names.add(new RelationMap.Relation(known.spc(), db, known.relfilenode(), there.oid(), there.name(),
                    there.kind(), there.parent(), there.database()), true);
            followed++;
            return;
        }
        String parent = known != null ? known.parent() : null;
        if (row.relkind() == 't' && row.relname().startsWith("pg_toast_")) {
            try {
                RelationMap.Relation p = names.byOid(db, Long.parseLong(row.relname().substring(9)));
                if (p != null) {
                    parent = p.name();
                }
            } catch (NumberFormatException e) {
                // not a TOAST table of the usual name
            }
        }
        names.add(new RelationMap.Relation(spc, db, file, row.oid(), name, row.relkind(), parent,
                known != null ? known.database() : null), true);
    }

    /**
     * Whether {@code there} is the transient relation that make_new_heap (src/backend/commands/cluster.c) creates to
     * rewrite {@code known}: named {@code pg_temp_OID} (its TOAST table {@code pg_toast_TRANSIENTOID}), with an OID
     * assigned at the rewrite, so newer than the rewritten relation's (short of an OID wraparound between the two).
     * Then the row is the rewritten relation's own, naming the file the swap gave it, and its old file keeps its name.
     */
    private static boolean rewriteTransient(RelationMap.Relation there, RelationMap.Relation known) {
        String t = "pg_temp_" + known.oid();
        return there.name().equals(t) || there.name().endsWith("." + t) || there.oid() > known.oid();
    }

    /**
     * {@code known}, the name a relation had, after the row that now names it: unchanged when the row's relname is
     * its last part, else the row's relname in the same schema (ALTER TABLE RENAME; the TOAST table of a rewritten
     * table takes the old table's TOAST name).
     */
    private static String renamed(String known, PgClassRow row) {
        if (inplaceAware(known, row)) {
            return known;
        }
        int dot = known.lastIndexOf('.');
        return dot >= 0 ? known.substring(0, dot + 1) + row.relname() : row.relname();
    }

    private static boolean inplaceAware(String known, PgClassRow row) {
        return row.relname() == null || row.relname().isEmpty() || known.equals(row.relname())
                || known.endsWith("." + row.relname());
    }

    /** {@code schema.relname} for the schemas with fixed OIDs (pg_catalog, pg_toast, public), else relname. */
    public static String nameOf(PgClassRow row) {
        for (int i = 0; i < NAMESPACES.length; i++) {
            if (row.relnamespace() == NAMESPACES[i]) {
                return NAMESPACE_NAMES[i] + "." + row.relname();
            }
        }
        return row.relname();
    }

    /**
     * A pg_index row inserted (CREATE INDEX inside the range): its index rolls up under its table.
     * {@code pg_index => indexrelid: oid, indrelid: oid, ...} (src/include/catalog/pg_index.h).
     */
    private void indexRow(RecordView v, long db) {
        if (v.mainDataLength() < 3) {
            return;
        }
        byte[] t = newTuple(v, v.u16(v.mainDataIndex()), 0);
        if (t == null || t.length < 8) {
            return;
        }
        long index = (t[0] & 0xFFL) | (t[1] & 0xFFL) << 8 | (t[2] & 0xFFL) << 16 | (t[3] & 0xFFL) << 24;
        long table = (t[4] & 0xFFL) | (t[5] & 0xFFL) << 8 | (t[6] & 0xFFL) << 16 | (t[7] & 0xFFL) << 24;
        RelationMap.Relation ix = names.byOid(db, index);
        RelationMap.Relation tb = names.byOid(db, table);
        if (ix != null && tb != null && !tb.name().equals(ix.parent())) {
            names.add(new RelationMap.Relation(ix.spc(), ix.db(), ix.relfilenode(), ix.oid(), ix.name(), ix.kind(),
                    tb.name(), ix.database()), true);
        }
    }

    private long catalogFile(long db, long catalog) {
        long m = mapped(db, catalog);
        if (m >= 0) {
            return m;
        }
        RelationMap.Relation r = names.byOid(db, catalog);
        return r != null ? r.relfilenode() : catalog;
    }

    private long catalogFile(long db) {
        long m = mapped(db, PG_CLASS);
        if (m >= 0) {
            return m;
        }
        RelationMap.Relation r = names.byOid(db, PG_CLASS);
        return r != null ? r.relfilenode() : PG_CLASS;
    }
}
