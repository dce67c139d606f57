package org.walprism.analyzer.categories;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Per relation fork (spcOid, dbOid, relNumber, fork) counters in an open-addressing table: a lookup allocates
 * nothing, only a new relation does.
 */
public final class RelationTable implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    /** Counters of one relation fork. */
    public static final class Entry implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        /** Tablespace OID. */
        public final long spcOid;
        /** Database OID. */
        public final long dbOid;
        /** Relation file number. */
        public final long relNumber;
        /** Fork number. */
        public final int fork;
        /** Block references to this fork. */
        public long blockRefs;
        /** Full-page images of this fork. */
        public long images;
        /** Stored image bytes. */
        public long imageBytes;
        /** Block data bytes. */
        public long blockDataBytes;
        /** Records whose first block reference is this fork. */
        public long records;
        /** {@code xl_tot_len} of those records. */
        public long recordBytes;
        /**
         * {@code xl_tot_len} of those records that are VACUUM's heap records (categories prune_only, freeze_only,
         * prune_freeze, cleanup, vm).
         */
        public long vacuumBytes;

        Entry(long spcOid, long dbOid, long relNumber, int fork) {
            this.spcOid = spcOid;
            this.dbOid = dbOid;
            this.relNumber = relNumber;
            this.fork = fork;
        }

        /** {@code spc/db/rel} as pg_waldump prints it. */
        public String relation() {
            return spcOid + "/" + dbOid + "/" + relNumber;
        }
    }

    private long[] hi = new long[64];
    private long[] lo = new long[64];
    private Entry[] slots = new Entry[64];
    private final List<Entry> entries = new ArrayList<>();

    /** The entry of a relation fork, created on first use. */
    public Entry get(long spcOid, long dbOid, long relNumber, int fork) {
        long h = (spcOid << 32) | dbOid;
        long l = (relNumber << 4) | fork;
        int mask = slots.length - 1;
        int i = mix(h, l) & mask;
        while (slots[i] != null) {
            if (hi[i] == h && lo[i] == l) {
                return slots[i];
            }
            i = (i + 1) & mask;
        }
        Entry e = new Entry(spcOid, dbOid, relNumber, fork);
        slots[i] = e;
        hi[i] = h;
        lo[i] = l;
        entries.add(e);
        if (entries.size() * 2 > slots.length) {
            grow();
        }
        return e;
    }

    private static int mix(long h, long l) {
        long x = h * 0x9E3779B97F4A7C15L ^ l * 0xC2B2AE3D27D4EB4FL;
        return (int) (x ^ (x >>> 29));
    }

    private void grow() {
        int n = slots.length * 2;
        hi = new long[n];
        lo = new long[n];
        slots = new Entry[n];
        for (Entry e : entries) {
            long h = (e.spcOid << 32) | e.dbOid;
            long l = (e.relNumber << 4) | e.fork;
            int i = mix(h, l) & (n - 1);
            while (slots[i] != null) {
                i = (i + 1) & (n - 1);
            }
            slots[i] = e;
            hi[i] = h;
            lo[i] = l;
        }
    }

    /** Adds the counters of {@code o}; its relations not seen here are appended in its first-seen order. */
    public void merge(RelationTable o) {
        for (Entry x : o.entries) {
            Entry e = get(x.spcOid, x.dbOid, x.relNumber, x.fork);
            e.blockRefs += x.blockRefs;
            e.images += x.images;
            e.imageBytes += x.imageBytes;
            e.blockDataBytes += x.blockDataBytes;
            e.records += x.records;
            e.recordBytes += x.recordBytes;
            e.vacuumBytes += x.vacuumBytes;
        }
    }

    /** All entries in first-seen order. */
    public List<Entry> entries() {
        return entries;
    }

    /** Number of relation forks counted. */
    public int size() {
        return entries.size();
    }

    @Override
    public String toString() {
        return "RelationTable" + Arrays.toString(entries.stream().map(Entry::relation).toArray());
    }
}
