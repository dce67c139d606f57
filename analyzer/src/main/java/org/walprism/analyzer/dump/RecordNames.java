package org.walprism.analyzer.dump;

import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Names pg_waldump prints for a record: the resource manager's {@code rm_name} and the record type from
 * its {@code rm_identify} function.
 */
public interface RecordNames {

    /** PostgreSQL's own names, from the codec's {@link RmgrTable}. */
    RecordNames POSTGRES = new RecordNames() {
        @Override
        public String rmgrName(WalVersion version, int rmid) {
            String name = RmgrTable.name(version, rmid);
            return name != null ? name : String.format(java.util.Locale.ROOT, "custom%03d", rmid);
        }

        @Override
        public String identify(WalVersion version, int rmid, int info) {
            return RmgrTable.identify(version, rmid, info);
        }
    };

    /** {@code rm_name} of {@code rmid} in {@code version} ({@code custom%03d} for custom ids). */
    String rmgrName(WalVersion version, int rmid);

    /** {@code rm_identify(xl_info)}, or null when the identify function knows no name for it. */
    String identify(WalVersion version, int rmid, int info);
}
