package org.walprism.analyzer.categories;

import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Resource-manager and record-type names keyed as pg_waldump's {@code --stats=record} groups records, taken
 * from {@link RmgrTable}.
 */
public final class RecordNames {
    private RecordNames() {
    }

    /** Name of resource manager {@code rmid} ({@code custom%03d} for custom ids, {@code rmid%d} if invalid). */
    public static String rmgrName(WalVersion version, int rmid) {
        String n = RmgrTable.name(version, rmid);
        return n != null ? n : "rmid" + rmid;
    }

    /** The per-type key of {@code --stats=record}: {@code xl_info >> 4}, Transaction {@code (xl_info >> 4) & 7}. */
    public static int typeKey(int rmid, int info) {
        return RmgrTable.statsRecordId(rmid, info);
    }

    /** {@code Rmgr/TYPE} of a type key, {@code Rmgr/UNKNOWN (xx)} when the version has no such type. */
    public static String typeName(WalVersion version, int rmid, int key) {
        return rmgrName(version, rmid) + "/" + RmgrTable.recordTypeName(version, rmid, key << 4);
    }
}
