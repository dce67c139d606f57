package org.walprism.codec.read;

/**
 * A {@link SegmentSource} whose WAL grows while it is read: a live {@code pg_wal} directory that a server writes
 * ({@code org.walprism.source.FollowedDirectory}), or the bytes of a replication stream ({@code ReceivedWal}). Bytes not there yet
 * read as zeros, as the unwritten part of a pre-allocated segment file does, so the reader sees the end of
 * the written WAL where they begin; a reader opened with {@link WalReader#follow} then waits through
 * {@link #await} and reads again.
 */
public interface LiveSource extends SegmentSource {

    /**
     * Waits up to {@code timeoutMillis} for WAL past {@code lsn}, where the reader stopped (the record it waits
     * for starts there, so bytes before that page are no longer needed).
     *
     * @return false when no more WAL will come (the source ended)
     */
    boolean await(long lsn, long timeoutMillis);

    /**
     * The LSN up to which the bytes are final, or -1 when the source cannot tell (a file the server may be
     * writing: its last page can be read half written). A record that fails to validate and reaches past this
     * LSN is not complete yet rather than corrupt.
     */
    default long availableEnd() {
        return -1;
    }
}
