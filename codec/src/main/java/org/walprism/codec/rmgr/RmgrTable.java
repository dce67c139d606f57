package org.walprism.codec.rmgr;

import org.walprism.codec.WalVersion;

/**
 * Resource managers ({@code xl_rmid}) and record-type names ({@code rm_identify(xl_info)}) per WAL
 * version, exactly as pg_waldump and pg_walinspect print them.
 *
 * <p>Built-in ids: 0..21 in 13 to 19, 0..22 (XLOG2) in the pre-releases 19beta1 and 19beta3. Custom ids 128..255 exist from
 * 15 and are named {@code custom%03d}; their identify is always null. Mirrors PostgreSQL
 * src/include/access/rmgrlist.h, rmgr.h, src/backend/access/rmgrdesc/*.c ({@code *_identify}) and
 * src/bin/pg_waldump/rmgrdesc.c of REL_13_STABLE to master.
 *
 * <p>Version differences live in one exhaustive switch per family: the id range
 * ({@link #maxBuiltinId}, {@link #hasCustomRmgrs}), XLOG, Transaction, Database, Gist, Heap2 and CommitTs
 * names.
 */
public final class RmgrTable {

    /** {@code RM_XLOG_ID}. */
    public static final int XLOG = 0;
    /** {@code RM_XACT_ID}, printed "Transaction". */
    public static final int TRANSACTION = 1;
    /** {@code RM_SMGR_ID}, printed "Storage". */
    public static final int STORAGE = 2;
    /** {@code RM_CLOG_ID}. */
    public static final int CLOG = 3;
    /** {@code RM_DBASE_ID}, printed "Database". */
    public static final int DATABASE = 4;
    /** {@code RM_TBLSPC_ID}, printed "Tablespace". */
    public static final int TABLESPACE = 5;
    /** {@code RM_MULTIXACT_ID}. */
    public static final int MULTIXACT = 6;
    /** {@code RM_RELMAP_ID}. */
    public static final int RELMAP = 7;
    /** {@code RM_STANDBY_ID}. */
    public static final int STANDBY = 8;
    /** {@code RM_HEAP2_ID}. */
    public static final int HEAP2 = 9;
    /** {@code RM_HEAP_ID}. */
    public static final int HEAP = 10;
    /** {@code RM_BTREE_ID}. */
    public static final int BTREE = 11;
    /** {@code RM_HASH_ID}. */
    public static final int HASH = 12;
    /** {@code RM_GIN_ID}. */
    public static final int GIN = 13;
    /** {@code RM_GIST_ID}. */
    public static final int GIST = 14;
    /** {@code RM_SEQ_ID}, printed "Sequence". */
    public static final int SEQUENCE = 15;
    /** {@code RM_SPGIST_ID}. */
    public static final int SPGIST = 16;
    /** {@code RM_BRIN_ID}. */
    public static final int BRIN = 17;
    /** {@code RM_COMMIT_TS_ID}. */
    public static final int COMMIT_TS = 18;
    /** {@code RM_REPLORIGIN_ID}. */
    public static final int REPLICATION_ORIGIN = 19;
    /** {@code RM_GENERIC_ID}. */
    public static final int GENERIC = 20;
    /** {@code RM_LOGICALMSG_ID}. */
    public static final int LOGICAL_MESSAGE = 21;
    /** {@code RM_XLOG2_ID} (19beta1 to 19beta3 and 20devel of mid-2026; not in 19 as released). */
    public static final int XLOG2 = 22;

    /** {@code RM_MIN_CUSTOM_ID}. */
    public static final int MIN_CUSTOM_ID = 128;
    /** {@code RM_MAX_ID}. */
    public static final int MAX_ID = 255;
    /** {@code MAX_XLINFO_TYPES}: the high nibble of {@code xl_info} gives 16 record ids per rmgr. */
    public static final int MAX_XLINFO_TYPES = 16;

    /** {@code XLOG_SMGR_CREATE} (catalog/storage_xlog.h): a relation fork's file was created. */
    public static final int XLOG_SMGR_CREATE = 0x10;
    /** {@code XLOG_SMGR_TRUNCATE} (catalog/storage_xlog.h): a relation's forks were truncated. */
    public static final int XLOG_SMGR_TRUNCATE = 0x20;

