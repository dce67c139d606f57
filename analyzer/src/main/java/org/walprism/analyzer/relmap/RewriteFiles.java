package org.walprism.analyzer.relmap;

import java.util.HashMap;
import java.util.Map;
import org.walprism.codec.record.RecordView;

/**
 * What a {@link RelationTracker} reads of the files a rewrite (VACUUM FULL, CLUSTER, REINDEX, TRUNCATE) leaves
 * behind, so that a map taken after the rewrite names them too: the transient relation of make_new_heap, and the
 * files a commit drops. {@code xl_xact_commit => xact_time: int64, [xinfo: uint32 if XLOG_XACT_HAS_INFO], [dbId,
 * tsId: uint32 if XACT_XINFO_HAS_DBINFO], [nsubxacts: int32, xids if XACT_XINFO_HAS_SUBXACTS], [nrels: int32,
 * (spc, db, rel)[nrels] if XACT_XINFO_HAS_RELFILENODES]} (src/include/access/xact.h).
 */
final class RewriteFiles {
    private final RelationMap names;
    /** Transient relations of rewrites seen (make_new_heap's pg_temp_OID): their OID -> the rewritten relation's. */
    private final Map<Long, Long> transients = new HashMap<>();

    RewriteFiles(RelationMap names) {
        this.names = names;
    }

    /**
     * The relation a transient relation's row stands for, from the map: make_new_heap (src/backend/commands/cluster.c)
     * names the transient heap {@code pg_temp_OID} after the relation it rewrites, its TOAST table
     * {@code pg_toast_TRANSIENTOID} and the index of that {@code pg_toast_TRANSIENTOID_index}; after the swap
     * (swap_relation_files) these rows hold the old files, and finish_heap_swap renames the new TOAST table to the
     * rewritten relation's TOAST name. Null when the row is none of those or the map does not know the relation.
     */
    RelationMap.Relation rewritten(long db, PgClassRow row) {
        String n = row.relname();
        if (n == null) {
            return null;
        }
        try {
            if (n.startsWith("pg_temp_") && row.relkind() != 't') {
                long oid = Long.parseLong(n.substring(8));
                RelationMap.Relation r = names.byOid(db, oid);
                if (r != null) {
                    transients.put(row.oid(), oid);
                }
                return r;
            }
            if (n.startsWith("pg_toast_")) {
                boolean index = n.endsWith("_index");
                Long of = transients.get(Long.parseLong(n.substring(9, index ? n.length() - 6 : n.length())));
                return of == null ? null : names.byName(db, "pg_toast.pg_toast_" + of + (index ? "_index" : ""));
            }
        } catch (NumberFormatException e) {
            // a relation named so by its user
        }
        return null;
    }

    /**
     * A file a commit drops that nothing named, whose number is the OID of a relation of the map that has another
     * file now: its first file (heap_create gives a new relation the file numbered as its OID; a rewrite gives it a
     * new one, GetNewRelFileNumber, and drops this one at commit), so it carries that relation's name. This names
     * the old files of a rewrite (REINDEX's, VACUUM FULL's indexes) from a map taken after it. Returns how many.
     */
    int nameDroppedByOid(long[][] dropped) {
        int named = 0;
        for (long[] d : dropped) {
            if (names.find(d[0], d[1], d[2]) != null) {
                continue;
            }
            RelationMap.Relation r = names.byOid(d[1], d[2]);
            if (r != null && r.relfilenode() != d[2]) {
                names.add(new RelationMap.Relation(d[0], d[1], d[2], r.oid(), r.name(), r.kind(), r.parent(),
                        r.database()), true);
                named++;
            }
        }
        return named;
    }

    /** The files (spc, db, rel) a commit record drops, in its order; null when it drops none or is cut short. */
    static long[][] dropped(RecordView v) {
        int m = v.mainDataIndex();
        int len = v.mainDataLength();
        int pos = 8;
        long xinfo = 0;
        if ((v.info() & 0x80) != 0) {
            if (len < pos + 4) {
                return null;
            }
            xinfo = v.u32(m + pos);
            pos += 4;
        }
        if ((xinfo & 1) != 0) {
            pos += 8;
        }
        if ((xinfo & 2) != 0) {
            if (len < pos + 4) {
                return null;
            }
            long n = v.u32(m + pos);
            pos += 4 + 4 * (int) Math.min(n, 1 << 20);
        }
        if ((xinfo & 4) == 0 || len < pos + 4) {
            return null;
        }
        long nrels = v.u32(m + pos);
        pos += 4;
        if (nrels == 0 || nrels > 1 << 16 || len < pos + 12 * nrels) {
            return null;
        }
        long[][] out = new long[(int) nrels][];
        for (int i = 0; i < nrels; i++) {
            int at = m + pos + 12 * i;
            out[i] = new long[] {v.u32(at), v.u32(at + 4), v.u32(at + 8)};
        }
        return out;
    }
}
