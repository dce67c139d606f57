package org.walprism.analyzer.replay;

import static org.walprism.codec.rmgr.xlog.CheckPoint.XLOG_CHECKPOINT_ONLINE;
import static org.walprism.codec.rmgr.xlog.CheckPoint.XLOG_CHECKPOINT_SHUTDOWN;
import static org.walprism.codec.rmgr.xlog.CheckpointRedo.XLOG_CHECKPOINT_REDO;
import static org.walprism.codec.rmgr.xlog.LogicalDecodingStatusChange.XLOG_LOGICAL_DECODING_STATUS_CHANGE;
import static org.walprism.codec.rmgr.xlog.XlogOther.XLOG_ASSIGN_LSN;
import static org.walprism.codec.rmgr.xlog.XlogOther.XLOG_END_OF_RECOVERY;

import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.InvalidationMessage;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.xact.DroppedStats;
import org.walprism.codec.rmgr.xact.XactAbort;
import org.walprism.codec.rmgr.xact.XactCodec;
import org.walprism.codec.rmgr.xact.XactCommit;
import org.walprism.codec.rmgr.xact.XactLayout;
import org.walprism.codec.rmgr.xact.XactPrepare;
import org.walprism.codec.rmgr.xact.XactRecord;
import org.walprism.codec.rmgr.xact.XactType;
import org.walprism.codec.rmgr.xlog.CheckPoint;
import org.walprism.codec.rmgr.xlog.XlogCodec;
import org.walprism.codec.rmgr.xlog.XlogOther;

/** The XLOG (rmgr 0), XLOG2 (rmgr 22, 19+), Transaction (rmgr 1) and Standby (rmgr 8) records in another major's layout. */
final class XlogXactTranslation {
    private XlogXactTranslation() {
    }

    /** CheckPoint layout generations (catalog/pg_control.h). */
    private enum CheckpointLayout { PG13, PG17, PG19_BETA, PG19 }