    /** {@code XLR_INFO_MASK}: the low nibble of {@code xl_info}, owned by the WAL machinery. */
    public static final int XLR_INFO_MASK = 0x0F;

    private static final String[] BUILTIN_NAMES = {
        "XLOG", "Transaction", "Storage", "CLOG", "Database", "Tablespace", "MultiXact", "RelMap",
        "Standby", "Heap2", "Heap", "Btree", "Hash", "Gin", "Gist", "Sequence", "SPGist", "BRIN",
        "CommitTs", "ReplicationOrigin", "Generic", "LogicalMessage", "XLOG2",
    };

    private static final String[] CUSTOM_NAMES = new String[MAX_ID + 1];

    static {
        for (int i = MIN_CUSTOM_ID; i <= MAX_ID; i++) {
            // custom%03d, by hand: String.format here would start java.util.Formatter in every process, and a
            // string concatenation (invokedynamic) spins method-handle classes on JDK 17 at every start
            CUSTOM_NAMES[i] = new String(new char[] {'c', 'u', 's', 't', 'o', 'm', (char) ('0' + i / 100),
                (char) ('0' + i / 10 % 10), (char) ('0' + i % 10)});
        }
    }

    private RmgrTable() {
    }

    // maxBuiltinId and hasCustomRmgrs by WalVersion ordinal, from the switches below: the reader asks for every
    // record, and the enum switches (81 and 74 bytes) are over C1's inlining limit; an array read is not
    private static final int[] MAX_BUILTIN = new int[WalVersion.values().length];
    private static final boolean[] CUSTOM = new boolean[WalVersion.values().length];

    static {
        for (WalVersion v : WalVersion.values()) {
            MAX_BUILTIN[v.ordinal()] = maxBuiltinIdOf(v);
            CUSTOM[v.ordinal()] = hasCustomRmgrsOf(v);
        }
    }

    /** {@code RM_MAX_BUILTIN_ID} of {@code version}. */
    public static int maxBuiltinId(WalVersion version) {
        return MAX_BUILTIN[version.ordinal()];
    }

