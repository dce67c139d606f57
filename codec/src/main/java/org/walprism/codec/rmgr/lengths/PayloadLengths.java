package org.walprism.codec.rmgr.lengths;

import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Whether a record's main data and block data hold every field its layout declares: the fields the resource
 * manager's {@code rm_desc} reads (src/backend/access/rmgrdesc/*.c), counts inside the payload included. A
 * length-only walk over the bytes: nothing is decoded into values, nothing formatted, nothing allocated.
 *
 * <p>The rules are exactly what pg_waldump's desc text needs of each record type, version by version: a record
 * they accept is one walprism's describer prints without error, one they reject is one it rejects (the
 * analyzer's DescLengthRulesTest holds the two together on every resource manager, {@code xl_info} and version).
 * Heap2's common records are walked by {@link org.walprism.codec.rmgr.heap2.Heap2PartsScan} and the analyzer's
 * raw Heap2 describer; here only {@code XLOG_HEAP2_REWRITE} ({@link #heap2Rewrite}).
 */
public final class PayloadLengths {
    private PayloadLengths() {
    }

    /**
     * Whether {@code v}'s payload holds what its layout declares.
     *
     * @throws IllegalArgumentException for a Heap2 record (see the class comment)
     */
    public static boolean accepts(RecordView v) {
        int info = v.info();
        return switch (v.rmid()) {
            case RmgrTable.XLOG -> SystemLengths.xlog(v, info);
            case RmgrTable.TRANSACTION -> SystemLengths.xact(v, info);
            case RmgrTable.STORAGE -> SystemLengths.storage(v, info);
            case RmgrTable.CLOG -> SystemLengths.clog(v, info);
            case RmgrTable.DATABASE -> SystemLengths.database(v, info);
            case RmgrTable.TABLESPACE -> SystemLengths.tablespace(v, info);
            case RmgrTable.MULTIXACT -> SystemLengths.multixact(v, info);
            case RmgrTable.RELMAP, RmgrTable.SEQUENCE -> (info & 0xF0) != 0x00 || v.mainDataLength() >= 12;
            case RmgrTable.STANDBY -> SystemLengths.standby(v, info);
            case RmgrTable.HEAP2 -> throw new IllegalArgumentException("Heap2 records are walked by Heap2PartsScan");
            case RmgrTable.HEAP -> SystemLengths.heap(v, info);
            case RmgrTable.BTREE -> IndexLengths.btree(v, info);
            case RmgrTable.HASH -> IndexLengths.hash(v, info);
            case RmgrTable.GIN -> IndexLengths.gin(v, info);
            case RmgrTable.GIST -> IndexLengths.gist(v, info);
            case RmgrTable.SPGIST -> IndexLengths.spgist(v, info);
            case RmgrTable.BRIN -> IndexLengths.brin(v, info);
            case RmgrTable.COMMIT_TS -> SystemLengths.commitTs(v, info);
            case RmgrTable.REPLICATION_ORIGIN -> SystemLengths.replicationOrigin(v, info);
            case RmgrTable.GENERIC -> SystemLengths.generic(v);
            case RmgrTable.LOGICAL_MESSAGE -> SystemLengths.logicalMessage(v, info);
            case RmgrTable.XLOG2 -> (info & 0xF0) != 0x00 || v.mainDataLength() >= 4;
            default -> true; // custom and unknown resource managers: pg_waldump reads none of their bytes
        };
    }

    /**
     * {@code XLOG_HEAP2_REWRITE}: {@code xl_heap_rewrite_mapping} (40 bytes) and exactly {@code num_mappings}
     * 36-byte entries after it, no block 0 data.
     */
    public static boolean heap2Rewrite(RecordView v) {
        int m = v.mainDataLength();
        return m >= 40 && m == 40 + 36 * v.u32(v.mainDataIndex() + 24)
                && Parts.block0Length(v, Parts.block0(v)) == 0;
    }
}
