package org.walprism.codec.rmgr.lengths;

import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap.HeapView;

/**
 * Whether a record's main data and block data hold every field its layout declares: the fields the resource
 * manager's {@code rm_desc} reads (src/backend/access/rmgrdesc/*.c), counts inside the payload included. A
 * length-only walk over the bytes: nothing is decoded into values, nothing formatted, nothing allocated.
 *
 * <p>The rules are exactly what pg_waldump's desc text needs of each record type, version by version: a record
 * they accept is one walprism's describer prints without error, one they reject is one it rejects (the
 * analyzer's DescLengthRulesTest holds the two together on every resource manager, {@code xl_info} and version).
 * Heap and Heap2 records are checked by their layout views ({@link HeapView},
 * {@link org.walprism.codec.rmgr.heap2.Heap2View}), which the describers print from.
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
            case RmgrTable.HEAP2 -> throw new IllegalArgumentException("Heap2 records are read by Heap2View");
            case RmgrTable.HEAP -> HeapView.accepts(v);
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
}
