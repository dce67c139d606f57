package org.walprism.codec.rmgr.xact;

import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * One statistics entry to drop when the transaction ends ({@code xl_xact_stats_item}, 15+).
 *
 * <p>15-17: {@code kind: int32, dboid: uint32, objoid: uint32}; 18+: {@code kind: int32, dboid: uint32,
 * objid_lo: uint32, objid_hi: uint32} (the 64-bit {@code PgStat_HashKey.objid} in two halves). Mirrors
 * {@code xl_xact_stats_item}, src/include/access/xact.h.
 *
 * @param kind  {@code kind} (PgStat_Kind)
 * @param dbOid the database OID ({@code xl_xact_stats_item.dboid})
 * @param objId {@code objoid} (15-17, uint32) or {@code objid_hi << 32 | objid_lo} (18+, an unsigned 64-bit value)
 */
public record DroppedStats(int kind, long dbOid, long objId) {
    /** Checks each field against its C type's range and the fields against each other. */
    public DroppedStats {
        FieldChecks.u32(dbOid, "dboid");
    }

    static DroppedStats read(XactLayout layout, PayloadCursor c) {
        int kind = c.i32("xl_xact_stats_item.kind");
        long db = c.u32("xl_xact_stats_item.dboid");
        return switch (layout) {
            case PG15 -> new DroppedStats(kind, db, c.u32("xl_xact_stats_item.objoid"));
            case PG18 -> {
                long lo = c.u32("xl_xact_stats_item.objid_lo");
                long hi = c.u32("xl_xact_stats_item.objid_hi");
                yield new DroppedStats(kind, db, hi << 32 | lo);
            }
            case PG13 -> throw new InvalidPayloadException(c.part(), c.position(), "no dropped stats before 15");
        };
    }

    void write(XactLayout layout, PayloadWriter w) {
        w.u32(kind).u32(dbOid);
        switch (layout) {
            case PG15 -> w.u32(objId);
            case PG18 -> w.u32(objId & 0xFFFFFFFFL).u32(objId >>> 32);
            case PG13 -> throw new IllegalStateException("no dropped stats before 15");
        }
    }
}
