package org.walprism.analyzer.vacuums;

import java.util.EnumMap;
import java.util.Map;
import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * What a record can mean to a vacuum run, by resource manager and record type: one lookup per record in a table
 * built once per version from the names PostgreSQL's {@code rm_identify} functions give ({@link RmgrTable#identify}).
 */
final class RecordKind {
    /** Nothing a vacuum run writes, or written by another process (checkpoints, RUNNING_XACTS, ...). */
    static final int NONE = 0;
    /** 13 CLEAN / 14-16 PRUNE: VACUUM's first pass or on-access pruning (the record does not say which). */
    static final int PRUNE_AMBIGUOUS = 1;
    /** FREEZE_PAGE, PRUNE_VACUUM_SCAN: VACUUM's first heap pass, nobody else writes them. */
    static final int HEAP_SCAN = 2;
    /** VACUUM (14-16), PRUNE_VACUUM_CLEANUP (17+), CLEANUP_INFO (13): VACUUM's second heap pass. */
    static final int HEAP_CLEANUP = 3;
    /** VISIBLE (13-18): visibility-map bits of one heap page. */
    static final int VISIBLE = 4;
    /** Any record of an index access method (Btree, Hash, Gin, Gist, SPGist, BRIN). */
    static final int INDEX = 5;
    /** Heap INPLACE: vac_update_relstats / vac_update_datfrozenxid (and ANALYZE, CREATE INDEX). */
    static final int INPLACE = 6;
    /** Storage TRUNCATE: lazy_truncate_heap. */
    static final int SMGR_TRUNCATE = 7;
    /** Storage CREATE: a new relfilenode. */
    static final int SMGR_CREATE = 8;
    /** Standby LOCK: an AccessExclusiveLock (truncation takes one, and assigns an xid for it). */
    static final int STANDBY_LOCK = 9;
    /** Standby INVALIDATIONS: end of a transaction without an xid that sent invalidations. */
    static final int INVALIDATIONS = 10;
    /** Transaction COMMIT / ABORT. */
    static final int XACT_END = 11;
    /** XLOG FPI_FOR_HINT: a page image logged for a hint-bit change (checksums or wal_log_hints). */
    static final int FPI_FOR_HINT = 12;
    /** XLOG FPI: pages logged whole (VACUUM logs new, empty pages so). */
    static final int FPI = 13;
    /** CLOG TRUNCATE, MultiXact TRUNCATE_ID, CommitTs TRUNCATE: vac_truncate_clog after a datfrozenxid update. */
    static final int SLRU_TRUNCATE = 14;
    /** RelMap UPDATE: new relfilenodes of mapped catalogs. */
    static final int RELMAP = 15;
    /** Heap INSERT / UPDATE / HOT_UPDATE (with or without +INIT): a new pg_class row may name a relfilenode. */
    static final int HEAP_WRITE = 16;

    private static final Map<WalVersion, byte[]> TABLES = new EnumMap<>(WalVersion.class);

    private RecordKind() {
    }

    /** The kinds of {@code version}, indexed by {@code rmid * 256 + xl_info}. */
    static synchronized byte[] table(WalVersion version) {
        return TABLES.computeIfAbsent(version, RecordKind::build);
    }

    private static byte[] build(WalVersion v) {
        byte[] t = new byte[256 * 256];
        for (int rmid = 0; rmid <= RmgrTable.XLOG2; rmid++) {
            if (!RmgrTable.isBuiltin(v, rmid)) {
                continue;
            }
            for (int info = 0; info < 256; info++) {
                String name = RmgrTable.identify(v, rmid, info);
                t[rmid * 256 + info] = (byte) (name == null ? NONE : kind(rmid, name));
            }
        }
        return t;
    }

    private static int kind(int rmid, String name) {
        return switch (rmid) {
            case RmgrTable.HEAP2 -> switch (name) {
                case "CLEAN", "PRUNE" -> PRUNE_AMBIGUOUS;
                case "FREEZE_PAGE", "PRUNE_VACUUM_SCAN" -> HEAP_SCAN;
                case "VACUUM", "PRUNE_VACUUM_CLEANUP", "CLEANUP_INFO" -> HEAP_CLEANUP;
                case "VISIBLE" -> VISIBLE;
                default -> NONE;
            };
            case RmgrTable.BTREE, RmgrTable.HASH, RmgrTable.GIN, RmgrTable.GIST, RmgrTable.SPGIST, RmgrTable.BRIN ->
                    INDEX;
            case RmgrTable.HEAP -> switch (name) {
                case "INPLACE" -> INPLACE;
                case "INSERT", "INSERT+INIT", "UPDATE", "UPDATE+INIT", "HOT_UPDATE", "HOT_UPDATE+INIT" -> HEAP_WRITE;
                default -> NONE;
            };
            case RmgrTable.STORAGE -> switch (name) {
                case "TRUNCATE" -> SMGR_TRUNCATE;
                case "CREATE" -> SMGR_CREATE;
                default -> NONE;
            };
            case RmgrTable.STANDBY -> switch (name) {
                case "LOCK" -> STANDBY_LOCK;
                case "INVALIDATIONS" -> INVALIDATIONS;
                default -> NONE;
            };
            case RmgrTable.TRANSACTION -> name.equals("COMMIT") || name.equals("ABORT") ? XACT_END : NONE;
            case RmgrTable.XLOG -> switch (name) {
                case "FPI_FOR_HINT" -> FPI_FOR_HINT;
                case "FPI" -> FPI;
                default -> NONE;
            };
            case RmgrTable.CLOG, RmgrTable.COMMIT_TS -> name.equals("TRUNCATE") ? SLRU_TRUNCATE : NONE;
            case RmgrTable.MULTIXACT -> name.equals("TRUNCATE_ID") ? SLRU_TRUNCATE : NONE;
            case RmgrTable.RELMAP -> RELMAP;
            default -> NONE;
        };
    }
}
