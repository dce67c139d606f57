package org.walprism.codec.rmgr.xact;

import java.time.Instant;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * A typed Transaction ({@code RM_XACT_ID}, rmid 1) record: transaction ends (COMMIT, ABORT, their PREPARED
 * forms), PREPARE TRANSACTION, subtransaction ASSIGNMENT and INVALIDATIONS (14+). Transaction records carry no
 * block data; {@link #encode()} gives back the exact main data. Decode with {@link XactCodec#decode}.
 */
public sealed interface XactRecord permits XactCommit, XactAbort, XactPrepare, XactAssignment, XactInvalidations {

    /** The record kind. */
    XactType type();

    /** The main data of this record. */
    RecordPayload encode();

    /** {@code POSTGRES_EPOCH_JDATE} as a Unix time in seconds: 2000-01-01 00:00:00 UTC. */
    long POSTGRES_EPOCH_UNIX_SECONDS = 946_684_800L;

    /** A {@code TimestampTz} (microseconds since 2000-01-01 UTC) as an instant. */
    static Instant toInstant(long timestampTz) {
        return Instant.ofEpochSecond(POSTGRES_EPOCH_UNIX_SECONDS + Math.floorDiv(timestampTz, 1_000_000L),
                Math.floorMod(timestampTz, 1_000_000L) * 1000L);
    }
}
