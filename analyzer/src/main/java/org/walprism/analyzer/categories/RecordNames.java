package org.walprism.analyzer.categories;

import java.util.Locale;
import org.walprism.codec.WalVersion;

/**
 * Resource-manager and record-type names as pg_waldump's {@code --stats=record} prints them (spec 4.1-4.3), and
 * the per-type key it groups by ({@code xl_info >> 4}; Transaction {@code (xl_info >> 4) & 7}).
 *
 * <p>Interim table of the analyzer: it delegates to the codec's RmgrTable once that lands on main.
 */
public final class RecordNames {
    private static final String[] RMGRS = {"XLOG", "Transaction", "Storage", "CLOG", "Database", "Tablespace",
        "MultiXact", "RelMap", "Standby", "Heap2", "Heap", "Btree", "Hash", "Gin", "Gist", "Sequence", "SPGist",
        "BRIN", "CommitTs", "ReplicationOrigin", "Generic", "LogicalMessage", "XLOG2"};

    private static final String[] XACT = {"COMMIT", "PREPARE", "ABORT", "COMMIT_PREPARED", "ABORT_PREPARED",
        "ASSIGNMENT", "INVALIDATION"};
    private static final String[] STANDBY = {"LOCK", "RUNNING_XACTS", "INVALIDATIONS"};
    private static final String[] HEAP = {"INSERT", "DELETE", "UPDATE", "TRUNCATE", "HOT_UPDATE", "HEAP_CONFIRM",
        "LOCK", "INPLACE", "INSERT+INIT", null, "UPDATE+INIT", null, "HOT_UPDATE+INIT"};
    private static final String[] BTREE = {"INSERT_LEAF", "INSERT_UPPER", "INSERT_META", "SPLIT_L", "SPLIT_R",
        "INSERT_POST", "DEDUP", "DELETE", "UNLINK_PAGE", "UNLINK_PAGE_META", "NEWROOT", "MARK_PAGE_HALFDEAD",
        "VACUUM", "REUSE_PAGE", "META_CLEANUP"};
    private static final String[] HASH = {"INIT_META_PAGE", "INIT_BITMAP_PAGE", "INSERT", "ADD_OVFL_PAGE",
        "SPLIT_ALLOCATE_PAGE", "SPLIT_PAGE", "SPLIT_COMPLETE", "MOVE_PAGE_CONTENTS", "SQUEEZE_PAGE", "DELETE",
        "SPLIT_CLEANUP", "UPDATE_META_PAGE", "VACUUM_ONE_PAGE"};
    private static final String[] GIN = {null, "CREATE_PTREE", "INSERT", "SPLIT", "VACUUM_PAGE", "DELETE_PAGE",
        "UPDATE_META_PAGE", "INSERT_LISTPAGE", "DELETE_LISTPAGE", "VACUUM_DATA_LEAF_PAGE"};
    private static final String[] SPGIST = {null, "ADD_LEAF", "MOVE_LEAFS", "ADD_NODE", "SPLIT_TUPLE", "PICKSPLIT",
        "VACUUM_LEAF", "VACUUM_ROOT", "VACUUM_REDIRECT"};
    private static final String[] BRIN = {"CREATE_INDEX", "INSERT", "UPDATE", "SAMEPAGE_UPDATE", "REVMAP_EXTEND",
        "DESUMMARIZE", null, null, null, "INSERT+INIT", "UPDATE+INIT"};
    private static final String[] MULTIXACT = {"ZERO_OFF_PAGE", "ZERO_MEM_PAGE", "CREATE_ID", "TRUNCATE_ID"};

    private RecordNames() {
    }

    /** Name of resource manager {@code rmid}; custom ids print {@code custom%03d}. */
    public static String rmgrName(WalVersion version, int rmid) {
        if (rmid < RMGRS.length && (rmid != 22 || hasXlog2(version))) {
            return RMGRS[rmid];
        }
        return String.format(Locale.ROOT, "custom%03d", rmid);
    }

