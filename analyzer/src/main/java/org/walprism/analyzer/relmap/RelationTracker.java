package org.walprism.analyzer.relmap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;

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
    private static final int SMGR_CREATE = 0x10;
    private static final int HEAP_OPMASK = 0x70;
    private static final int HEAP_INSERT = 0x00;
    private static final int HEAP_UPDATE = 0x20;
    private static final int HEAP_HOT_UPDATE = 0x40;
    private static final int HEAP_INPLACE = 0x70;
    private static final int XLH_UPDATE_PREFIX_FROM_OLD = 1 << 5;
    private static final int XLH_UPDATE_SUFFIX_FROM_OLD = 1 << 6;
    private static final int SIZE_OF_HEAP_HEADER = 5;
    private static final int SIZEOF_HEAP_TUPLE_HEADER = 23;
    private static final int MAX_LOCATIONS = 1 << 20;
    private static final long PG_CLASS = 1259;
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
    private final Map<Loc, Long> locations = new LinkedHashMap<>(256, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Loc, Long> e) {
            return size() > MAX_LOCATIONS;
        }
    };
    private final List<Unnamed> unnamed = new ArrayList<>();
    private int followed;
    private boolean inplace;

    private record Loc(long db, long blk, int off) {
    }

    public RelationTracker(RelationMap names) {
        this.names = names;
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
                    if (v.buffer().getIntLE(m + 12) == 0 && l.size() < 1024) {
                        l.add(new long[] {v.buffer().getUnsignedIntLE(m), v.buffer().getUnsignedIntLE(m + 4),
                            v.buffer().getUnsignedIntLE(m + 8), v.lsn()});
                    }
                }
            }
            case RmgrTable.RELMAP -> relmap(v);
            case RmgrTable.HEAP -> heap(v);
            case RmgrTable.TRANSACTION -> {
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

    private void relmap(RecordView v) {
        int len = v.mainDataLength();
        if (len < 20) {
            return;
        }
        int m = v.mainDataIndex();
        long db = v.buffer().getUnsignedIntLE(m);
        long n = v.buffer().getUnsignedIntLE(m + 16);
        Map<Long, Long> map = relmaps.computeIfAbsent(db, x -> new HashMap<>());
        for (long i = 0; i < n && 20 + 8 * (i + 1) <= len; i++) {
            int at = m + 20 + 8 * (int) i;
            long oid = v.buffer().getUnsignedIntLE(at);
            long file = v.buffer().getUnsignedIntLE(at + 4);
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
        int op = v.info() & HEAP_OPMASK;
        boolean inplaceUpdate = inplace && op == HEAP_INPLACE;
        if (v.blockCount() == 0 || (op != HEAP_INSERT && op != HEAP_UPDATE && op != HEAP_HOT_UPDATE
                && !inplaceUpdate)) {
            return;
        }
        long db = v.dbOid(0);
        if (v.relNumber(0) != catalogFile(db)) {
            return;
        }
        if (inplaceUpdate) {
            if (v.mainDataLength() >= 2) {
                int off = v.buffer().getUnsignedShortLE(v.mainDataIndex());
                byte[] t = tuples.inplaceTuple(v, off);
                learnAt(v, db, v.blockNumber(0), off, t == null ? null : PgClassRow.decode(v.version(), t));
            }
            return;
        }
        if (op == HEAP_INSERT) {
            if (v.mainDataLength() < 3) {
                return;
            }
            int off = v.buffer().getUnsignedShortLE(v.mainDataIndex());
            byte[] data = newTuple(v, off, 0);
            learnAt(v, db, v.blockNumber(0), off, data == null ? null : PgClassRow.decode(v.version(), data));
            return;
        }
        if (v.mainDataLength() < 14) {
            return;
        }
        int m = v.mainDataIndex();
        int oldOff = v.buffer().getUnsignedShortLE(m + 4);
        int flags = v.buffer().getUnsignedByte(m + 7);
        int newOff = v.buffer().getUnsignedShortLE(m + 12);
        int oldBlockRef = HeapTuples.blockIndex(v, 1);
        long oldBlk = oldBlockRef >= 0 ? v.blockNumber(oldBlockRef) : v.blockNumber(0);
        Long oid = locations.remove(new Loc(db, oldBlk, oldOff));
        byte[] data = newTuple(v, newOff, flags);
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
        if (len < skip + SIZE_OF_HEAP_HEADER) {
            return null;
        }
        int hoff = v.buffer().getUnsignedByte(at + skip + 4);
        int userStart = skip + SIZE_OF_HEAP_HEADER + (hoff - SIZEOF_HEAP_TUPLE_HEADER);
        if (hoff < SIZEOF_HEAP_TUPLE_HEADER || userStart > len) {
            return null;
        }
        byte[] out = new byte[len - userStart];
        v.buffer().getBytes(at + userStart, out);
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
        if (there != null && (there.oid() == row.oid() || there.oid() == 0 && there.name().endsWith(row.relname()))) {
            return;
        }
        String name = known != null ? known.name() : nameOf(row);
        String parent = known != null ? known.parent() : null;
        if (parent == null && row.relkind() == 't' && row.relname().startsWith("pg_toast_")) {
            try {
                RelationMap.Relation p = names.byOid(db, Long.parseLong(row.relname().substring(9)));
                parent = p == null ? null : p.name();
            } catch (NumberFormatException e) {
                // not a TOAST table of the usual name
            }
        }
        names.add(new RelationMap.Relation(spc, db, file, row.oid(), name, row.relkind(), parent,
                known != null ? known.database() : null), true);
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

    private long catalogFile(long db) {
        long m = mapped(db, PG_CLASS);
        if (m >= 0) {
            return m;
        }
        RelationMap.Relation r = names.byOid(db, PG_CLASS);
        return r != null ? r.relfilenode() : PG_CLASS;
    }
}
