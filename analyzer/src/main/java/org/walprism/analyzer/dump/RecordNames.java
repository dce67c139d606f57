package org.walprism.analyzer.dump;

import org.walprism.codec.WalVersion;

/**
 * Names pg_waldump prints for a record: the resource manager's {@code rm_name} and the record type from
 * its {@code rm_identify} function.
 */
public interface RecordNames {

    /** {@code rm_name} of {@code rmid} in {@code version} ({@code custom%03d} for custom ids). */
    String rmgrName(WalVersion version, int rmid);

    /** {@code rm_identify(xl_info)}, or null when the identify function knows no name for it. */
    String identify(WalVersion version, int rmid, int info);
}
