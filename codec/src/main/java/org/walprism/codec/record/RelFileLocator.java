package org.walprism.codec.record;

/**
 * {@code RelFileLocator} (16+) / {@code RelFileNode} (13-15): tablespace, database, relfilenumber.
 *
 * <p>{@code RelFileLocator => spcOid: uint32, dbOid: uint32, relNumber: uint32}. Identical bytes in
 * every version; only PostgreSQL's C names changed in 16. Printed {@code spc/db/rel}.
 */
public record RelFileLocator(long spcOid, long dbOid, long relNumber) {
    @Override
    public String toString() {
        return spcOid + "/" + dbOid + "/" + relNumber;
    }
}
