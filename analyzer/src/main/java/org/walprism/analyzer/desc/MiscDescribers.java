package org.walprism.analyzer.desc;

import org.walprism.codec.WalVersion;

/**
 * Describers of CommitTs (18), ReplicationOrigin (19), Generic (20), LogicalMessage (21) and custom resource
 * managers (committsdesc.c, replorigindesc.c, genericdesc.c, logicalmsgdesc.c in src/backend/access/rmgrdesc/,
 * {@code default_desc} in src/bin/pg_waldump/rmgrdesc.c).
 */
public final class MiscDescribers {
    private MiscDescribers() {
    }

    private static DescData data(DescRecord r, String what) {
        return r.mainData(what + " main data");
    }

    /** Whether SLRU page numbers are int64 (17+) rather than int32. */
    private static boolean wideSlruPages(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16 -> false;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /** Whether CommitTs still has COMMIT_TS_SETTS (0x20, removed in 14; never written by 13 servers). */
    private static boolean hasSetTs(WalVersion v) {
        return switch (v) {
            case PG13 -> true;
            case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> false;
        };
    }

    /**
     * CommitTs (rmgr 18). ZEROPAGE: {@code pageno: int32 | int64 (17+)}; TRUNCATE: {@code xl_commit_ts_truncate
     * => pageno: int32 | int64 (17+), oldestXid: uint32}; 13's SETTS: {@code xl_commit_ts_set => timestamp: int64,
     * nodeid: uint16, pad: 2, mainxid: uint32, subxids: uint32[]}.
     */
    public static RmgrDescriber commitTs(TimestampStyle ts) {
        return RmgrDescriber.ofText(r -> {
            DescData d = data(r, "CommitTs");
            boolean wide = wideSlruPages(r.version());
            return switch (r.info() & 0xF0) {
                case 0x00 -> Long.toString(wide ? d.i64(0, "pageno") : d.i32(0, "pageno"));
                case 0x10 -> "pageno " + (wide ? d.i64(0, "pageno") : d.i32(0, "pageno")) + ", oldestXid "
                        + d.u32(wide ? 8 : 4, "oldestXid");
                case 0x20 -> hasSetTs(r.version()) ? setTs(d, ts) : "";
                default -> "";
            };
        });
    }

    private static String setTs(DescData d, TimestampStyle ts) {
        StringBuilder sb = new StringBuilder("set ").append(DescFormat.timestamptz(d.i64(0, "timestamp"), ts))
                .append('/').append(d.u16(8, "nodeid")).append(" for: ").append(d.u32(12, "mainxid"));
        int n = (d.length() - 16) / 4;
        for (int i = 0; i < n; i++) {
            sb.append(", ").append(d.u32(16 + 4 * i, "subxids"));
        }
        return sb.toString();
    }

    /**
     * ReplicationOrigin (rmgr 19). SET: {@code xl_replorigin_set => remote_lsn: uint64, node_id: uint16,
     * force: bool}; DROP: {@code xl_replorigin_drop => node_id: uint16}.
     */
    public static final RmgrDescriber REPLICATION_ORIGIN = RmgrDescriber.ofText(r -> {
        DescData d = data(r, "ReplicationOrigin");
        return switch (r.info() & 0xF0) {
            case 0x00 -> "set " + d.u16(8, "node_id") + "; lsn " + DescFormat.lsn(r.version(), d.i64(0, "remote_lsn"))
                    + "; force: " + d.u8(10, "force");
            case 0x10 -> "drop " + d.u16(0, "node_id");
            default -> "";
        };
    });

    /** Generic (rmgr 20): main data is a run of {@code offset: uint16, length: uint16, bytes[length]} fragments. */
    public static final RmgrDescriber GENERIC = RmgrDescriber.ofText(r -> {
        DescData d = data(r, "Generic");
        StringBuilder sb = new StringBuilder();
        int at = 0;
        int end = d.length();
        while (at < end) {
            int offset = d.u16(at, "offset");
            int length = d.u16(at + 2, "length");
            at += 4 + length;
            sb.append("offset ").append(offset).append(", length ").append(length);
            if (at < end) {
                sb.append("; ");
            }
        }
        return sb.toString();
    });

    /** Whether the message desc prints the prefix and payload bytes (14+) rather than only the size (13). */
    private static boolean printsPayload(WalVersion v) {
        return switch (v) {
            case PG13 -> false;
            case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /**
     * LogicalMessage (rmgr 21). {@code xl_logical_message => dbId: uint32, transactional: bool, pad: 3,
     * prefix_size: uint64, message_size: uint64, message: prefix (NUL-terminated) then payload}.
     */
    public static final RmgrDescriber LOGICAL_MESSAGE = RmgrDescriber.ofText(r -> {
        if ((r.info() & 0xF0) != 0x00) {
            return "";
        }
        DescData d = data(r, "LogicalMessage");
        boolean transactional = d.bool(4, "transactional");
        long prefixSize = d.i64(8, "prefix_size");
        long messageSize = d.i64(16, "message_size");
        if (!printsPayload(r.version())) {
            return (transactional ? "transactional" : "nontransactional") + " message size "
                    + Long.toUnsignedString(messageSize) + " bytes";
        }
        int prefixLen = d.count(prefixSize, 24, 1, "prefix bytes");
        int payloadLen = d.count(messageSize, 24 + prefixLen, 1, "payload bytes");
        StringBuilder sb = new StringBuilder(transactional ? "transactional" : "non-transactional")
                .append(", prefix \"").append(d.cstring(24, prefixLen, "prefix")).append("\"; payload (")
                .append(payloadLen).append(" bytes): ");
        for (int i = 0; i < payloadLen; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(DescFormat.hex2(d.u8(24 + prefixLen + i, "payload")));
        }
        return sb.toString();
    });

    /** pg_waldump's {@code default_desc} for a custom resource manager (15+): {@code rmid: N}. */
    public static final RmgrDescriber CUSTOM = (r, sb) -> sb.append("rmid: ").append(r.rmid());
}