    private static CheckpointLayout checkpointLayout(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16 -> CheckpointLayout.PG13;
            case PG17, PG18 -> CheckpointLayout.PG17;
            case PG19_BETA1, PG19_BETA3 -> CheckpointLayout.PG19_BETA;
            case PG19 -> CheckpointLayout.PG19;
        };
    }

    static void apply(Translator t, Translator.Rec r) {
        switch (r.src.rmid()) {
            case RmgrTable.TRANSACTION -> xact(t, r);
            case RmgrTable.STANDBY -> standby(t, r);
            case RmgrTable.XLOG2 -> {
                // XLOG2 (CHECKSUMS) is a resource manager of the 19 pre-releases only (rmgrlist.h)
                if (RmgrTable.maxBuiltinId(t.to()) < RmgrTable.XLOG2) {
                    throw t.fail(r, "the XLOG2 resource manager exists only in " + xlog2Versions());
                }
            }
            default -> xlog(t, r);
        }
    }

    private static void xlog(Translator t, Translator.Rec r) {
        WalVersion to = t.to();
        switch (r.info & 0xF0) {
            case XLOG_CHECKPOINT_SHUTDOWN, XLOG_CHECKPOINT_ONLINE -> checkpoint(t, r);
            case XLOG_END_OF_RECOVERY -> endOfRecovery(t, r);
            case XLOG_ASSIGN_LSN -> {
                // ASSIGN_LSN (19+) replaces GiST's XLOG_GIST_ASSIGN_LSN: another resource manager before 19
                if (RmgrTable.logs(t.from(), RmgrTable.XLOG, XLOG_ASSIGN_LSN)
                        && !RmgrTable.logs(to, RmgrTable.XLOG, XLOG_ASSIGN_LSN)) {
                    throw t.fail(r, "before 19 this is a GiST record (XLOG_GIST_ASSIGN_LSN)");
                }
            }
            case XLOG_CHECKPOINT_REDO -> checkpointRedo(t, r);
            case XLOG_LOGICAL_DECODING_STATUS_CHANGE -> {
                // LOGICAL_DECODING_STATUS_CHANGE (19+): before 19 logical decoding follows wal_level alone and
                // nothing is logged (xlog.c)
                if (RmgrTable.logs(t.from(), RmgrTable.XLOG, XLOG_LOGICAL_DECODING_STATUS_CHANGE)
                        && !RmgrTable.logs(to, RmgrTable.XLOG, XLOG_LOGICAL_DECODING_STATUS_CHANGE)) {
                    r.drop();
                }
            }
            default -> {
                // NOOP, NEXTOID, SWITCH, BACKUP_END, PARAMETER_CHANGE, RESTORE_POINT, FPW_CHANGE, FPI_FOR_HINT, FPI,
                // OVERWRITE_CONTRECORD: the same bytes in 13 to master
            }
        }
    }

    /**
     * CHECKPOINT_SHUTDOWN / CHECKPOINT_ONLINE, {@code CheckPoint} of catalog/pg_control.h: 13-16 have padding at
     * offset 20, 17 and 18 put {@code wal_level} there, 19 adds {@code logicalDecodingEnabled}, widens
     * {@code nextMultiOffset} to 64 bits and adds {@code dataChecksumState} (96 bytes). New fields: wal_level and
     * the checksum state from {@link StreamFacts}, logicalDecodingEnabled = (wal_level == logical), the 19 offset
     * as it was; dropped: a 19 offset becomes the 32-bit MultiXactOffset 13-18 use, which wraps around.
     */
    private static void checkpoint(Translator t, Translator.Rec r) {
        CheckpointLayout target = checkpointLayout(t.to());
        if (checkpointLayout(t.from()) == target) {
            return;
        }
        CheckPoint c = (CheckPoint) XlogCodec.decode(r.src);
        int pad17;
        if (c instanceof CheckPoint.Pg13 p) {
            pad17 = p.pad17();
        } else if (c instanceof CheckPoint.Pg17 p) {
            pad17 = p.pad17();
        } else {
            pad17 = ((CheckPoint.Wide) c).pad17();
        }
        int walLevel = c.walLevel() >= 0 ? c.walLevel() : t.facts().walLevel();
        long offset32 = c.nextMultiOffset() & 0xFFFFFFFFL;
        CheckPoint.Tail88 tail = new CheckPoint.Tail88(c.nextXid(), c.nextOid(), c.nextMulti(), offset32,
                c.oldestXid(), c.oldestXidDb(), c.oldestMulti(), c.oldestMultiDb(), 0, c.time(), c.oldestCommitTsXid(),
                c.newestCommitTsXid(), c.oldestActiveXid(), 0);
        CheckPoint out = switch (target) {
            case PG13 -> new CheckPoint.Pg13(c.shutdown(), c.redo(), c.thisTimeLineId(), c.prevTimeLineId(),
                    c.fullPageWrites(), pad17, 0, tail);
            case PG17 -> new CheckPoint.Pg17(c.shutdown(), c.redo(), c.thisTimeLineId(), c.prevTimeLineId(),
                    c.fullPageWrites(), pad17, walLevel, tail);
            case PG19_BETA -> new CheckPoint.Pg19Beta1(c.shutdown(), head92(c, pad17, walLevel),
                    t.facts().checksumVersion());
            case PG19 -> new CheckPoint.Pg19(c.shutdown(), head92(c, pad17, walLevel), 0);
        };
        r.main(XlogCodec.encode(out));
    }

    /** The 96-byte layouts' first 92 bytes of {@code c}, with the new fields and zero padding. */
    private static CheckPoint.Head92 head92(CheckPoint c, int pad17, int walLevel) {
        return new CheckPoint.Head92(c.redo(), c.thisTimeLineId(), c.prevTimeLineId(), c.fullPageWrites(), pad17,
                walLevel, logicalDecoding(c, walLevel), 0, c.nextXid(), c.nextOid(), c.nextMulti(),
                c.nextMultiOffset(), c.oldestXid(), c.oldestXidDb(), c.oldestMulti(), c.oldestMultiDb(), c.time(),
                c.oldestCommitTsXid(), c.newestCommitTsXid(), c.oldestActiveXid());
    }

    /** logicalDecodingEnabled: the source's where it has one (19 layouts), else wal_level == logical. */
    private static boolean logicalDecoding(CheckPoint c, int walLevel) {
        if (c instanceof CheckPoint.Wide w) {
            return w.logicalDecodingEnabled();
        }
        return walLevel == StreamFacts.WAL_LEVEL_LOGICAL;
    }

    private static String xlog2Versions() {
        return String.join(", ", java.util.Arrays.stream(WalVersion.values())
                .filter(v -> RmgrTable.maxBuiltinId(v) >= RmgrTable.XLOG2).map(WalVersion::label).toList());
    }

    /**
     * END_OF_RECOVERY, {@code xl_end_of_recovery} of access/xlog_internal.h: {@code end_time: int64,
     * ThisTimeLineID: uint32, PrevTimeLineID: uint32} (16 bytes, 13-16), plus {@code wal_level: int32} and 4 bytes of
     * padding (24 bytes, 17+).
     */
    private static void endOfRecovery(Translator t, Translator.Rec r) {
        int size = XlogOther.endOfRecoverySize(t.to());
        if (size == XlogOther.endOfRecoverySize(t.from())) {
            return;
        }
        int walLevelAt = XlogOther.END_OF_RECOVERY_WAL_LEVEL_OFFSET;
        if (r.main.length < walLevelAt) {
            throw t.fail(r, "main data of " + r.main.length + " bytes (expected: xl_end_of_recovery)");
        }
        byte[] m = LeBytes.resize(r.main, size);
        if (size > walLevelAt) {
            LeBytes.put32(m, walLevelAt, t.facts().walLevel());
        }
        r.main(m);
    }

    /**
     * CHECKPOINT_REDO (17+), written at the redo point of an online checkpoint (xlog.c): main data {@code int
     * wal_level} in 17 and 18, {@code xl_checkpoint_redo => wal_level: int32, data_checksum_version: uint32} in 19
     * (access/xlog_internal.h). Before 17 nothing is logged there: the record is left out.
     */
    private static void checkpointRedo(Translator t, Translator.Rec r) {
        if (!RmgrTable.logs(t.from(), RmgrTable.XLOG, XLOG_CHECKPOINT_REDO)) {
            return; // not a record before 17
        }
        if (!RmgrTable.logs(t.to(), RmgrTable.XLOG, XLOG_CHECKPOINT_REDO)) {
            r.drop();
            return;
        }
        // xl_checkpoint_redo of the 19 pre-releases adds data_checksum_version; 17, 18 and 19 log wal_level alone
        boolean wide = checkpointLayout(t.to()) == CheckpointLayout.PG19_BETA;
        if (wide == (checkpointLayout(t.from()) == CheckpointLayout.PG19_BETA)) {
            return;
        }
        if (r.main.length < 4) {
            throw t.fail(r, "main data of " + r.main.length + " bytes (expected: wal_level)");
        }
        byte[] m = LeBytes.resize(r.main, wide ? 8 : 4);
        if (wide) {
            LeBytes.put32(m, 4, t.facts().checksumVersion());
        }
        r.main(m);
    }

    /**
     * Transaction records, access/xact.h: COMMIT and ABORT gain the dropped-statistics part
     * ({@code xl_xact_stats_items}, XACT_XINFO_HAS_DROPPED_STATS) in 15, whose item grows from 12 to 16 bytes in 18
     * (a 64-bit object id); PREPARE's {@code xl_xact_prepare} gains {@code ncommitstats} and {@code nabortstats} and
     * the two stats arrays in 15 ({@link XactLayout}). Going to 13 or 14 the statistics are dropped (those majors
     * drop them at the next stats write, not in WAL) and XLOG_XACT_HAS_INFO goes when no other xinfo bit is left
     * (XactLogCommitRecord sets it only for a non-zero xinfo); an 18 object id above 2^32 cannot be held by 15-17.
     * Going up from 13 or 14 there are no statistics to log: the object ids are OIDs of the dropped relations,
     * which the record does not name (it names relfilenodes). XLOG_XACT_INVALIDATIONS (14+) is left out for 13,
     * which logs no command-end invalidations.
     */
    private static void xact(Translator t, Translator.Rec r) {
        int op = r.info & XactType.XLOG_XACT_OPMASK;
        if (op == XactType.XLOG_XACT_INVALIDATIONS) {
            if (!RmgrTable.logs(t.to(), RmgrTable.TRANSACTION, XactType.XLOG_XACT_INVALIDATIONS)) {
                r.drop();
            } else if (dropsRelSync(t)) {
                filterInvalidations(r, 0, 4);
            }
            return;
        }
        XactLayout target = XactLayout.of(t.to());
        if (XactLayout.of(t.from()) == target || op == XactType.XLOG_XACT_ASSIGNMENT) {
            return;
        }
        XactRecord x = XactCodec.decode(r.src);
        if (x instanceof XactCommit c) {
                long xinfo = xinfo(c.xinfo(), target);
                List<InvalidationMessage> msgs = messages(t, c.msgs());
                if (msgs.isEmpty()) {
                    xinfo &= ~XactType.XACT_XINFO_HAS_INVALS;
                }
                XactCommit n = new XactCommit(target, c.prepared(), c.xactTime(), c.hasXinfo() && xinfo != 0, xinfo,
                        c.dbId(), c.tsId(), c.subxacts(), c.rels(), stats(t, r, c.droppedStats(), target), msgs,
                        c.twophaseXid(), c.gid(), c.originLsn(), c.originTimestamp());
                r.main(n.encode().mainData().toByteArray());
                r.code(n.info());
        } else if (x instanceof XactAbort a) {
                long xinfo = xinfo(a.xinfo(), target);
                XactAbort n = new XactAbort(target, a.prepared(), a.xactTime(), a.hasXinfo() && xinfo != 0, xinfo,
                        a.dbId(), a.tsId(), a.subxacts(), a.rels(), stats(t, r, a.droppedStats(), target),
                        a.twophaseXid(), a.gid(), a.originLsn(), a.originTimestamp());
                r.main(n.encode().mainData().toByteArray());
                r.code(n.info());
        } else if (x instanceof XactPrepare p) {
            r.main(prepare(t, r, p, target));
        }
    }

    /** {@code SHAREDINVALRELSYNC_ID} (storage/sinval.h), a message type of 18+. */
    private static final int RELSYNC_ID = -6;

    /** Whether {@code v} has the relsync invalidation message (18+: publication changes for logical replication). */
    private static boolean relSync(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16, PG17 -> false;
            case PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /** Whether the source's relsync messages must go: a major before 18 neither sends nor logs them. */
    private static boolean dropsRelSync(Translator t) {
        return relSync(t.from()) && !relSync(t.to());
    }

    private static List<InvalidationMessage> messages(Translator t, List<InvalidationMessage> msgs) {
        if (!dropsRelSync(t)) {
            return msgs;
        }
        List<InvalidationMessage> out = new ArrayList<>(msgs.size());
        for (InvalidationMessage m : msgs) {
            if (m.id() != RELSYNC_ID) {
                out.add(m);
            }
        }
        return out;
    }

    /**
     * Removes the relsync messages of an invalidation array at {@code msgsAt} whose int32 count is at
     * {@code countAt}; a record left without messages is left out (the server logs these records only for a
     * non-zero count).
     */
    private static void filterInvalidations(Translator.Rec r, int countAt, int msgsAt) {
        byte[] m = r.main;
        if (m.length < msgsAt) {
            return;
        }
        int n = LeBytes.i32(m, countAt);
        if (n < 0 || (long) msgsAt + 16L * n > m.length) {
            return; // RecordCheck names the malformed record
        }
        java.io.ByteArrayOutputStream kept = new java.io.ByteArrayOutputStream();
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (m[msgsAt + 16 * i] != RELSYNC_ID) {
                kept.write(m, msgsAt + 16 * i, 16);
                k++;
            }
        }
        if (k == n) {
            return;
        }
        if (k == 0) {
            r.drop();
            return;
        }
        byte[] out = LeBytes.splice(m, msgsAt, 16 * n, kept.toByteArray());
        LeBytes.put32(out, countAt, k);
        r.main(out);
    }

    /**
     * Standby INVALIDATIONS, storage/standbydefs.h {@code xl_invalidations => dbId, tsId: uint32,
     * relcacheInitFileInval: bool, pad: 3, nmsgs: int32, msgs[]}: the same layout in 13 to master; 18's relsync
     * messages are removed for a major before 18. RUNNING_XACTS and LOCK have the same bytes in 13 to master.
     */
    private static void standby(Translator t, Translator.Rec r) {
        if ((r.info & 0xF0) == 0x20 && dropsRelSync(t)) {
            filterInvalidations(r, 12, 16);
        }
    }

    private static long xinfo(long xinfo, XactLayout target) {
        return target.hasStats() ? xinfo : xinfo & ~XactType.XACT_XINFO_HAS_DROPPED_STATS;
    }

    private static List<DroppedStats> stats(Translator t, Translator.Rec r, List<DroppedStats> s, XactLayout target) {
        if (!target.hasStats()) {
            return List.of();
        }
        if (target == XactLayout.PG15) {
            for (DroppedStats d : s) {
                if (d.objId() >>> 32 != 0) {
                    throw t.fail(r, "dropped-statistics object id " + Long.toUnsignedString(d.objId())
                            + " does not fit the 32-bit objoid of xl_xact_stats_item before 18");
                }
            }
        }
        return s;
    }

    /**
     * PREPARE: the two-phase state file (twophase.c, StartPrepare/EndPrepare) in the target's {@code xl_xact_prepare}
     * layout; {@code total_len} is the file's length, the record's main data plus the trailing pg_crc32c (checked
     * against real 13-18 captures). Alignment padding is written as zeros, as 13-15 write it. The two-phase
     * resource-manager records after the invalidation messages (locks, predicate locks, pgstat, multixact) are carried
     * as they are: their layouts are the same in 13 to master.
     */
    private static byte[] prepare(Translator t, Translator.Rec r, XactPrepare p, XactLayout target) {
        List<DroppedStats> commit = stats(t, r, p.commitStats(), target);
        List<DroppedStats> abort = stats(t, r, p.abortStats(), target);
        int pad = alignPad(p.gid().length() + 1L) + alignPad(4L * p.subxacts().size())
                + alignPad(12L * p.commitRels().size()) + alignPad(12L * p.abortRels().size());
        if (target.hasStats()) {
            pad += alignPad((long) target.statsItemSize() * commit.size())
                    + alignPad((long) target.statsItemSize() * abort.size());
        }
        Bytes padding = Bytes.of(new byte[pad]);
        List<RelFileLocator> commitRels = new ArrayList<>(p.commitRels());
        XactPrepare n = new XactPrepare(target, p.magic(), 0, p.xid(), p.database(), p.preparedAt(), p.owner(),
                p.initfileinval(), p.pad(), p.originLsn(), p.originTimestamp(), p.gid(), p.subxacts(), commitRels,
                p.abortRels(), commit, abort, messages(t, p.msgs()), padding, p.rmgrData());
        int len = n.encode().mainData().length();
        n = new XactPrepare(target, p.magic(), len + 4L, p.xid(), p.database(), p.preparedAt(), p.owner(),
                p.initfileinval(), p.pad(), p.originLsn(), p.originTimestamp(), p.gid(), p.subxacts(), commitRels,
                p.abortRels(), commit, abort, messages(t, p.msgs()), padding, p.rmgrData());
        return n.encode().mainData().toByteArray();
    }

    private static int alignPad(long len) {
        return (int) (((len + 7) & ~7L) - len);
    }
}
