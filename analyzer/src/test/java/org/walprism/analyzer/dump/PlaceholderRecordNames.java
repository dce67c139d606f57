package org.walprism.analyzer.dump;

import org.walprism.codec.WalVersion;

/**
 * Test-only stand-in for the codec's RmgrTable until it lands on main: rmgr names and the identify names
 * of the resource managers present in the captures (spec section 4.3). Replace with RmgrTable.
 */
final class PlaceholderRecordNames implements RecordNames {
    private static final String[] NAMES = {"XLOG", "Transaction", "Storage", "CLOG", "Database", "Tablespace",
        "MultiXact", "RelMap", "Standby", "Heap2", "Heap", "Btree", "Hash", "Gin", "Gist", "Sequence", "SPGist",
        "BRIN", "CommitTs", "ReplicationOrigin", "Generic", "LogicalMessage", "XLOG2"};

    @Override
    public String rmgrName(WalVersion version, int rmid) {
        return rmid < NAMES.length ? NAMES[rmid] : String.format("custom%03d", rmid);
    }

    @Override
    public String identify(WalVersion version, int rmid, int info) {
        int code = info & 0xF0;
        return switch (rmid) {
            case 0 -> pick(code >> 4, "CHECKPOINT_SHUTDOWN", "CHECKPOINT_ONLINE", "NOOP", "NEXTOID", "SWITCH",
                    "BACKUP_END", "PARAMETER_CHANGE", "RESTORE_POINT", "FPW_CHANGE", "END_OF_RECOVERY",
                    "FPI_FOR_HINT", "FPI", version.atLeast(WalVersion.PG19) ? "ASSIGN_LSN" : null,
                    "OVERWRITE_CONTRECORD", version.atLeast(WalVersion.PG17) ? "CHECKPOINT_REDO" : null,
                    version.atLeast(WalVersion.PG19) ? "LOGICAL_DECODING_STATUS_CHANGE" : null);
            case 1 -> pick((info & 0x70) >> 4, "COMMIT", "PREPARE", "ABORT", "COMMIT_PREPARED", "ABORT_PREPARED",
                    "ASSIGNMENT", "INVALIDATION");
            case 8 -> pick(code >> 4, "LOCK", "RUNNING_XACTS", "INVALIDATIONS");
            case 9 -> heap2(version, code);
            case 10 -> switch (code) {
                case 0x00 -> "INSERT";
                case 0x80 -> "INSERT+INIT";
                case 0x10 -> "DELETE";
                case 0x20 -> "UPDATE";
                case 0xA0 -> "UPDATE+INIT";
                case 0x30 -> "TRUNCATE";
                case 0x40 -> "HOT_UPDATE";
                case 0xC0 -> "HOT_UPDATE+INIT";
                case 0x50 -> "HEAP_CONFIRM";
                case 0x60 -> "LOCK";
                case 0x70 -> "INPLACE";
                default -> null;
            };
            case 11 -> pick(code >> 4, "INSERT_LEAF", "INSERT_UPPER", "INSERT_META", "SPLIT_L", "SPLIT_R",
                    "INSERT_POST", "DEDUP", "DELETE", "UNLINK_PAGE", "UNLINK_PAGE_META", "NEWROOT",
                    "MARK_PAGE_HALFDEAD", "VACUUM", "REUSE_PAGE", "META_CLEANUP");
            default -> null;
        };
    }

    private static String heap2(WalVersion v, int code) {
        switch (code) {
            case 0x00: return "REWRITE";
            case 0x50: return "MULTI_INSERT";
            case 0xD0: return "MULTI_INSERT+INIT";
            case 0x60: return "LOCK_UPDATED";
            case 0x70: return "NEW_CID";
            case 0x40: return v.atLeast(WalVersion.PG19) ? null : "VISIBLE";
            default: break;
        }
        String[] names = v == WalVersion.PG13 ? new String[] {"CLEAN", "FREEZE_PAGE", "CLEANUP_INFO"}
                : v.atLeast(WalVersion.PG17) ? new String[] {"PRUNE_ON_ACCESS", "PRUNE_VACUUM_SCAN", "PRUNE_VACUUM_CLEANUP"}
                : new String[] {"PRUNE", "VACUUM", "FREEZE_PAGE"};
        return code >= 0x10 && code <= 0x30 ? names[(code >> 4) - 1] : null;
    }

    private static String pick(int i, String... names) {
        return i < names.length ? names[i] : null;
    }
}
