package org.walprism.analyzer.relmap;

import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.RecordViewAccess;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.CatalogRelations;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap.HeapType;

/**
 * The few records of a range that change which file holds which relation, copied as they pass so that a parallel
 * scan (chunks decoded out of order) can give them to a {@link RelationTracker} in LSN order afterwards: Storage
 * CREATE, RelMap UPDATE, Heap INSERT / UPDATE / HOT_UPDATE / INPLACE of pg_class (and pg_index), and the commits of transactions that
 * created a file. They are rare (DDL, TRUNCATE, VACUUM FULL), so the copies cost nothing on ordinary WAL.
 *
 * <p>A chunk knows pg_class's file from the relation map (or 1259) and from RelMap updates it saw itself. When an
 * earlier chunk moved pg_class to a new file (VACUUM FULL pg_class inside the range), the later chunks' pg_class
 * rows are not copied: {@link #replay} then says so (a sequential scan, one chunk, follows everything).
 */
public final class RelationEvents {
    private static final long PG_CLASS = CatalogRelations.RELATION_RELATION_ID;
    private static final long PG_INDEX = CatalogRelations.INDEX_RELATION_ID;
    private static final int SMGR_CREATE = RmgrTable.XLOG_SMGR_CREATE;
    private static final int MAX_EVENTS = 1 << 20;

    private final Set<Long> catalogFiles = new HashSet<>();
    private final Set<Long> initialCatalogFiles;
    private boolean chunked;
    private final Set<Long> creators = new HashSet<>();
    private final List<Copy> copies = new ArrayList<>();
    private boolean overflowed;

    private record Copy(WalVersion version, long lsn, byte[] bytes) {
    }

    /** A collector knowing pg_class's files from {@code names} (every database's). */
    public RelationEvents(RelationMap names) {
        catalogFiles.add(PG_CLASS);
        catalogFiles.add(PG_INDEX);
        for (RelationMap.Relation r : names.all()) {
            if (r.oid() == PG_CLASS || r.oid() == PG_INDEX) {
                catalogFiles.add(r.relfilenode());
            }
        }
        initialCatalogFiles = Set.copyOf(catalogFiles);
    }

    /** Copies {@code v} when it is one of the records a {@link RelationTracker} learns from. */
    public void accept(RecordView v) {
        switch (v.rmid()) {
            case RmgrTable.STORAGE -> {
                if ((v.info() & 0xF0) == SMGR_CREATE && v.xid() != 0) {
                    creators.add(v.xid());
                }
                copy(v);
            }
            case RmgrTable.RELMAP -> {
                copy(v);
                int len = v.mainDataLength();
                int m = v.mainDataIndex();
                long n = len >= 20 ? v.u32(m + 16) : 0;
                for (long i = 0; i < n && 20 + 8 * (i + 1) <= len; i++) {
                    int at = m + 20 + 8 * (int) i;
                    long mapOid = v.u32(at);
                    if (mapOid == PG_CLASS || mapOid == PG_INDEX) {
                        catalogFiles.add(v.u32(at + 4));
                    }
                }
            }
            case RmgrTable.HEAP -> {
                int op = v.info() & HeapType.XLOG_HEAP_OPMASK;
                if (v.blockCount() > 0 && (op == HeapType.XLOG_HEAP_INSERT || op == HeapType.XLOG_HEAP_UPDATE
                        || op == HeapType.XLOG_HEAP_HOT_UPDATE || op == HeapType.XLOG_HEAP_INPLACE)
                        && catalogFiles.contains(v.relNumber(0))) {
                    copy(v);
                }
            }
            case RmgrTable.TRANSACTION -> {
                if (v.xid() != 0 && creators.remove(v.xid())) {
                    copy(v);
                }
            }
            default -> {
            }
        }
    }

    private void copy(RecordView v) {
        if (copies.size() >= MAX_EVENTS) {
            overflowed = true;
            return;
        }
        byte[] record = new byte[v.totalLength()];
        v.copyBytes(v.baseIndex(), record, 0, record.length);
        copies.add(new Copy(v.version(), v.lsn(), record));
    }

    /** Appends the events of {@code next}, the chunk that follows this one. */
    public void merge(RelationEvents next) {
        copies.addAll(next.copies);
        overflowed |= next.overflowed;
        chunked = true;
        if (copies.size() > MAX_EVENTS) {
            copies.subList(MAX_EVENTS, copies.size()).clear();
            overflowed = true;
        }
    }

    /** Records copied. */
    public int size() {
        return copies.size();
    }

    /**
     * The files {@code tracker} saw created and could not name, one notice line each; call after
     * {@link RelationTracker#finish}.
     */
    public static List<org.walprism.codec.WalMessage> unnamedNotes(RelationTracker tracker) {
        List<org.walprism.codec.WalMessage> notes = new ArrayList<>();
        for (RelationTracker.Unnamed u : tracker.unnamed()) {
            notes.add(org.walprism.codec.WalMessage.of("relation file " + u.spc() + "/" + u.db() + "/"
                    + u.relfilenode() + " created at ", org.walprism.codec.Lsn.of(u.lsn()), " is not named: " + u.why()));
        }
        return notes;
    }

    /**
     * Gives the copied records to {@code tracker} in LSN order; returns what could not be followed (one line each,
     * for the notices), empty when everything was.
     */
    public List<org.walprism.codec.WalMessage> replay(RelationTracker tracker) {
        List<org.walprism.codec.WalMessage> notes = new ArrayList<>();
        RecordView v = new RecordView();
        for (Copy c : copies) {
            RecordViewAccess.parse(v, c.version(), Unpooled.wrappedBuffer(c.bytes()), 0, c.bytes().length, c.lsn());
            tracker.observe(v);
        }
        tracker.finish();
        notes.addAll(unnamedNotes(tracker));
        for (long f : tracker.pgClassFiles()) {
            if (chunked && !initialCatalogFiles.contains(f)) {
                notes.add(org.walprism.codec.WalMessage.text("pg_class moved to file " + f + " inside the range "
                        + "(VACUUM FULL pg_class): relation files created after it may be unnamed when read in "
                        + "parallel (-j 1 follows them)"));
            }
        }
        if (overflowed) {
            notes.add(org.walprism.codec.WalMessage.text("more than " + MAX_EVENTS + " catalog changes in the range: "
                    + "relation files created after the first " + MAX_EVENTS + " are not followed"));
        }
        return notes;
    }
}
