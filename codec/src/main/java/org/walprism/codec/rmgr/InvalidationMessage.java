package org.walprism.codec.rmgr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One {@code SharedInvalidationMessage} (16 bytes), as carried by transaction COMMIT, INVALIDATIONS, PREPARE,
 * Standby INVALIDATIONS and Heap INPLACE (18+) records.
 *
 * <p>{@code SharedInvalidationMessage => id: int8, then by id: catcache (>= 0) => pad: 3, dbId: uint32,
 * hashValue: uint32; catalog (-1) => pad: 3, dbId: uint32, catId: uint32; relcache (-2) => pad: 3, dbId: uint32,
 * relId: uint32; smgr (-3) => backend_hi: int8, backend_lo: uint16, rlocator: RelFileLocator; relmap (-4) =>
 * pad: 3, dbId: uint32; snapshot (-5) => pad: 3, dbId: uint32, relId: uint32; relsync (-6, 18+) => pad: 3,
 * dbId: uint32, relid: uint32}. Mirrors src/include/storage/sinval.h. The server does not clear the padding
 * of a message, so the 16 bytes are kept as they are and the fields are read from them.
 */
public final class InvalidationMessage {
    /** {@code sizeof(SharedInvalidationMessage)}. */
    public static final int SIZE = 16;

    private final byte[] raw;

    private InvalidationMessage(byte[] raw) {
        this.raw = raw;
    }

    /** A message from its 16 bytes (copied). */
    public static InvalidationMessage of(byte[] raw) {
        if (raw == null || raw.length != SIZE) {
            throw new IllegalArgumentException("a SharedInvalidationMessage is 16 bytes");
        }
        return new InvalidationMessage(raw.clone());
    }

    /** {@code id}: a catcache id (0 or more) or a negative message type. */
    public int id() {
        return raw[0];
    }

    private long u32(int at) {
        return (raw[at] & 0xFFL) | (raw[at + 1] & 0xFFL) << 8 | (raw[at + 2] & 0xFFL) << 16
                | (raw[at + 3] & 0xFFL) << 24;
    }

    /** {@code dbId} (offset 4) of every message type except smgr. */
    public long dbId() {
        return u32(4);
    }

    /** The uint32 at offset 8: {@code hashValue} (catcache), {@code catId}, {@code relId} or {@code relid}. */
    public long objectId() {
        return u32(8);
    }

    /** The smgr message's {@code rlocator} as spcOid, dbOid, relNumber (offsets 4, 8, 12). */
    public long[] smgrLocator() {
        return new long[] {u32(4), u32(8), u32(12)};
    }

    /** A copy of the 16 bytes. */
    public byte[] toByteArray() {
        return raw.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof InvalidationMessage m && Arrays.equals(raw, m.raw);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(raw);
    }

    @Override
    public String toString() {
        return "InvalidationMessage[id=" + id() + "]";
    }
}