    private static int maxBuiltinIdOf(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> LOGICAL_MESSAGE;
            // XLOG2 (online data-checksum changes) was in 19beta1-19beta3 and 20devel of mid-2026, not in 19
            case PG19_BETA1, PG19_BETA3 -> XLOG2;
            case PG19 -> LOGICAL_MESSAGE;
        };
    }

    /** Whether {@code version} accepts custom resource managers (ids 128..255). */
    public static boolean hasCustomRmgrs(WalVersion version) {
        return CUSTOM[version.ordinal()];
    }

    private static boolean hasCustomRmgrsOf(WalVersion version) {
        return switch (version) {
            case PG13, PG14 -> false;
            case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /** {@code RmgrIdIsBuiltin}. */
    public static boolean isBuiltin(WalVersion version, int rmid) {
        return rmid >= 0 && rmid <= maxBuiltinId(version);
    }

    /** {@code RmgrIdIsCustom}: false before 15. */
    public static boolean isCustom(WalVersion version, int rmid) {
        return hasCustomRmgrs(version) && rmid >= MIN_CUSTOM_ID && rmid <= MAX_ID;
    }

    /** {@code RmgrIdIsValid}: the reader's check of {@code xl_rmid}. */
    public static boolean isValid(WalVersion version, int rmid) {
        return isBuiltin(version, rmid) || isCustom(version, rmid);
    }

    /**
     * {@code rm_name} as pg_waldump prints it ({@code custom%03d} for custom ids), or null when
     * {@code rmid} is not valid in {@code version}.
     */
    public static String name(WalVersion version, int rmid) {
        if (isBuiltin(version, rmid)) {
            return BUILTIN_NAMES[rmid];
        }
        if (isCustom(version, rmid)) {
            return CUSTOM_NAMES[rmid];
        }
        return null;
    }

    /**
     * The rmgr id pg_waldump's {@code -r} would select for {@code name} (case-insensitive, also
     * {@code customNNN}), or -1.
     */
    public static int idOf(WalVersion version, String name) {
        for (int i = 0; i <= MAX_ID; i++) {
            String n = name(version, i);
            if (n != null && n.equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The key pg_waldump's per-record statistics use: {@code xl_info >> 4}, and for Transaction only
     * the opcode bits {@code (xl_info >> 4) & 0x07} (XLOG_XACT_HAS_INFO ignored). Same in every version
     * (xlogstats.c / pg_waldump.c XLogDumpCountRecord, 13.3 and later).
     */
    public static int statsRecordId(int rmid, int info) {
        int recid = (info & 0xFF) >>> 4;
        return rmid == TRANSACTION ? recid & 0x07 : recid;
    }

    /**
     * The record-type name PostgreSQL's {@code rm_identify(xl_info)} returns, or null where it returns
     * NULL (unknown code, custom or invalid rmgr).
     */
    public static String identify(WalVersion version, int rmid, int info) {
        info &= 0xFF;
        int code = info & ~XLR_INFO_MASK;
        return switch (rmid) {
            case XLOG -> xlog(version, code);
            case TRANSACTION -> transaction(version, info & 0x70);
            case STORAGE -> switch (code) {
                case XLOG_SMGR_CREATE -> "CREATE";
                case XLOG_SMGR_TRUNCATE -> "TRUNCATE";
                default -> null;
            };
            case CLOG -> switch (code) {
                case 0x00 -> "ZEROPAGE";
                case 0x10 -> "TRUNCATE";
                default -> null;
            };
            case DATABASE -> database(version, code);
            case TABLESPACE -> switch (code) {
                case 0x00 -> "CREATE";
                case 0x10 -> "DROP";
                default -> null;
            };
            case MULTIXACT -> switch (code) {
                case 0x00 -> "ZERO_OFF_PAGE";
                case 0x10 -> "ZERO_MEM_PAGE";
                case 0x20 -> "CREATE_ID";
                case 0x30 -> "TRUNCATE_ID";
                default -> null;
            };
            case RELMAP -> code == 0x00 ? "UPDATE" : null;
            case STANDBY -> switch (code) {
                case 0x00 -> "LOCK";
                case 0x10 -> "RUNNING_XACTS";
                case 0x20 -> "INVALIDATIONS";
                default -> null;
            };
            case HEAP2 -> heap2(version, code);
            case HEAP -> heap(code);
            case BTREE -> btree(code);
            case HASH -> hash(code);
            case GIN -> gin(code);
            case GIST -> gist(version, code);
            case SEQUENCE -> code == 0x00 ? "LOG" : null;
            case SPGIST -> spgist(code);
            case BRIN -> brin(code);
            // commit_ts_identify and replorigin_identify switch on the raw xl_info, low bits included
            case COMMIT_TS -> commitTs(version, info);
            case REPLICATION_ORIGIN -> switch (info) {
                case 0x00 -> "SET";
                case 0x10 -> "DROP";
                default -> null;
            };
            case GENERIC -> "Generic";
            case LOGICAL_MESSAGE -> code == 0x00 ? "MESSAGE" : null;
            case XLOG2 -> isBuiltin(version, XLOG2) && code == 0x00 ? "CHECKSUMS" : null;
            default -> null;
        };
    }

    /**
     * Whether {@code version}'s PostgreSQL has the record type {@code info} of resource manager {@code rmid}
     * ({@link #identify} names it): the one question to ask where a record type arrived or left in some major,
     * instead of comparing versions.
     */
    public static boolean logs(WalVersion version, int rmid, int info) {
        return identify(version, rmid, info) != null;
    }

    /**
     * The name pg_waldump prints after {@code desc:}: {@link #identify} or {@code UNKNOWN (%x)} of
     * {@code xl_info & 0xF0}.
     */
    public static String recordTypeName(WalVersion version, int rmid, int info) {
        String id = identify(version, rmid, info);
        return id != null ? id : unknownName(info);
    }

    /** {@code UNKNOWN (%x)} with the rmgr-owned bits of {@code info} in lower-case hex. */
    public static String unknownName(int info) {
        return "UNKNOWN (" + Integer.toHexString(info & 0xF0) + ")";
    }

    private static String xlog(WalVersion version, int code) {
        switch (code) {
            case 0x00: return "CHECKPOINT_SHUTDOWN";
            case 0x10: return "CHECKPOINT_ONLINE";
            case 0x20: return "NOOP";
            case 0x30: return "NEXTOID";
            case 0x40: return "SWITCH";
            case 0x50: return "BACKUP_END";
            case 0x60: return "PARAMETER_CHANGE";
            case 0x70: return "RESTORE_POINT";
            case 0x80: return "FPW_CHANGE";
            case 0x90: return "END_OF_RECOVERY";
            case 0xA0: return "FPI_FOR_HINT";
            case 0xB0: return "FPI";
            // OVERWRITE_CONTRECORD arrived in 13.5 / 14.1; the stable branches carry it
            case 0xD0: return "OVERWRITE_CONTRECORD";
            default: break;
        }
        return switch (version) {
            case PG13, PG14, PG15, PG16 -> null;
            case PG17, PG18 -> code == 0xE0 ? "CHECKPOINT_REDO" : null;
            case PG19_BETA1, PG19_BETA3, PG19 -> switch (code) {
                case 0xC0 -> "ASSIGN_LSN";
                case 0xE0 -> "CHECKPOINT_REDO";
                case 0xF0 -> "LOGICAL_DECODING_STATUS_CHANGE";
                default -> null;
            };
        };
    }

    private static String transaction(WalVersion version, int opcode) {
        switch (opcode) {
            case 0x00: return "COMMIT";
            case 0x10: return "PREPARE";
            case 0x20: return "ABORT";
            case 0x30: return "COMMIT_PREPARED";
            case 0x40: return "ABORT_PREPARED";
            case 0x50: return "ASSIGNMENT";
            default: break;
        }
        return switch (version) {
            case PG13 -> null;
            case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> opcode == 0x60 ? "INVALIDATION" : null;
        };
    }

    private static String database(WalVersion version, int code) {
        return switch (version) {
            case PG13, PG14 -> switch (code) {
                case 0x00 -> "CREATE";
                case 0x10 -> "DROP";
                default -> null;
            };
            case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> switch (code) {
                case 0x00 -> "CREATE_FILE_COPY";
                case 0x10 -> "CREATE_WAL_LOG";
                case 0x20 -> "DROP";
                default -> null;
            };
        };
    }

    private static String heap2(WalVersion version, int code) {
        switch (code) {
            case 0x00: return "REWRITE";
            case 0x50: return "MULTI_INSERT";
            case 0xD0: return "MULTI_INSERT+INIT";
            case 0x60: return "LOCK_UPDATED";
            case 0x70: return "NEW_CID";
            default: break;
        }
        return switch (version) {
            case PG13 -> switch (code) {
                case 0x10 -> "CLEAN";
                case 0x20 -> "FREEZE_PAGE";
                case 0x30 -> "CLEANUP_INFO";
                case 0x40 -> "VISIBLE";
                default -> null;
            };
            case PG14, PG15, PG16 -> switch (code) {
                case 0x10 -> "PRUNE";
                case 0x20 -> "VACUUM";
                case 0x30 -> "FREEZE_PAGE";
                case 0x40 -> "VISIBLE";
                default -> null;
            };
            case PG17, PG18 -> switch (code) {
                case 0x10 -> "PRUNE_ON_ACCESS";
                case 0x20 -> "PRUNE_VACUUM_SCAN";
                case 0x30 -> "PRUNE_VACUUM_CLEANUP";
                case 0x40 -> "VISIBLE";
                default -> null;
            };
            case PG19_BETA1, PG19_BETA3, PG19 -> switch (code) {
                case 0x10 -> "PRUNE_ON_ACCESS";
                case 0x20 -> "PRUNE_VACUUM_SCAN";
                case 0x30 -> "PRUNE_VACUUM_CLEANUP";
                default -> null;
            };
        };
    }

    private static String heap(int code) {
        return switch (code) {
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
    }

    private static String btree(int code) {
        return switch (code) {
            case 0x00 -> "INSERT_LEAF";
            case 0x10 -> "INSERT_UPPER";
            case 0x20 -> "INSERT_META";
            case 0x30 -> "SPLIT_L";
            case 0x40 -> "SPLIT_R";
            case 0x50 -> "INSERT_POST";
            case 0x60 -> "DEDUP";
            case 0x70 -> "DELETE";
            case 0x80 -> "UNLINK_PAGE";
            case 0x90 -> "UNLINK_PAGE_META";
            case 0xA0 -> "NEWROOT";
            case 0xB0 -> "MARK_PAGE_HALFDEAD";
            case 0xC0 -> "VACUUM";
            case 0xD0 -> "REUSE_PAGE";
            case 0xE0 -> "META_CLEANUP";
            default -> null;
        };
    }

    private static String hash(int code) {
        return switch (code) {
            case 0x00 -> "INIT_META_PAGE";
            case 0x10 -> "INIT_BITMAP_PAGE";
            case 0x20 -> "INSERT";
            case 0x30 -> "ADD_OVFL_PAGE";
            case 0x40 -> "SPLIT_ALLOCATE_PAGE";
            case 0x50 -> "SPLIT_PAGE";
            case 0x60 -> "SPLIT_COMPLETE";
            case 0x70 -> "MOVE_PAGE_CONTENTS";
            case 0x80 -> "SQUEEZE_PAGE";
            case 0x90 -> "DELETE";
            case 0xA0 -> "SPLIT_CLEANUP";
            case 0xB0 -> "UPDATE_META_PAGE";
            case 0xC0 -> "VACUUM_ONE_PAGE";
            default -> null;
        };
    }

    private static String gin(int code) {
        return switch (code) {
            case 0x10 -> "CREATE_PTREE";
            case 0x20 -> "INSERT";
            case 0x30 -> "SPLIT";
            case 0x40 -> "VACUUM_PAGE";
            case 0x50 -> "DELETE_PAGE";
            case 0x60 -> "UPDATE_META_PAGE";
            case 0x70 -> "INSERT_LISTPAGE";
            case 0x80 -> "DELETE_LISTPAGE";
            case 0x90 -> "VACUUM_DATA_LEAF_PAGE";
            default -> null;
        };
    }

    private static String gist(WalVersion version, int code) {
        switch (code) {
            case 0x00: return "PAGE_UPDATE";
            case 0x10: return "DELETE";
            case 0x20: return "PAGE_REUSE";
            case 0x30: return "PAGE_SPLIT";
            case 0x60: return "PAGE_DELETE";
            default: break;
        }
        return switch (version) {
            // 19 moved ASSIGN_LSN to the XLOG rmgr (0xC0)
            case PG13, PG14, PG15, PG16, PG17, PG18 -> code == 0x70 ? "ASSIGN_LSN" : null;
            case PG19_BETA1, PG19_BETA3, PG19 -> null;
        };
    }

    private static String spgist(int code) {
        return switch (code) {
            case 0x10 -> "ADD_LEAF";
            case 0x20 -> "MOVE_LEAFS";
            case 0x30 -> "ADD_NODE";
            case 0x40 -> "SPLIT_TUPLE";
            case 0x50 -> "PICKSPLIT";
            case 0x60 -> "VACUUM_LEAF";
            case 0x70 -> "VACUUM_ROOT";
            case 0x80 -> "VACUUM_REDIRECT";
            default -> null;
        };
    }

    private static String brin(int code) {
        return switch (code) {
            case 0x00 -> "CREATE_INDEX";
            case 0x10 -> "INSERT";
            case 0x90 -> "INSERT+INIT";
            case 0x20 -> "UPDATE";
            case 0xA0 -> "UPDATE+INIT";
            case 0x30 -> "SAMEPAGE_UPDATE";
            case 0x40 -> "REVMAP_EXTEND";
            case 0x50 -> "DESUMMARIZE";
            default -> null;
        };
    }

    private static String commitTs(WalVersion version, int rawInfo) {
        switch (rawInfo) {
            case 0x00: return "ZEROPAGE";
            case 0x10: return "TRUNCATE";
            default: break;
        }
        return switch (version) {
            case PG13 -> rawInfo == 0x20 ? "SETTS" : null;
            case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> null;
        };
    }
}
