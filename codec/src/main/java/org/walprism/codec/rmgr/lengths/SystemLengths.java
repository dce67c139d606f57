package org.walprism.codec.rmgr.lengths;

import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_DBINFO;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_DROPPED_STATS;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_GID;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_INVALS;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_ORIGIN;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_RELFILELOCATORS;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_SUBXACTS;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_TWOPHASE;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_ABORT;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_ABORT_PREPARED;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_ASSIGNMENT;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_COMMIT;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_COMMIT_PREPARED;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_HAS_INFO;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_INVALIDATIONS;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_OPMASK;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_PREPARE;

import org.walprism.codec.WalVersion;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.InvalidationMessage;
import org.walprism.codec.rmgr.xact.XactLayout;

/**
 * Length rules of the system resource managers' records and of Heap: XLOG (xlogdesc.c), Transaction
 * (xactdesc.c's {@code ParseCommitRecord}, {@code ParseAbortRecord}, {@code ParsePrepareRecord}), Storage, CLOG,
 * Database, Tablespace, MultiXact, Standby, Heap, CommitTs, ReplicationOrigin, Generic and LogicalMessage, as their
 * {@code rm_desc} functions in src/backend/access/rmgrdesc/ read them. The byte maps are in the analyzer's
 * describers of the same names.
 */
final class SystemLengths {
    private SystemLengths() {
    }

    /** {@code sizeof(SharedInvalidationMessage)}. */

    /** XLOG (rmgr 0). */
    static boolean xlog(RecordView v, int info) {
        WalVersion ver = v.version();
        int m = v.mainDataLength();
        return switch (info & 0xF0) {
            case 0x00, 0x10 -> m >= switch (ver) { // CHECKPOINT_SHUTDOWN, CHECKPOINT_ONLINE: CheckPoint's fields
                case PG13, PG14, PG15, PG16, PG17, PG18 -> 84;
                case PG19 -> 92;
                case PG19_BETA1, PG19_BETA3 -> 96;
            };
            case 0x30 -> m >= 4; // NEXTOID
            case 0x50, 0x70 -> m >= 8; // BACKUP_END; RESTORE_POINT (its name is read up to the end)
            case 0x60 -> m >= 26; // PARAMETER_CHANGE
            case 0x80 -> m >= 1; // FPW_CHANGE
            case 0x90 -> m >= switch (ver) { // END_OF_RECOVERY
                case PG13, PG14, PG15, PG16 -> 16;
                case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> 20;
            };
            case 0xD0 -> m >= 16; // OVERWRITE_CONTRECORD
            case 0xE0 -> m >= switch (ver) { // CHECKPOINT_REDO
                case PG13, PG14, PG15, PG16 -> 0;
                case PG17, PG18, PG19 -> 4;
                case PG19_BETA1, PG19_BETA3 -> 8;
            };
            case 0xF0 -> m >= switch (ver) { // LOGICAL_DECODING_STATUS_CHANGE (19)
                case PG13, PG14, PG15, PG16, PG17, PG18 -> 0;
                case PG19_BETA1, PG19_BETA3, PG19 -> 1;
            };
            default -> true; // NOOP, SWITCH, FPI, FPI_FOR_HINT, ASSIGN_LSN
        };
    }

    /** Transaction (rmgr 1). */
    static boolean xact(RecordView v, int info) {
        int m = v.mainDataLength();
        int base = v.mainDataIndex();
        return switch (info & XLOG_XACT_OPMASK) {
            case XLOG_XACT_COMMIT, XLOG_XACT_COMMIT_PREPARED -> xactEnd(v, info, true);
            case XLOG_XACT_ABORT, XLOG_XACT_ABORT_PREPARED -> xactEnd(v, info, false);
            case XLOG_XACT_PREPARE -> xactPrepare(v);
            case XLOG_XACT_ASSIGNMENT -> m >= 8 && Parts.fits(v.i32(base + 4), 8, 4, m); // xtop, nsubxacts, xsub[]
            case XLOG_XACT_INVALIDATIONS -> m >= 4 && invalidations(v.i32(base), 4, m); // nmsgs, msgs[]
            default -> true;
        };
    }

    /** {@code nmsgs} invalidation messages from {@code from}: none to read when {@code nmsgs <= 0}. */
    private static boolean invalidations(int nmsgs, int from, int m) {
        return nmsgs <= 0 || Parts.fits(nmsgs, from, InvalidationMessage.SIZE, m);
    }

