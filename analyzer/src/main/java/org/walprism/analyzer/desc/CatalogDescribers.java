package org.walprism.analyzer.desc;

import org.walprism.codec.WalVersion;

/**
 * Describers of the small system resource managers: Storage, CLOG, Database, Tablespace, MultiXact,
 * RelMap and Sequence (smgrdesc.c, clogdesc.c, dbasedesc.c, tblspcdesc.c, mxactdesc.c, relmapdesc.c,
 * seqdesc.c in src/backend/access/rmgrdesc/).
 */
public final class CatalogDescribers {
    private CatalogDescribers() {
    }

    /** Whether SLRU page numbers are int64 ({@code %lld}, 17+) rather than int32. */
    private static boolean wideSlruPages(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16 -> false;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    private static DescData data(DescRecord r, String what) {
        return r.mainData(what + " main data");
    }

    /**
     * Storage (rmgr 2). {@code xl_smgr_create => rlocator: RelFileLocator, forkNum: int32};
     * {@code xl_smgr_truncate => blkno: uint32, rlocator: RelFileLocator, flags: int32}.
     */
    public static final RmgrDescriber STORAGE = RmgrDescriber.ofText(r -> {
        DescData d = data(r, "Storage");
        return switch (r.info() & 0xF0) {
            case 0x10 -> DescFormat.relpath(r.version(), d.u32(0, "spcOid"), d.u32(4, "dbOid"), d.u32(8, "relNumber"),
                    d.i32(12, "forkNum"));
            case 0x20 -> DescFormat.relpath(r.version(), d.u32(4, "spcOid"), d.u32(8, "dbOid"), d.u32(12, "relNumber"), 0)
                    + " to " + d.u32(0, "blkno") + " blocks flags " + d.i32(16, "flags");
            default -> "";
        };
    });

    /** CLOG (rmgr 3). ZEROPAGE: {@code pageno: int32 | int64 (17+)}; TRUNCATE: {@code xl_clog_truncate}. */
    public static final RmgrDescriber CLOG = RmgrDescriber.ofText(r -> {
        DescData d = data(r, "CLOG");
        boolean wide = wideSlruPages(r.version());
        long pageno = wide ? d.i64(0, "pageno") : d.i32(0, "pageno");
        return switch (r.info() & 0xF0) {
            case 0x00 -> "page " + pageno;
            case 0x10 -> "page " + pageno + "; oldestXact " + d.u32(wide ? 8 : 4, "oldestXact");
            default -> "";
        };
    });

    /** Whether the Database rmgr has the 15+ codes (CREATE_FILE_COPY, CREATE_WAL_LOG, DROP). */
    private static boolean walLogCreate(WalVersion v) {
        return switch (v) {
            case PG13, PG14 -> false;
            case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /**
     * Database (rmgr 4). {@code xl_dbase_create_file_copy_rec => db_id, tablespace_id, src_db_id,
     * src_tablespace_id: uint32}; {@code xl_dbase_create_wal_log_rec => db_id, tablespace_id};
     * {@code xl_dbase_drop_rec => db_id: uint32, ntablespaces: int32, tablespace_ids: uint32[]}.
     */
    public static final RmgrDescriber DATABASE = RmgrDescriber.ofText(r -> {
        DescData d = data(r, "Database");
        int info = r.info() & 0xF0;
        boolean v15 = walLogCreate(r.version());
        if (info == 0x00) {
            return "copy dir " + d.u32(12, "src_tablespace_id") + "/" + d.u32(8, "src_db_id") + " to "
                    + d.u32(4, "tablespace_id") + "/" + d.u32(0, "db_id");
        } else if (v15 && info == 0x10) {
            return "create dir " + d.u32(4, "tablespace_id") + "/" + d.u32(0, "db_id");
        } else if (info == (v15 ? 0x20 : 0x10)) {
            StringBuilder sb = new StringBuilder("dir");
            long db = d.u32(0, "db_id");
            int n = d.count(d.i32(4, "ntablespaces"), 8, 4, "tablespace_ids");
            for (int i = 0; i < n; i++) {
                sb.append(' ').append(d.u32(8 + 4 * i, "tablespace_ids")).append('/').append(db);
            }
            return sb.toString();
        }
        return "";
    });

    /** Tablespace (rmgr 5). CREATE: {@code ts_id: uint32, ts_path: cstring}; DROP: {@code ts_id}. */
    public static final RmgrDescriber TABLESPACE = RmgrDescriber.ofText(r -> {
        DescData d = data(r, "Tablespace");
        return switch (r.info() & 0xF0) {
            case 0x00 -> d.u32(0, "ts_id") + " \"" + d.cstring(4, Integer.MAX_VALUE, "ts_path") + "\"";
            case 0x10 -> Long.toString(d.u32(0, "ts_id"));
            default -> "";
        };
    });

    /** Whether MultiXactOffset is uint64 (19+). */
    private static boolean wideMultiOffsets(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> false;
            case PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    private static final String[] MEMBER_STATUS = {"(keysh) ", "(sh) ", "(fornokeyupd) ", "(forupd) ",
        "(nokeyupd) ", "(upd) "};

    /**
     * MultiXact (rmgr 6). {@code xl_multixact_create => mid: uint32, moff: uint32 | (pad 4, uint64 19+),
     * nmembers: int32, members: {xid: uint32, status: int32}[]}; {@code xl_multixact_truncate =>
     * oldestMultiDB, startTruncOff, endTruncOff, startTruncMemb, endTruncMemb: uint32} (13-18) or
     * {@code oldestMultiDB, oldestMulti: uint32, oldestOffset: uint64} (19+).
     */
    public static final RmgrDescriber MULTIXACT = RmgrDescriber.ofText(r -> {
        DescData d = data(r, "MultiXact");
        boolean wideOff = wideMultiOffsets(r.version());
        switch (r.info() & 0xF0) {
            case 0x00, 0x10:
                return Long.toString(wideSlruPages(r.version()) ? d.i64(0, "pageno") : d.i32(0, "pageno"));
            case 0x20: {
                int nOff = wideOff ? 16 : 8;
                int n = d.count(d.i32(nOff, "nmembers"), nOff + 4, 8, "members");
                StringBuilder sb = new StringBuilder();
                sb.append(d.u32(0, "mid")).append(" offset ")
                        .append(wideOff ? Long.toUnsignedString(d.i64(8, "moff")) : Long.toString(d.u32(4, "moff")))
                        .append(" nmembers ").append(n).append(": ");
                for (int i = 0; i < n; i++) {
                    int o = nOff + 4 + 8 * i;
                    int status = d.i32(o + 4, "status");
                    sb.append(d.u32(o, "xid")).append(' ')
                            .append(status >= 0 && status < MEMBER_STATUS.length ? MEMBER_STATUS[status] : "(unk) ");
                }
                return sb.toString();
            }
            case 0x30:
                if (wideOff) {
                    return "oldestMulti " + d.u32(4, "oldestMulti") + ", oldestOffset "
                            + Long.toUnsignedString(d.i64(8, "oldestOffset"));
                }
                return "offsets [" + d.u32(4, "startTruncOff") + ", " + d.u32(8, "endTruncOff") + "), members ["
                        + d.u32(12, "startTruncMemb") + ", " + d.u32(16, "endTruncMemb") + ")";
            default:
                return "";
        }
    });

    /** Whether RelMap prints its size with {@code %d} (15+) rather than {@code %u}. */
    private static boolean signedRelmapSize(WalVersion v) {
        return switch (v) {
            case PG13, PG14 -> false;
            case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /** RelMap (rmgr 7). {@code xl_relmap_update => dbid: uint32, tsid: uint32, nbytes: int32, data}. */
    public static final RmgrDescriber RELMAP = RmgrDescriber.ofText(r -> {
        if ((r.info() & 0xF0) != 0x00) {
            return "";
        }
        DescData d = data(r, "RelMap");
        int nbytes = d.i32(8, "nbytes");
        return "database " + d.u32(0, "dbid") + " tablespace " + d.u32(4, "tsid") + " size "
                + (signedRelmapSize(r.version()) ? Integer.toString(nbytes) : Integer.toUnsignedString(nbytes));
    });

    /** Sequence (rmgr 15). {@code xl_seq_rec => locator: RelFileLocator}, then the tuple. */
    public static final RmgrDescriber SEQUENCE = RmgrDescriber.ofText(r -> {
        if ((r.info() & 0xF0) != 0x00) {
            return "";
        }
        DescData d = data(r, "Sequence");
        return "rel " + d.u32(0, "spcOid") + "/" + d.u32(4, "dbOid") + "/" + d.u32(8, "relNumber");
    });
}
