package org.walprism.analyzer.replay;

import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;

/**
 * A range replay cannot translate within its memory bound (the CLI: exit 2, replay a shorter range): what the
 * bound is and the LSN of the record that reached it.
 */
public final class ReplayLimitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long lsn;
    private final transient WalVersion version;

    /** The record at {@code lsn} of {@code version}'s WAL reached the limit {@code what} describes. */
    public ReplayLimitException(long lsn, WalVersion version, String what) {
        super(what, null, false, false);
        this.lsn = lsn;
        this.version = version;
    }

    /** The LSN of the record, printed as {@code version}'s pg_waldump prints it. */
    public String lsnText() {
        return Lsn.of(lsn).format(version);
    }

    /** The LSN of the record that reached the limit. */
    public Lsn lsn() {
        return Lsn.of(lsn);
    }
}