    /**
     * COMMIT and ABORT: {@code xact_time: int64, [xinfo: uint32 with XLOG_XACT_HAS_INFO], [dbId, tsId],
     * [nsubxacts, subxacts[]], [nrels, rels[]], [nitems, stats[] (15+)], [nmsgs, msgs[] (commit)],
     * [twophase_xid, [gid: cstring]], [origin_lsn, origin_timestamp]}.
     */
    private static boolean xactEnd(RecordView v, int info, boolean commit) {
        int m = v.mainDataLength();
        int base = v.mainDataIndex();
        if (m < 8) {
            return false;
        }
        int pos = 8;
        long xinfo = 0;
        if ((info & XLOG_XACT_HAS_INFO) != 0) {
            if (m < pos + 4) {
                return false;
            }
            xinfo = v.u32(base + pos);
            pos += 4;
        }
        if ((xinfo & XACT_XINFO_HAS_DBINFO) != 0) {
            if (m < pos + 8) {
                return false;
            }
            pos += 8;
        }
        pos = counted(v, xinfo, XACT_XINFO_HAS_SUBXACTS, pos, 4);
        pos = counted(v, xinfo, XACT_XINFO_HAS_RELFILELOCATORS, pos, 12);
        XactLayout layout = XactLayout.of(v.version());
        if (layout.hasStats()) {
            pos = counted(v, xinfo, XACT_XINFO_HAS_DROPPED_STATS, pos, layout.statsItemSize());
        }
        if (commit) {
            pos = counted(v, xinfo, XACT_XINFO_HAS_INVALS, pos, InvalidationMessage.SIZE);
        }
        if (pos < 0) {
            return false;
        }
        if ((xinfo & XACT_XINFO_HAS_TWOPHASE) != 0) {
            if (m < pos + 4) {
                return false;
            }
            pos += 4;
            if ((xinfo & XACT_XINFO_HAS_GID) != 0) { // NUL-terminated inside the main data
                int end = pos;
                while (end < m && v.u8(base + end) != 0) {
                    end++;
                }
                if (end >= m) {
                    return false;
                }
                pos = end + 1;
            }
        }
        return (xinfo & XACT_XINFO_HAS_ORIGIN) == 0 || m >= pos + 16;
    }

    /**
     * With {@code flag} in {@code xinfo}: an int32 count at {@code pos} and that many {@code size}-byte items after
     * it; the position after them, or -1 when they do not fit (a -1 {@code pos} stays -1).
     */
    private static int counted(RecordView v, long xinfo, int flag, int pos, int size) {
        if (pos < 0 || (xinfo & flag) == 0) {
            return pos;
        }
        int m = v.mainDataLength();
        if (m < pos + 4) {
            return -1;
        }
        int n = v.i32(v.mainDataIndex() + pos);
        return Parts.fits(n, pos + 4L, size, m) ? pos + 4 + size * n : -1;
    }

    /** The MAXALIGNed position after {@code count} items of {@code size} from {@code pos}, or -1 if they do not fit. */
    private static long aligned(long count, long pos, int size, int m) {
        return pos >= 0 && Parts.fits(count, pos, size, m) ? pos + maxalign(count * size) : -1;
    }

    private static long maxalign(long n) {
        return (n + 7) & ~7L;
    }

    /**
     * PREPARE: {@code xl_xact_prepare} (64 bytes, 72 with the stats counts in 15+; the fields read end 24 bytes
     * after {@code ninvalmsgs}), then MAXALIGNed gid, subxacts, commit rels, abort rels, [commit stats, abort
     * stats], invalidation messages.
     */
    private static boolean xactPrepare(RecordView v) {
        int m = v.mainDataLength();
        int b = v.mainDataIndex();
        XactLayout layout = XactLayout.of(v.version());
        boolean withStats = layout.hasStats();
        int head = withStats ? 48 : 40;
        if (m < head + 24) {
            return false;
        }
        int size = withStats ? layout.statsItemSize() : 1; // before 15 both counts are 0: nothing to fit
        long pos = head + 24L;
        int gidlen = v.u16(b + head + 6);
        if (!Parts.fits(gidlen, pos, 1, m)) {
            return false;
        }
        pos += maxalign(gidlen);
        pos = aligned(v.i32(b + 28), pos, 4, m); // subxacts
        pos = aligned(v.i32(b + 32), pos, 12, m); // commit rels
        pos = aligned(v.i32(b + 36), pos, 12, m); // abort rels
        pos = aligned(withStats ? v.i32(b + 40) : 0, pos, size, m); // commit stats
        pos = aligned(withStats ? v.i32(b + 44) : 0, pos, size, m); // abort stats
        if (pos < 0) {
            return false;
        }
        int ninvalmsgs = v.i32(b + head);
        return ninvalmsgs <= 0 || Parts.fits(ninvalmsgs, pos, InvalidationMessage.SIZE, m);
    }

    /** Storage (rmgr 2): {@code xl_smgr_create} (16 bytes), {@code xl_smgr_truncate} (20). */
    static boolean storage(RecordView v, int info) {
        return switch (info & 0xF0) {
            case 0x10 -> v.mainDataLength() >= 16;
            case 0x20 -> v.mainDataLength() >= 20;
            default -> true;
        };
    }

