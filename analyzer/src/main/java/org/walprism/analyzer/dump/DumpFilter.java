package org.walprism.analyzer.dump;

import java.util.BitSet;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.record.RelFileLocator;

/**
 * pg_waldump's record filters ({@code -r}, {@code -x}, {@code -R}, {@code -B}, {@code -F}, {@code -w}),
 * applied in pg_waldump's order. Immutable; build with the {@code with*} methods.
 *
 * <p>Mirrors the filter block of main() and {@code XLogRecordMatchesRelationBlock} /
 * {@code XLogRecordHasFPW} in src/bin/pg_waldump/pg_waldump.c: a record passes the relation/block/fork
 * filter when one of its block references matches every given part.
 */
public final class DumpFilter {
    private final BitSet rmgrs;
    private final Long xid;
    private final RelFileLocator rel;
    private final Long block;
    private final Integer fork;
    private final boolean fpwOnly;

    private DumpFilter(BitSet rmgrs, Long xid, RelFileLocator rel, Long block, Integer fork, boolean fpwOnly) {
        this.rmgrs = rmgrs;
        this.xid = xid;
        this.rel = rel;
        this.block = block;
        this.fork = fork;
        this.fpwOnly = fpwOnly;
    }

    /** A filter that lets every record through. */
    public static DumpFilter all() {
        return new DumpFilter(null, null, null, null, null, false);
    }

    /** Also accept records of resource manager {@code rmid} ({@code -r}, repeatable). */
    public DumpFilter withRmgr(int rmid) {
        BitSet b = rmgrs == null ? new BitSet(256) : (BitSet) rmgrs.clone();
        b.set(rmid);
        return new DumpFilter(b, xid, rel, block, fork, fpwOnly);
    }

    /** Only records whose {@code xl_xid} is {@code x} ({@code -x}). */
    public DumpFilter withXid(long x) {
        return new DumpFilter(rmgrs, x, rel, block, fork, fpwOnly);
    }

    /** Only records with a block reference to {@code r} ({@code -R}). */
    public DumpFilter withRelation(RelFileLocator r) {
        return new DumpFilter(rmgrs, xid, r, block, fork, fpwOnly);
    }

    /** Only records with a block reference to block {@code b} ({@code -B}, needs {@code -R}). */
    public DumpFilter withBlock(long b) {
        return new DumpFilter(rmgrs, xid, rel, b, fork, fpwOnly);
    }

    /** Only records with a block reference in fork {@code f} ({@code -F}). */
    public DumpFilter withFork(int f) {
        return new DumpFilter(rmgrs, xid, rel, block, f, fpwOnly);
    }

    /** Only records with at least one full-page image ({@code -w}). */
    public DumpFilter withFpwOnly() {
        return new DumpFilter(rmgrs, xid, rel, block, fork, true);
    }

    /** Whether {@code r} passes every filter. */
    public boolean test(DecodedRecord r) {
        if (rmgrs != null && !rmgrs.get(r.rmid())) {
            return false;
        }
        if (xid != null && xid != r.xid()) {
            return false;
        }
        if ((rel != null || block != null || fork != null) && !matchesBlock(r)) {
            return false;
        }
        return !fpwOnly || hasImage(r);
    }

    /** Whether the record {@code v} passes every filter (reads the view only; allocates nothing). */
    public boolean test(RecordView v) {
        if (rmgrs != null && !rmgrs.get(v.rmid())) {
            return false;
        }
        if (xid != null && xid != v.xid()) {
            return false;
        }
        if ((rel != null || block != null || fork != null) && !matchesBlock(v)) {
            return false;
        }
        return !fpwOnly || hasImage(v);
    }

    private boolean matchesBlock(RecordView v) {
        for (int i = 0; i < v.blockCount(); i++) {
            if ((fork == null || fork == (v.forkFlags(i) & BlockRef.FORK_MASK))
                    && (rel == null || (rel.spcOid() == v.spcOid(i) && rel.dbOid() == v.dbOid(i)
                    && rel.relNumber() == v.relNumber(i)))
                    && (block == null || block == v.blockNumber(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasImage(RecordView v) {
        for (int i = 0; i < v.blockCount(); i++) {
            if ((v.forkFlags(i) & BlockRef.HAS_IMAGE) != 0) {
                return true;
            }
        }
        return false;
    }

    private boolean matchesBlock(DecodedRecord r) {
        for (BlockRef b : r.blocks()) {
            if ((fork == null || fork == b.forkNumber()) && (rel == null || rel.equals(b.rel()))
                    && (block == null || block == b.blockNumber())) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasImage(DecodedRecord r) {
        for (BlockRef b : r.blocks()) {
            if (b.image() != null) {
                return true;
            }
        }
        return false;
    }
}