    private static boolean hasXlog2(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> false;
            case PG19, MASTER -> true;
        };
    }

    /** The per-type key of {@code --stats=record}: {@code xl_info >> 4}, Transaction {@code (xl_info >> 4) & 7}. */
    public static int typeKey(int rmid, int info) {
        int k = (info >> 4) & 0x0F;
        return rmid == 1 ? k & 0x07 : k;
    }

    /** {@code Rmgr/TYPE} of a type key, {@code Rmgr/UNKNOWN (xx)} when the version has no such type. */
    public static String typeName(WalVersion version, int rmid, int key) {
        String t = identify(version, rmid, key);
        String rm = rmgrName(version, rmid);
        return rm + "/" + (t != null ? t : String.format(Locale.ROOT, "UNKNOWN (%x)", key << 4));
    }

    private static String at(String[] names, int k) {
        return k < names.length ? names[k] : null;
    }

    private static String identify(WalVersion v, int rmid, int k) {
        return switch (rmid) {
            case 0 -> xlog(v, k);
            case 1 -> k == 6 && v == WalVersion.PG13 ? null : at(XACT, k);
            case 2 -> k == 1 ? "CREATE" : k == 2 ? "TRUNCATE" : null;
            case 3 -> k == 0 ? "ZEROPAGE" : k == 1 ? "TRUNCATE" : null;
            case 4 -> database(v, k);
            case 5 -> k == 0 ? "CREATE" : k == 1 ? "DROP" : null;
            case 6 -> at(MULTIXACT, k);
            case 7 -> k == 0 ? "UPDATE" : null;
            case 8 -> at(STANDBY, k);
            case 9 -> heap2(v, k);
            case 10 -> at(HEAP, k);
            case 11 -> at(BTREE, k);
            case 12 -> at(HASH, k);
            case 13 -> at(GIN, k);
            case 14 -> gist(v, k);
            case 15 -> k == 0 ? "LOG" : null;
            case 16 -> at(SPGIST, k);
            case 17 -> at(BRIN, k);
            case 18 -> k == 0 ? "ZEROPAGE" : k == 1 ? "TRUNCATE" : k == 2 && v == WalVersion.PG13 ? "SETTS" : null;
            case 19 -> k == 0 ? "SET" : k == 1 ? "DROP" : null;
            case 20 -> "Generic";
            case 21 -> k == 0 ? "MESSAGE" : null;
            case 22 -> k == 0 && hasXlog2(v) ? "CHECKSUMS" : null;
            default -> null;
        };
    }

    private static String xlog(WalVersion v, int k) {
        String[] base = {"CHECKPOINT_SHUTDOWN", "CHECKPOINT_ONLINE", "NOOP", "NEXTOID", "SWITCH", "BACKUP_END",
            "PARAMETER_CHANGE", "RESTORE_POINT", "FPW_CHANGE", "END_OF_RECOVERY", "FPI_FOR_HINT", "FPI", null,
            "OVERWRITE_CONTRECORD", null, null};
        if (base[k] != null) {
            return base[k];
        }
        return switch (v) {
            case PG13, PG14, PG15, PG16 -> null;
            case PG17, PG18 -> k == 14 ? "CHECKPOINT_REDO" : null;
            case PG19, MASTER -> k == 12 ? "ASSIGN_LSN" : k == 14 ? "CHECKPOINT_REDO"
                    : k == 15 ? "LOGICAL_DECODING_STATUS_CHANGE" : null;
        };
    }

    private static String database(WalVersion v, int k) {
        return switch (v) {
            case PG13, PG14 -> k == 0 ? "CREATE" : k == 1 ? "DROP" : null;
            case PG15, PG16, PG17, PG18, PG19, MASTER -> k == 0 ? "CREATE_FILE_COPY" : k == 1 ? "CREATE_WAL_LOG"
                    : k == 2 ? "DROP" : null;
        };
    }

    private static String gist(WalVersion v, int k) {
        return switch (k) {
            case 0 -> "PAGE_UPDATE";
            case 1 -> "DELETE";
            case 2 -> "PAGE_REUSE";
            case 3 -> "PAGE_SPLIT";
            case 6 -> "PAGE_DELETE";
            case 7 -> switch (v) {
                case PG13, PG14, PG15, PG16, PG17, PG18 -> "ASSIGN_LSN";
                case PG19, MASTER -> null;
            };
            default -> null;
        };
    }

    private static String heap2(WalVersion v, int k) {
        switch (k) {
            case 0: return "REWRITE";
            case 5: return "MULTI_INSERT";
            case 13: return "MULTI_INSERT+INIT";
            case 6: return "LOCK_UPDATED";
            case 7: return "NEW_CID";
            default: break;
        }
        String[] codes = switch (v) {
            case PG13 -> new String[] {"CLEAN", "FREEZE_PAGE", "CLEANUP_INFO", "VISIBLE"};
            case PG14, PG15, PG16 -> new String[] {"PRUNE", "VACUUM", "FREEZE_PAGE", "VISIBLE"};
            case PG17, PG18 -> new String[] {"PRUNE_ON_ACCESS", "PRUNE_VACUUM_SCAN", "PRUNE_VACUUM_CLEANUP",
                "VISIBLE"};
            case PG19, MASTER -> new String[] {"PRUNE_ON_ACCESS", "PRUNE_VACUUM_SCAN", "PRUNE_VACUUM_CLEANUP", null};
        };
        return k >= 1 && k <= 4 ? codes[k - 1] : null;
    }
}