    /** Whether SLRU page numbers are int64 (17+) rather than int32. */
    private static boolean wideSlruPages(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16 -> false;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /** CLOG (rmgr 3): every record's page number is read; TRUNCATE adds {@code oldestXact}. */
    static boolean clog(RecordView v, int info) {
        int page = wideSlruPages(v.version()) ? 8 : 4;
        return v.mainDataLength() >= ((info & 0xF0) == 0x10 ? page + 4 : page);
    }

    /** Database (rmgr 4): CREATE_FILE_COPY (16 bytes), CREATE_WAL_LOG (8, 15+), DROP ({@code ntablespaces}). */
    static boolean database(RecordView v, int info) {
        boolean v15 = switch (v.version()) {
            case PG13, PG14 -> false;
            case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
        int m = v.mainDataLength();
        int code = info & 0xF0;
        if (code == 0x00) {
            return m >= 16;
        } else if (v15 && code == 0x10) {
            return m >= 8;
        } else if (code == (v15 ? 0x20 : 0x10)) {
            return m >= 8 && Parts.fits(v.i32(v.mainDataIndex() + 4), 8, 4, m);
        }
        return true;
    }

    /** Tablespace (rmgr 5): {@code ts_id}, CREATE's path read up to the end. */
    static boolean tablespace(RecordView v, int info) {
        int code = info & 0xF0;
        return (code != 0x00 && code != 0x10) || v.mainDataLength() >= 4;
    }

    /** MultiXact (rmgr 6). */
    static boolean multixact(RecordView v, int info) {
        boolean wideOff = switch (v.version()) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> false;
            case PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
        int m = v.mainDataLength();
        return switch (info & 0xF0) {
            case 0x00, 0x10 -> m >= (wideSlruPages(v.version()) ? 8 : 4); // ZERO_OFF_PAGE, ZERO_MEM_PAGE
            case 0x20 -> { // CREATE_ID: mid, moff, nmembers, members[] of 8 bytes
                int n = wideOff ? 16 : 8;
                yield m >= n + 4 && Parts.fits(v.i32(v.mainDataIndex() + n), n + 4L, 8, m);
            }
            case 0x30 -> m >= (wideOff ? 16 : 20); // TRUNCATE_ID
            default -> true;
        };
    }

    /** Standby (rmgr 8): LOCK, RUNNING_XACTS, INVALIDATIONS. */
    static boolean standby(RecordView v, int info) {
        int m = v.mainDataLength();
        int b = v.mainDataIndex();
        switch (info & 0xF0) {
            case 0x00:
                return m >= 4 && Parts.fits(v.i32(b), 4, 12, m);
            case 0x10: {
                if (m < 24) {
                    return false;
                }
                int xcnt = v.i32(b);
                int subxcnt = v.i32(b + 4);
                if (xcnt > 0 && !Parts.fits(xcnt, 24, 4, m)) {
                    return false;
                }
                boolean subxids = switch (v.version()) { // listed from 16
                    case PG13, PG14, PG15 -> false;
                    case PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
                };
                return !subxids || subxcnt <= 0 || Parts.fits(subxcnt, 24 + 4L * Math.max(xcnt, 0), 4, m);
            }
            case 0x20:
                return m >= 16 && invalidations(v.i32(b + 12), 16, m);
            default:
                return true;
        }
    }

    /** CommitTs (rmgr 18): ZEROPAGE, TRUNCATE, 13's SETTS. */
    static boolean commitTs(RecordView v, int info) {
        int page = wideSlruPages(v.version()) ? 8 : 4;
        int m = v.mainDataLength();
        return switch (info & 0xF0) {
            case 0x00 -> m >= page;
            case 0x10 -> m >= page + 4;
            case 0x20 -> switch (v.version()) {
                case PG13 -> m >= 16;
                case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
            };
            default -> true;
        };
    }

    /** ReplicationOrigin (rmgr 19): {@code xl_replorigin_set} (11 bytes read), {@code xl_replorigin_drop} (2). */
    static boolean replicationOrigin(RecordView v, int info) {
        return switch (info & 0xF0) {
            case 0x00 -> v.mainDataLength() >= 11;
            case 0x10 -> v.mainDataLength() >= 2;
            default -> true;
        };
    }

    /** Generic (rmgr 20): fragments of {@code offset: uint16, length: uint16, bytes[length]} to the end. */
    static boolean generic(RecordView v) {
        int m = v.mainDataLength();
        int b = v.mainDataIndex();
        int at = 0;
        while (at < m) {
            if (at + 4 > m) {
                return false;
            }
            at += 4 + v.u16(b + at + 2);
        }
        return true;
    }

    /** LogicalMessage (rmgr 21): the header (24 bytes), then from 14 the prefix and payload bytes it counts. */
    static boolean logicalMessage(RecordView v, int info) {
        if ((info & 0xF0) != 0x00) {
            return true;
        }
        int m = v.mainDataLength();
        if (m < 24) {
            return false;
        }
        return switch (v.version()) {
            case PG13 -> true;
            case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> {
                long prefix = v.i64(v.mainDataIndex() + 8);
                long payload = v.i64(v.mainDataIndex() + 16);
                yield Parts.fits(prefix, 24, 1, m) && Parts.fits(payload, 24 + prefix, 1, m);
            }
        };
    }
}
