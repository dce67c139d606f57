package org.walprism.analyzer;

import java.util.Locale;
import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * The names pg_waldump prints for a record: the resource manager's {@code rm_name}, the record type from its
 * {@code rm_identify} function, and the {@code Rmgr/TYPE} key of {@code --stats=record}. One place over
 * {@link RmgrTable} for every analyzer output.
 */
public final class RecordNames {
    private RecordNames() {
    }

    /** {@code rm_name} of {@code rmid} in {@code version} ({@code custom%03d} for ids the version does not name). */
    public static String rmgrName(WalVersion version, int rmid) {
        String name = RmgrTable.name(version, rmid);
        return name != null ? name : String.format(Locale.ROOT, "custom%03d", rmid);
    }

    /** {@code rm_identify(xl_info)}, or null when the identify function knows no name for it. */
    public static String identify(WalVersion version, int rmid, int info) {
        return RmgrTable.identify(version, rmid, info);
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
