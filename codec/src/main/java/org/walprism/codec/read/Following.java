package org.walprism.codec.read;

import org.walprism.codec.Lsn;

/**
 * How a {@link WalReader} follows a growing {@link LiveSource}, as pg_waldump {@code --follow} does: at the end of the
 * written WAL it asks the caller's {@link WalReader.Idle} and waits for the source, and a record that fails to validate
 * where the source may still be writing is taken as incomplete for a while rather than corrupt.
 */
final class Following {
    /** How long a following reader waits for WAL between two looks. */
    static final long FOLLOW_POLL_MILLIS = 200;
    /**
     * How long a record that fails to validate in a live file may keep failing before it is reported: a page
     * read while the server writes it can hold part of a record (pg_waldump --follow retries for ever).
     */
    static final long TORN_GRACE_NANOS = 10_000_000_000L;

    private final LiveSource live;
    private final WalReader.Idle idle;
    private long failingLsn = -1;
    private long failingSince;

    Following(LiveSource live, WalReader.Idle idle) {
        this.live = live;
        this.idle = idle;
    }

    /** A record was read: a failure before it is forgotten. */
    void recordRead() {
        failingLsn = -1;
    }

    /**
     * Asks the caller whether to go on, then waits up to {@link #FOLLOW_POLL_MILLIS} for WAL past {@code at}.
     *
     * @return false to stop: the caller said so, or the source ended
     */
    boolean await(long at) {
        return idle.idle(Lsn.of(at)) && live.await(at, FOLLOW_POLL_MILLIS);
    }

    /**
     * Whether a record at {@code at} that failed to validate may only be incomplete: it reaches ({@code needEnd})
     * past the bytes the source has for certain, or (a file being written) it has not failed for longer than
     * {@link #TORN_GRACE_NANOS}.
     */
    boolean incomplete(long at, long needEnd) {
        long avail = live.availableEnd();
        if (avail >= 0) {
            return Long.compareUnsigned(avail, needEnd) < 0;
        }
        long now = System.nanoTime();
        if (failingLsn != at) {
            failingLsn = at;
            failingSince = now;
        }
        return now - failingSince < TORN_GRACE_NANOS;
    }
}
