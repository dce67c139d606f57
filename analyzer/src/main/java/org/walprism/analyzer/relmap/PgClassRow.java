package org.walprism.analyzer.relmap;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.walprism.codec.WalVersion;

/**
 * The fixed-width columns of a {@code pg_class} row, read from the tuple's user data (what a Heap INPLACE
 * record logs): who the row describes and the figures VACUUM and ANALYZE store in it.
 *
 * <p>{@code FormData_pg_class => oid: uint32, relname: char[64], relnamespace: uint32, reltype: uint32,
 * reloftype: uint32, relowner: uint32, relam: uint32, relfilenode: uint32, reltablespace: uint32,
 * relpages: int32, reltuples: float4, relallvisible: int32, [relallfrozen: int32 (18+)], reltoastrelid: uint32,
 * relhasindex: bool, relisshared: bool, relpersistence: char, relkind: char, relnatts: int16, relchecks: int16,
 * relhasrules .. relispartition: 8 x bool/char, relrewrite: uint32, relfrozenxid: uint32, relminmxid: uint32}, then
 * the variable-length columns. All these columns are NOT NULL, so their offsets are fixed.
 *
 * <p>Layout used by: PG13 .. PG17 ({@link Layout#PG13}); PG18, PG19, master ({@link Layout#PG18}: relallfrozen).
 * Mirrors src/include/catalog/pg_class.h of each branch.
 *
 * @param oid           {@code oid}
 * @param relname       {@code relname}
 * @param relnamespace  {@code relnamespace}
 * @param relfilenode   {@code relfilenode} (0 for a mapped catalog: see the relation mapper)
 * @param reltablespace {@code reltablespace} (0: the database's default tablespace)
 * @param relpages      {@code relpages}
 * @param reltuples     {@code reltuples} (-1: never vacuumed or analyzed, 14+)
 * @param relallvisible {@code relallvisible}
 * @param relallfrozen  {@code relallfrozen} (18+; -1 before)
 * @param relkind       {@code relkind}: r table, i index, t TOAST table, m materialized view, ...
 * @param relfrozenxid  {@code relfrozenxid}
 * @param relminmxid    {@code relminmxid}
 */
public record PgClassRow(long oid, String relname, long relnamespace, long relfilenode, long reltablespace,
                         int relpages, float reltuples, int relallvisible, int relallfrozen, char relkind,
                         long relfrozenxid, long relminmxid) {

    /** Byte offsets of one layout. */
    enum Layout {
        PG13(108), PG18(112);

        /** Offset of {@code reltoastrelid}, after which every column moves by the same amount. */
        final int toastRelId;

        Layout(int toastRelId) {
            this.toastRelId = toastRelId;
        }
    }

    private static final int NAMEDATALEN = 64;

    static Layout layout(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16, PG17 -> Layout.PG13;
            case PG18, PG19_BETA1, PG19_BETA3, PG19 -> Layout.PG18;
        };
    }

    /** Whether the row describes a relation VACUUM processes as a heap: table, TOAST table, materialized view. */
    public boolean isHeap() {
        return relkind == 'r' || relkind == 't' || relkind == 'm';
    }

    /** Whether the row describes an index. */
    public boolean isIndex() {
        return relkind == 'i';
    }

    /**
     * Decodes the row from a tuple's user data, or null when {@code data} is too short or does not look like a
     * pg_class row (a relname that is not NUL-terminated UTF-8, an unknown relkind).
     */
    public static PgClassRow decode(WalVersion version, byte[] data) {
        Layout l = layout(version);
        int end = l.toastRelId + 32;
        if (data == null || data.length < end) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        int nul = 4;
        while (nul < 4 + NAMEDATALEN && data[nul] != 0) {
            nul++;
        }
        if (nul == 4 || nul == 4 + NAMEDATALEN) {
            return null;
        }
        String name = new String(data, 4, nul - 4, StandardCharsets.UTF_8);
        int t = l.toastRelId;
        char kind = (char) (data[t + 7] & 0xFF);
        if ("rituSvmcfp".indexOf(kind) < 0 || kind == 0) {
            return null;
        }
        int relallfrozen = l == Layout.PG18 ? b.getInt(108) : -1;
        return new PgClassRow(u32(b, 0), name, u32(b, 68), u32(b, 88), u32(b, 92), b.getInt(96), b.getFloat(100),
                b.getInt(104), relallfrozen, kind, u32(b, t + 24), u32(b, t + 28));
    }

    private static long u32(ByteBuffer b, int at) {
        return Integer.toUnsignedLong(b.getInt(at));
    }
}
