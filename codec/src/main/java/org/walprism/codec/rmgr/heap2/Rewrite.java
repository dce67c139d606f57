package org.walprism.codec.rmgr.heap2;

import java.util.Arrays;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * XLOG_HEAP2_REWRITE: logical-decoding rewrite mappings written by CLUSTER / VACUUM FULL of a catalog
 * table at wal_level=logical. The fixed header is typed; the {@code num_mappings} mapping entries
 * ({@code LogicalRewriteMappingData}, 36 bytes each) are carried opaquely. No blocks.
 */
public sealed interface Rewrite extends Heap2Record {

    /** {@code mapped_xid}. */
    long mappedXid();

    /** {@code mapped_db}. */
    long mappedDb();

    /** {@code mapped_rel}. */
    long mappedRel();

    /** {@code offset} (off_t). */
    long offset();

    /** {@code num_mappings}. */
    long numMappings();

    /** {@code start_lsn}. */
    long startLsn();

    /**
     * {@code xl_heap_rewrite_mapping => mapped_xid: uint32, mapped_db: uint32, mapped_rel: uint32, pad: 4,
     * offset: int64, num_mappings: uint32, pad: 4, start_lsn: uint64} (40 bytes), then the mapping entries.
     *
     * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19.
     *
     * <p>Mirrors {@code xl_heap_rewrite_mapping}, src/include/access/heapam_xlog.h, and
     * logical_heap_rewrite_flush_mappings in src/backend/access/heap/rewriteheap.c.
     *
     * @param pad12    struct padding at offset 12, kept for byte-exact encoding
     * @param pad28    struct padding at offset 28
     * @param mappings the mapping entries, opaque
     */
    record Pg13(long mappedXid, long mappedDb, long mappedRel, long pad12, long offset, long numMappings, long pad28,
                long startLsn, byte[] mappings) implements Rewrite {
        /** Bytes of the fixed main data. */
        public static final int SIZE = 40;

        /** Checks each field fits its PostgreSQL type. */
        public Pg13 {
            Checks.u32(mappedXid, "mapped_xid");
            Checks.u32(mappedDb, "mapped_db");
            Checks.u32(mappedRel, "mapped_rel");
            Checks.u32(pad12, "pad");
            Checks.u32(numMappings, "num_mappings");
            Checks.u32(pad28, "pad");
            mappings = mappings == null ? new byte[0] : mappings.clone();
            Checks.that(mappings.length == numMappings * MAPPING_SIZE, "mappings hold num_mappings entries");
        }

        /** {@code sizeof(LogicalRewriteMappingData)}: two RelFileLocators and two ItemPointerData. */
        public static final int MAPPING_SIZE = 36;

        static Pg13 decode(PayloadCursor main) {
            long xid = main.u32("mapped_xid");
            long db = main.u32("mapped_db");
            long rel = main.u32("mapped_rel");
            long pad12 = main.u32("pad");
            long offset = main.i64("offset");
            long n = main.u32("num_mappings");
            long pad28 = main.u32("pad");
            long start = main.i64("start_lsn");
            main.require(n * MAPPING_SIZE, "LogicalRewriteMappingData[num_mappings]");
            byte[] mappings = main.bytes((int) (n * MAPPING_SIZE), "LogicalRewriteMappingData[num_mappings]");
            main.expectEnd("LogicalRewriteMappingData[num_mappings]");
            return new Pg13(xid, db, rel, pad12, offset, n, pad28, start, mappings);
        }

        /** A copy of the mapping bytes. */
        @Override
        public byte[] mappings() {
            return mappings.clone();
        }

        @Override
        public Heap2Payload encode() {
            return new Heap2Payload(new PayloadWriter(SIZE + mappings.length).u32(mappedXid).u32(mappedDb)
                    .u32(mappedRel).u32(pad12).i64(offset).u32(numMappings).u32(pad28).i64(startLsn).bytes(mappings)
                    .toByteArray(), new byte[0]);
        }

        @Override
        public Heap2Parts parts() {
            return new Heap2Parts(SIZE, 0, 0, 0, 0, 0, 0, 0, mappings.length);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Pg13 p && mappedXid == p.mappedXid && mappedDb == p.mappedDb
                    && mappedRel == p.mappedRel && pad12 == p.pad12 && offset == p.offset
                    && numMappings == p.numMappings && pad28 == p.pad28 && startLsn == p.startLsn
                    && Arrays.equals(mappings, p.mappings);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(mappedXid * 31 + mappedRel) * 31 + Arrays.hashCode(mappings);
        }

        @Override
        public String toString() {
            return "Rewrite.Pg13[mapped_xid=" + mappedXid + ", mapped_db=" + mappedDb + ", mapped_rel=" + mappedRel
                    + ", offset=" + offset + ", num_mappings=" + numMappings + ", start_lsn=" + startLsn
                    + ", mappings=" + mappings.length + " bytes]";
        }
    }
}
