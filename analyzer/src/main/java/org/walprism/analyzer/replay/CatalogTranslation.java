package org.walprism.analyzer.replay;

import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap.HeapType;

/**
 * Heap INPLACE (rmgr 10), the SLRU records (CLOG 3, CommitTs 18, MultiXact 6) and Database (4) in another major's
 * layout.
 */
final class CatalogTranslation {
    private CatalogTranslation() {
    }

    /** Whether SLRU page numbers are 64-bit in {@code v} (17+: int64 pageno, access/slru.h). */
    private static boolean widePages(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16 -> false;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /** Whether MultiXactOffset is 64-bit in {@code v} (19+, access/multixact.h). */
    private static boolean wideOffsets(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> false;
            case PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /** Whether {@code v} has the 15 Database codes (CREATE_FILE_COPY 0x00, CREATE_WAL_LOG 0x10, DROP 0x20). */
    private static boolean walLogCreate(WalVersion v) {
        return switch (v) {
            case PG13, PG14 -> false;
            case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /** Whether {@code v}'s {@code xl_heap_inplace} carries the invalidations (18+). */
    private static boolean inplaceInvals(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16, PG17 -> false;
            case PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    static void apply(Translator t, Translator.Rec r) {
        switch (r.src.rmid()) {
            case RmgrTable.HEAP -> {
                if ((r.info & HeapType.XLOG_HEAP_OPMASK) == HeapType.XLOG_HEAP_INPLACE) {
                    inplace(t, r);
                }
            }
            case RmgrTable.CLOG -> clog(t, r);
            case RmgrTable.COMMIT_TS -> commitTs(t, r);
            case RmgrTable.MULTIXACT -> multixact(t, r);
            default -> database(t, r);
        }
    }

    /**
     * INPLACE, access/heapam_xlog.h {@code xl_heap_inplace}: {@code offnum: uint16} (13-17); 18+ {@code offnum:
     * uint16, dbId: uint32, tsId: uint32, relcacheInitFileInval: bool, nmsgs: int32, msgs[]} (MinSizeOfHeapInplace
     * 20). Going up: dbId and tsId from block 0's RelFileLocator (heap_inplace_update_and_unlock logs MyDatabaseId
     * and MyDatabaseTableSpace: for a shared catalog, whose locator names no database, those are 0 and the global
     * tablespace here), relcacheInitFileInval false and no messages (17 sent them without logging). Going down they
     * are dropped.
     */
    private static void inplace(Translator t, Translator.Rec r) {
        boolean up = inplaceInvals(t.to());
        if (up == inplaceInvals(t.from())) {
            return;
        }
        if (r.main.length < (up ? 2 : 20)) {
            throw t.fail(r, "main data of " + r.main.length + " bytes (expected: xl_heap_inplace)");
        }
        if (!up) {
            r.main(LeBytes.resize(r.main, 2));
            return;
        }
        BlockRef b = r.block(0);
        if (b == null) {
            throw t.fail(r, "no block 0 to take dbId and tsId from");
        }
        byte[] m = new byte[20];
        LeBytes.put16(m, 0, LeBytes.u16(r.main, 0));
        LeBytes.put32(m, 4, b.rel().dbOid());
        LeBytes.put32(m, 8, b.rel().spcOid());
        r.main(m);
    }

    /** A 32-bit {@code int} page number widened, or a 64-bit one narrowed (failing when it does not fit). */
    private static byte[] pageno(Translator t, Translator.Rec r, byte[] m) {
        boolean wide = widePages(t.to());
        if (m.length < (wide ? 4 : 8)) {
            throw t.fail(r, "main data of " + m.length + " bytes (expected: a page number)");
        }
        if (wide) {
            byte[] out = LeBytes.splice(m, 0, 4, new byte[8]);
            LeBytes.put64(out, 0, LeBytes.i32(m, 0));
            return out;
        }
        long page = LeBytes.i64(m, 0);
        if (page != (int) page) {
            throw t.fail(r, "page number " + page + " does not fit the 32-bit pageno before 17");
        }
        byte[] out = LeBytes.splice(m, 0, 8, new byte[4]);
        LeBytes.put32(out, 0, page);
        return out;
    }

    /**
     * CLOG ZEROPAGE ({@code int pageno}) and TRUNCATE ({@code xl_clog_truncate => pageno, oldestXact: uint32,
     * oldestXactDb: uint32}), access/clog.h: pageno is {@code int} (13-16) or {@code int64} (17+, 16 bytes with
     * the struct's alignment); the rest is unchanged. Sizes checked against real 13-18 captures.
     */
    private static void clog(Translator t, Translator.Rec r) {
        if (widePages(t.to()) != widePages(t.from())) {
            r.main(pageno(t, r, r.main));
        }
    }

    /**
     * CommitTs ZEROPAGE ({@code int pageno}) and TRUNCATE ({@code xl_commit_ts_truncate => pageno, oldestXid:
     * uint32}, SizeOfCommitTsTruncate = offsetof(oldestXid) + 4), access/commit_ts.h: pageno {@code int} (13-16,
     * 8 bytes) or {@code int64} (17+, 12 bytes).
     */
    private static void commitTs(Translator t, Translator.Rec r) {
        if (widePages(t.to()) != widePages(t.from())) {
            r.main(pageno(t, r, r.main));
        }
    }

    /**
     * MultiXact, access/multixact.h: ZERO_OFF_PAGE / ZERO_MEM_PAGE carry {@code int pageno} (13-16) or {@code int64}
     * (17+). CREATE_ID {@code xl_multixact_create => mid: uint32, moff: uint32, nmembers: int32, members[]} (13-18),
     * {@code mid: uint32, pad: 4, moff: uint64, nmembers: int32, members[]} (19+): going down the offset wraps to 32
     * bits as 13-18 offsets do. TRUNCATE_ID {@code xl_multixact_truncate => oldestMultiDB, startTruncOff,
     * endTruncOff, startTruncMemb, endTruncMemb: uint32} (13-18), {@code oldestMultiDB, oldestMulti: uint32,
     * oldestOffset: uint64} (19+): going up the new oldest values are the ends of the truncated ranges; going down
     * the starts are not logged by 19.
     */
    private static void multixact(Translator t, Translator.Rec r) {
        switch (r.info & 0xF0) {
            case 0x00, 0x10 -> {
                if (widePages(t.to()) != widePages(t.from())) {
                    r.main(pageno(t, r, r.main));
                }
            }
            case 0x20 -> {
                boolean wide = wideOffsets(t.to());
                if (wide == wideOffsets(t.from())) {
                    return;
                }
                byte[] m = r.main;
                if (m.length < (wide ? 12 : 20)) {
                    throw t.fail(r, "main data of " + m.length + " bytes (expected: xl_multixact_create)");
                }
                if (wide) {
                    byte[] out = LeBytes.splice(m, 4, 4, new byte[12]);
                    LeBytes.put64(out, 8, LeBytes.u32(m, 4));
                    r.main(out);
                } else {
                    byte[] out = LeBytes.splice(m, 4, 12, new byte[4]);
                    LeBytes.put32(out, 4, LeBytes.i64(m, 8));
                    r.main(out);
                }
            }
            case 0x30 -> {
                boolean wide = wideOffsets(t.to());
                if (wide == wideOffsets(t.from())) {
                    return;
                }
                if (!wide) {
                    throw t.fail(r, "19 does not log the start of the truncated ranges that 13-18 log");
                }
                byte[] m = r.main;
                if (m.length < 20) {
                    throw t.fail(r, "main data of " + m.length + " bytes (expected: xl_multixact_truncate)");
                }
                byte[] out = new byte[16];
                LeBytes.put32(out, 0, LeBytes.u32(m, 0));
                LeBytes.put32(out, 4, LeBytes.u32(m, 8));
                LeBytes.put64(out, 8, LeBytes.u32(m, 16));
                r.main(out);
            }
            default -> {
            }
        }
    }

    /**
     * Database, access/dbcommands_xlog.h: 13-14 CREATE 0x00, DROP 0x10; 15+ CREATE_FILE_COPY 0x00 (the 13 CREATE
     * struct), CREATE_WAL_LOG 0x10, DROP 0x20 (same {@code xl_dbase_drop_rec}). A WAL_LOG creation (pages logged as
     * images) has no 13-14 form.
     */
    private static void database(Translator t, Translator.Rec r) {
        boolean to15 = walLogCreate(t.to());
        boolean from15 = walLogCreate(t.from());
        if (to15 == from15) {
            return;
        }
        int code = r.info & 0xF0;
        if (from15) {
            if (code == 0x10) {
                throw t.fail(r, "a WAL_LOG database creation has no form before 15");
            }
            if (code == 0x20) {
                r.code(0x10);
            }
        } else if (code == 0x10) {
            r.code(0x20);
        }
    }
}
