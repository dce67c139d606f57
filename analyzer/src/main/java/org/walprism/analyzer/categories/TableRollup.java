package org.walprism.analyzer.categories;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.walprism.analyzer.relmap.RelationMap;

/**
 * The relation counters of a {@link CategoryStats} rolled up by table: every fork of a table, of its indexes, of
 * its TOAST table and of the TOAST table's index count under the table, as the relation map's {@code parent}
 * column relates them. A file the map does not name is a table of its own, named {@code spc/db/relfilenode}.
 *
 * <p>A record counts for the relation of its first block reference (its {@code records}, {@code record_bytes} and
 * {@code vacuum_bytes}); images and block references count for the relation they touch.
 */
public final class TableRollup {
    /** What the ranking is by. */
    public enum Metric {
        /** {@code xl_tot_len} of the records whose first block belongs to the table. */
        WAL("wal_bytes"),
        /** Stored full-page image bytes of the table's blocks. */
        FPI("fpi_bytes"),
        /** {@code xl_tot_len} of VACUUM's heap records (prune, freeze, cleanup, vm) on the table. */
        VACUUM("vacuum_bytes");

        private final String key;

        Metric(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        /** The metric named {@code s} ({@code wal}, {@code fpi}, {@code vacuum} or its key), or null. */
        public static Metric parse(String s) {
            for (Metric m : values()) {
                if (m.key.equals(s) || m.name().toLowerCase(Locale.ROOT).equals(s)) {
                    return m;
                }
            }
            return null;
        }
    }

    /** One table with everything rolled up under it. */
    public static final class Table {
        public final String name;
        /** {@code r} table, {@code m} materialized view, {@code ?} not in the map (a bare file), ... */
        public final char kind;
        /** Relation files (forks not counted) rolled up: the table's own, its indexes', its TOAST's. */
        public int files;
        public long records;
        public long walBytes;
        public long fpiBytes;
        public long images;
        public long vacuumBytes;
        public long blockRefs;
        /** Bytes of records on the table itself, on its indexes, on its TOAST table and TOAST index. */
        public long heapBytes;
        public long indexBytes;
        public long toastBytes;
        private final java.util.Set<String> seen = new java.util.HashSet<>();

        Table(String name, char kind) {
            this.name = name;
            this.kind = kind;
        }

        /** The value of {@code m}. */
        public long get(Metric m) {
            return switch (m) {
                case WAL -> walBytes;
                case FPI -> fpiBytes;
                case VACUUM -> vacuumBytes;
            };
        }
    }

    private TableRollup() {
    }

    /** Every table of {@code stats}, sorted by {@code by} (largest first), then by name. */
    public static List<Table> tables(CategoryStats stats, Metric by) {
        RelationMap names = stats.names() != null ? stats.names() : RelationMap.empty();
        Map<String, Table> tables = new LinkedHashMap<>();
        for (RelationTable.Entry e : stats.relations().entries()) {
            RelationMap.Relation r = names.find(e.spcOid, e.dbOid, e.relNumber);
            RelationMap.Relation t = names.table(r);
            String name = t != null ? t.name() : e.relation();
            Table row = tables.computeIfAbsent(key(t, e), k -> new Table(name, t != null ? t.kind() : '?'));
            if (row.seen.add(e.relation())) {
                row.files++;
            }
            row.records += e.records;
            row.walBytes += e.recordBytes;
            row.fpiBytes += e.imageBytes;
            row.images += e.images;
            row.vacuumBytes += e.vacuumBytes;
            row.blockRefs += e.blockRefs;
            if (r == null || r == t) {
                row.heapBytes += e.recordBytes;
            } else if (r.kind() == 'i' || r.kind() == 'I') {
                RelationMap.Relation p = names.parent(r);
                if (p != null && p.kind() == 't') {
                    row.toastBytes += e.recordBytes;
                } else {
                    row.indexBytes += e.recordBytes;
                }
            } else {
                row.toastBytes += e.recordBytes;
            }
        }
        List<Table> out = new ArrayList<>(tables.values());
        out.sort(Comparator.comparingLong((Table x) -> -x.get(by)).thenComparing(x -> x.name));
        return out;
    }

    private static String key(RelationMap.Relation t, RelationTable.Entry e) {
        return t != null ? t.db() + ":" + t.name() : e.relation();
    }

    /** How per-relation output names the file of {@code e}: the map's name, else {@code spc/db/relfilenode}. */
    public static String label(CategoryStats stats, RelationTable.Entry e) {
        return stats.names() == null ? e.relation() : stats.names().label(e.spcOid, e.dbOid, e.relNumber);
    }

    /** The name of the table {@code e}'s file rolls up under, or null when the map does not name the file. */
    public static String tableOf(CategoryStats stats, RelationTable.Entry e) {
        if (stats.names() == null) {
            return null;
        }
        RelationMap.Relation t = stats.names().table(stats.names().find(e.spcOid, e.dbOid, e.relNumber));
        return t == null ? null : t.name();
    }
}
