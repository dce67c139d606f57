package org.walprism.testdata.kaitai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.testdata.Capture;
import org.walprism.testdata.kaitai.KaitaiWalRecords.KaitaiRecord;

/**
 * Checks the Kaitai-generated parser against PostgreSQL itself: every record pg_waldump printed for a
 * capture ({@code waldump-b.txt}, pg_waldump's {@code -b} output of the same major) must be found by the
 * Kaitai reassembly at the same LSN with the same lengths, xid, prev-link and resource manager, the same
 * block references (relation, fork, block, FPW, hole offset and length, compression), for Heap2
 * prune records the same typed fields pg_waldump's desc shows (horizon, catalog flag, VM flags, counts,
 * freeze plans and every offset array), and for the XLOG records the spec types (checkpoints, CHECKPOINT_REDO,
 * LOGICAL_DECODING_STATUS_CHANGE, NEXTOID, PARAMETER_CHANGE, FPW_CHANGE, END_OF_RECOVERY, OVERWRITE_CONTRECORD,
 * BACKUP_END, RESTORE_POINT) the whole desc, rebuilt from the Kaitai fields as xlog_desc (rmgrdesc/xlogdesc.c)
 * prints it: 19's checkpoint records carry no checksum state, its pre-releases' do.
 */
class KaitaiOracleTest {

    private static final String[] RMGR_NAMES = {"XLOG", "Transaction", "Storage", "CLOG", "Database",
        "Tablespace", "MultiXact", "RelMap", "Standby", "Heap2", "Heap", "Btree", "Hash", "Gin", "Gist",
        "Sequence", "SPGist", "BRIN", "CommitTs", "ReplicationOrigin", "Generic", "LogicalMessage", "XLOG2"};

    private static final Pattern RECORD_LINE = Pattern.compile(
            "^rmgr: (\\S+)\\s+len \\(rec/tot\\):\\s+(\\d+)/\\s*(\\d+), tx:\\s+(\\d+), lsn: ([0-9A-F]+)/([0-9A-F]+),"
                    + " prev ([0-9A-F]+)/([0-9A-F]+), desc: (.*)$");
    private static final Pattern BLOCK_LINE = Pattern.compile(
            "^\\tblkref #(\\d+): rel (\\d+)/(\\d+)/(\\d+) fork (\\w+) blk (\\d+)"
                    + "(?: \\(FPW( for WAL verification)?\\); hole: offset: (\\d+), length: (\\d+)"
                    + "(?:, compression saved: (\\d+)(?:, method: (\\w+))?)?)?$");

    /** One record as pg_waldump printed it. */
    record OracleRecord(String rmgr, int recLen, long totLen, long xid, long lsn, long prev, String desc,
                        List<Matcher> blocks) {
    }

    static Stream<Capture> captures() {
        return KaitaiCaptures.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void everyRecordPgWaldumpPrintsParsesIdentically(Capture capture) throws IOException {
        KaitaiWalRecords.Result result = KaitaiWalRecords.read(capture.walDir());
        Map<Long, KaitaiRecord> byLsn = new HashMap<>();
        for (KaitaiRecord r : result.records()) {
            byLsn.put(r.lsn(), r);
        }
        assumeTrue(capture.has("waldump-b.txt"), capture.name() + " has no pg_waldump -b oracle");
        List<OracleRecord> oracle = readWaldumpB(capture.oracle("waldump-b.txt"));
        assertFalse(oracle.isEmpty(), "no records in the oracle of " + capture.name());
        int heap2Checked = 0;
        int xlogChecked = 0;
        for (OracleRecord o : oracle) {
            KaitaiRecord k = byLsn.get(o.lsn);
            String at = capture.name() + " " + String.format("%X/%08X", o.lsn >>> 32, o.lsn & 0xFFFFFFFFL);
            assertNotNull(k, "Kaitai reassembly has no record at " + at + " (stopped: " + result.stopReason() + ")");
            PostgresqlWal.XlogRecord p = k.parsed();
            assertEquals(o.totLen, p.lenTotal(), "xl_tot_len at " + at);
            assertEquals(o.prev, p.prevLsn(), "xl_prev at " + at);
            assertEquals(o.xid, p.xid(), "xl_xid at " + at);
            assertEquals(o.rmgr, RMGR_NAMES[p.rmgrId()], "rmgr at " + at);
            checkBlocks(o, p, at);
            if (p.rmgrId() == 9 && p.heap2Main() != null) {
                heap2Checked += checkHeap2Desc(o, p, at) ? 1 : 0;
            }
            if (p.rmgrId() == 0 && p.xlogMain() != null) {
                xlogChecked += checkXlogDesc(o, p, k.major(), at) ? 1 : 0;
            }
        }
        System.out.printf("%s: Kaitai read %d records (stopped: %s); %d pg_waldump records compared,"
                + " %d of them Heap2 prune records and %d XLOG records with typed fields%n", capture.name(),
                result.records().size(), result.stopReason(), oracle.size(), heap2Checked, xlogChecked);
        if (oracle.stream().anyMatch(o -> o.rmgr.equals("XLOG") && o.desc.startsWith("CHECKPOINT_"))) {
            assertTrue(xlogChecked > 0, "no XLOG checkpoint record compared in " + capture.name());
        }
        if (oracle.stream().anyMatch(o -> o.rmgr.equals("Heap2") && o.desc.startsWith("PRUNE_"))) {
            assertTrue(heap2Checked > 0, "no Heap2 prune record was compared in " + capture.name());
        }
    }

    private static void checkBlocks(OracleRecord o, PostgresqlWal.XlogRecord p, String at) {
        List<PostgresqlWal.RecordHeaderEntry> blocks = new ArrayList<>();
        if (p.headers() != null) {
            for (PostgresqlWal.RecordHeaderEntry e : p.headers()) {
                if (e.isBlockRef()) {
                    blocks.add(e);
                }
            }
        }
        assertEquals(o.blocks.size(), blocks.size(), "block count at " + at);
        long fpi = 0;
        PostgresqlWal.RelFileLocator rel = null;
        for (int i = 0; i < blocks.size(); i++) {
            Matcher m = o.blocks.get(i);
            PostgresqlWal.RecordHeaderEntry e = blocks.get(i);
            PostgresqlWal.BlockHeader b = e.block();
            if (!b.isSameRel()) {
                rel = b.rel();
            }
            String bat = "block #" + e.blockId() + " at " + at;
            assertNotNull(rel, "relation of " + bat);
            assertEquals(Integer.parseInt(m.group(1)), e.blockId(), "block id at " + at);
            assertEquals(Long.parseLong(m.group(2)), rel.spcOid(), "spcOid of " + bat);
            assertEquals(Long.parseLong(m.group(3)), rel.dbOid(), "dbOid of " + bat);
            assertEquals(Long.parseLong(m.group(4)), rel.relNumber(), "relNumber of " + bat);
            assertEquals(m.group(5), b.forkNumber().name().toLowerCase(), "fork of " + bat);
            assertEquals(Long.parseLong(m.group(6)), b.blockNumber(), "block number of " + bat);
            boolean fpw = m.group(9) != null;
            assertEquals(fpw, b.hasImage(), "FPW of " + bat);
            if (fpw) {
                PostgresqlWal.BlockImageHeader img = b.imageHeader();
                fpi += img.lenImage();
                assertEquals(m.group(7) == null, img.isApply(), "BKPIMAGE_APPLY of " + bat);
                assertEquals(Integer.parseInt(m.group(8)), img.ofsHole(), "hole offset of " + bat);
                assertEquals(Long.parseLong(m.group(9)), img.lenHole().longValue(), "hole length of " + bat);
                assertEquals(m.group(10) != null, img.isCompressed(), "compressed of " + bat);
                if (m.group(10) != null) {
                    assertEquals(Long.parseLong(m.group(10)), 8192 - img.lenHole().longValue() - img.lenImage(),
                            "compression saved of " + bat);
                    // 13/14 print no method: pglz is the only one there
                    String method = m.group(11) == null ? "pglz" : m.group(11);
                    assertEquals(method, img.compression().name().toLowerCase(), "method of " + bat);
                }
            }
        }
        assertEquals(o.recLen, p.lenTotal() - fpi, "rec length at " + at);
    }

    private static final Pattern HORIZON = Pattern.compile("snapshotConflictHorizon: (\\d+)");
    private static final Pattern CATALOG = Pattern.compile("isCatalogRel: ([TF])");
    private static final Pattern VM_FLAGS = Pattern.compile("vm_flags: 0x([0-9A-F]+)");
    private static final Pattern COUNTS = Pattern.compile(
            "nplans: (\\d+), nredirected: (\\d+), ndead: (\\d+), nunused: (\\d+)");
    private static final Pattern PLAN = Pattern.compile(
            "\\{ xmax: (\\d+), infomask: (\\d+), infomask2: (\\d+), ntuples: (\\d+), offsets: \\[([^\\]]*)\\] \\}");

    /** Compares the prune records of 17 and later with their desc; returns whether it compared one. */
    private static boolean checkHeap2Desc(OracleRecord o, PostgresqlWal.XlogRecord p, String at) {
        PostgresqlWal.Heap2MainData main = p.heap2Main();
        int flags;
        long horizon;
        int vmFlags = 0;
        switch (main.layout()) {
            case PRUNE_PG17 -> {
                PostgresqlWal.HeapPrunePg17 m = (PostgresqlWal.HeapPrunePg17) main.body();
                flags = m.flags();
                horizon = m.hasConflictHorizon() ? m.snapshotConflictHorizon() : 0;
            }
            case PRUNE_PG19 -> {
                PostgresqlWal.HeapPrunePg19 m = (PostgresqlWal.HeapPrunePg19) main.body();
                flags = m.flags();
                horizon = m.hasConflictHorizon() ? m.snapshotConflictHorizon() : 0;
                vmFlags = m.vmFlags();
            }
            default -> {
                return false;
            }
        }
        assertTrue(o.desc.startsWith("PRUNE_"), "desc of a prune record at " + at + ": " + o.desc);
        // pg_waldump prints the horizon only when XLHP_HAS_CONFLICT_HORIZON is set
        Matcher h = HORIZON.matcher(o.desc);
        assertEquals(h.find(), (flags & 0x08) != 0, "XLHP_HAS_CONFLICT_HORIZON at " + at);
        if ((flags & 0x08) != 0) {
            assertEquals(Long.parseLong(h.group(1)), horizon, "horizon at " + at);
        }
        assertEquals(find(CATALOG, o.desc, at).group(1).equals("T"), (flags & 0x02) != 0, "isCatalogRel at " + at);
        Matcher vm = VM_FLAGS.matcher(o.desc);
        assertEquals(vm.find() ? Integer.parseInt(vm.group(1), 16) : 0, vmFlags, "vm_flags at " + at);
        Matcher counts = COUNTS.matcher(o.desc);
        PostgresqlWal.Heap2BlockData block = p.heap2Block0();
        if (!counts.find()) {
            assertNull(block, "block 0 data without counts in the desc at " + at);
            return true;
        }
        assertNotNull(block, "block 0 data at " + at);
        PostgresqlWal.HeapPruneBlockPg17 b = (PostgresqlWal.HeapPruneBlockPg17) block.body();
        int nplans = b.freezePlans() == null ? 0 : b.freezePlans().numPlans();
        int nredirected = b.redirections() == null ? 0 : b.redirections().numTargets();
        int ndead = b.dead() == null ? 0 : b.dead().numTargets();
        int nunused = b.nowUnused() == null ? 0 : b.nowUnused().numTargets();
        assertEquals(Integer.parseInt(counts.group(1)), nplans, "nplans at " + at);
        assertEquals(Integer.parseInt(counts.group(2)), nredirected, "nredirected at " + at);
        assertEquals(Integer.parseInt(counts.group(3)), ndead, "ndead at " + at);
        assertEquals(Integer.parseInt(counts.group(4)), nunused, "nunused at " + at);
        assertTrue(b._io().isEof(), "block 0 data fully consumed at " + at);

        StringBuilder redirected = new StringBuilder();
        if (b.redirections() != null) {
            for (PostgresqlWal.RedirectPair r : b.redirections().pairs()) {
                redirected.append(redirected.length() == 0 ? "" : ", ").append(r.from()).append("->").append(r.to());
            }
        }
        assertEquals(array(o.desc, "redirected"), nredirected == 0 ? null : redirected.toString(),
                "redirected at " + at);
        assertEquals(array(o.desc, "dead"), ndead == 0 ? null : join(b.dead().offsets()), "dead at " + at);
        assertEquals(array(o.desc, "unused"), nunused == 0 ? null : join(b.nowUnused().offsets()),
                "unused at " + at);
        Matcher plan = PLAN.matcher(o.desc);
        for (int i = 0; i < nplans; i++) {
            assertTrue(plan.find(), "plan " + i + " in the desc at " + at);
            PostgresqlWal.HeapFreezePlan fp = b.freezePlans().plans().get(i);
            assertEquals(Long.parseLong(plan.group(1)), fp.xmax(), "plan xmax at " + at);
            assertEquals(Integer.parseInt(plan.group(2)), fp.tInfomask(), "plan infomask at " + at);
            assertEquals(Integer.parseInt(plan.group(3)), fp.tInfomask2(), "plan infomask2 at " + at);
            assertEquals(Integer.parseInt(plan.group(4)), fp.numTuples(), "plan ntuples at " + at);
            assertEquals(plan.group(5), join(b.frozenOffsets().get(i).offsets()), "plan offsets at " + at);
        }
        assertFalse(plan.find(), "more plans in the desc than parsed at " + at);
        return true;
    }

    private static final String[] WAL_LEVELS = {"minimal", "replica", "logical"};
    private static final String[] CHECKSUM_STATES = {"off", "on", "inprogress-off", "inprogress-on"};
    private static final DateTimeFormatter PG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS 'UTC'")
            .withZone(ZoneOffset.UTC);
    /** 2000-01-01 00:00:00 UTC, the epoch of TimestampTz, in Unix seconds. */
    private static final long PG_EPOCH = 946_684_800L;

    private static String walLevel(int level) {
        return level >= 0 && level < WAL_LEVELS.length ? WAL_LEVELS[level] : "?";
    }

    /** An LSN as xlog_desc prints it: {@code %X/%X} up to 18, {@code %X/%08X} from 19. */
    private static String lsnText(long lsn, int major) {
        return String.format(major >= 19 ? "%X/%08X" : "%X/%X", lsn >>> 32, lsn & 0xFFFFFFFFL);
    }

    /** A TimestampTz (microseconds since 2000-01-01) as timestamptz_to_str prints it in a UTC session. */
    private static String time(long micros) {
        return PG_TIME.format(Instant.ofEpochSecond(PG_EPOCH + Math.floorDiv(micros, 1_000_000L),
                Math.floorMod(micros, 1_000_000L) * 1000));
    }

    /** The XLOG desc rebuilt from the Kaitai fields: {@code xlog_desc} of the major; null for an untyped record. */
    static String xlogDesc(PostgresqlWal.XlogMainData main, int major) {
        Object b = main.body();
        return switch (main.layout()) {
            case CHECKPOINT_PG13 -> {
                PostgresqlWal.XlogCheckpointPg13 c = (PostgresqlWal.XlogCheckpointPg13) b;
                yield checkpoint(major, c.redo(), c.thisTimeline(), c.prevTimeline(), c.fullPageWrites(), null, null,
                        c.nextXid(), c.nextOid(), c.nextMulti(), c.nextMultiOffset(), c.oldestXid(), c.oldestXidDb(),
                        c.oldestMulti(), c.oldestMultiDb(), c.oldestCommitTsXid(), c.newestCommitTsXid(),
                        c.oldestActiveXid(), null, main.isShutdown());
            }
            case CHECKPOINT_PG17 -> {
                PostgresqlWal.XlogCheckpointPg17 c = (PostgresqlWal.XlogCheckpointPg17) b;
                yield checkpoint(major, c.redo(), c.thisTimeline(), c.prevTimeline(), c.fullPageWrites(),
                        c.walLevel(), null, c.nextXid(), c.nextOid(), c.nextMulti(), c.nextMultiOffset(),
                        c.oldestXid(), c.oldestXidDb(), c.oldestMulti(), c.oldestMultiDb(), c.oldestCommitTsXid(),
                        c.newestCommitTsXid(), c.oldestActiveXid(), null, main.isShutdown());
            }
            case CHECKPOINT_PG19_BETA1 -> {
                PostgresqlWal.XlogCheckpointPg19Beta1 c = (PostgresqlWal.XlogCheckpointPg19Beta1) b;
                yield checkpoint(major, c.redo(), c.thisTimeline(), c.prevTimeline(), c.fullPageWrites(),
                        c.walLevel(), c.logicalDecodingEnabled(), c.nextXid(), c.nextOid(), c.nextMulti(),
                        c.nextMultiOffset(), c.oldestXid(), c.oldestXidDb(), c.oldestMulti(), c.oldestMultiDb(),
                        c.oldestCommitTsXid(), c.newestCommitTsXid(), c.oldestActiveXid(), c.dataChecksumState(),
                        main.isShutdown());
            }
            case CHECKPOINT_PG19 -> {
                PostgresqlWal.XlogCheckpointPg19 c = (PostgresqlWal.XlogCheckpointPg19) b;
                yield checkpoint(major, c.redo(), c.thisTimeline(), c.prevTimeline(), c.fullPageWrites(),
                        c.walLevel(), c.logicalDecodingEnabled(), c.nextXid(), c.nextOid(), c.nextMulti(),
                        c.nextMultiOffset(), c.oldestXid(), c.oldestXidDb(), c.oldestMulti(), c.oldestMultiDb(),
                        c.oldestCommitTsXid(), c.newestCommitTsXid(), c.oldestActiveXid(), null, main.isShutdown());
            }
            case CHECKPOINT_REDO_PG17 -> "wal_level " + walLevel(((PostgresqlWal.XlogCheckpointRedoPg17) b).walLevel());
            case CHECKPOINT_REDO_PG19_BETA1 -> {
                PostgresqlWal.XlogCheckpointRedoPg19Beta1 r = (PostgresqlWal.XlogCheckpointRedoPg19Beta1) b;
                yield "wal_level " + walLevel(r.walLevel()) + "; checksums "
                        + CHECKSUM_STATES[(int) r.dataChecksumVersion()];
            }
            case LOGICAL_DECODING_STATUS_CHANGE ->
                    ((PostgresqlWal.XlogLogicalDecodingStatusChange) b).enabled() != 0 ? "true" : "false";
            case NEXT_OID -> Long.toString(((PostgresqlWal.XlogNextOid) b).nextOid());
            case BACKUP_END -> lsnText(((PostgresqlWal.XlogBackupEnd) b).startPoint(), major);
            case PARAMETER_CHANGE -> {
                PostgresqlWal.XlogParameterChange c = (PostgresqlWal.XlogParameterChange) b;
                yield "max_connections=" + c.maxConnections() + " max_worker_processes=" + c.maxWorkerProcesses()
                        + " max_wal_senders=" + c.maxWalSenders() + " max_prepared_xacts=" + c.maxPreparedXacts()
                        + " max_locks_per_xact=" + c.maxLocksPerXact() + " wal_level=" + walLevel(c.walLevel())
                        + " wal_log_hints=" + (c.walLogHints() != 0 ? "on" : "off")
                        + " track_commit_timestamp=" + (c.trackCommitTimestamp() != 0 ? "on" : "off");
            }
            case RESTORE_POINT -> ((PostgresqlWal.XlogRestorePoint) b).name();
            case FPW_CHANGE -> ((PostgresqlWal.XlogFpwChange) b).fullPageWrites() != 0 ? "true" : "false";
            case END_OF_RECOVERY_PG13 -> {
                PostgresqlWal.XlogEndOfRecoveryPg13 e = (PostgresqlWal.XlogEndOfRecoveryPg13) b;
                yield "tli " + e.thisTimeline() + "; prev tli " + e.prevTimeline() + "; time " + time(e.endTime());
            }
            case END_OF_RECOVERY_PG17 -> {
                PostgresqlWal.XlogEndOfRecoveryPg17 e = (PostgresqlWal.XlogEndOfRecoveryPg17) b;
                yield "tli " + e.thisTimeline() + "; prev tli " + e.prevTimeline() + "; time " + time(e.endTime())
                        + "; wal_level " + walLevel(e.walLevel());
            }
            case OVERWRITE_CONTRECORD -> {
                PostgresqlWal.XlogOverwriteContrecord c = (PostgresqlWal.XlogOverwriteContrecord) b;
                yield "lsn " + lsnText(c.overwrittenLsn(), major) + "; time " + time(c.overwriteTime());
            }
            case UNKNOWN -> null;
        };
    }

    private static String checkpoint(int major, long redo, long tli, long prevTli, int fpw, Integer walLevel,
                                     Integer logical, long nextXid, long oid, long multi, long offset, long oldestXid,
                                     long oldestXidDb, long oldestMulti, long oldestMultiDb, long oldestCommitTs,
                                     long newestCommitTs, long oldestActive, Long checksums, boolean shutdown) {
        StringBuilder sb = new StringBuilder();
        sb.append("redo ").append(lsnText(redo, major)).append("; tli ").append(tli).append("; prev tli ")
                .append(prevTli).append("; fpw ").append(fpw != 0 ? "true" : "false");
        if (walLevel != null) {
            sb.append("; wal_level ").append(walLevel(walLevel));
        }
        if (logical != null) {
            sb.append("; logical decoding ").append(logical != 0 ? "true" : "false");
        }
        sb.append("; xid ").append(nextXid >>> 32).append(':').append(nextXid & 0xFFFFFFFFL)
                .append("; oid ").append(oid).append("; multi ").append(multi).append("; offset ").append(offset)
                .append("; oldest xid ").append(oldestXid).append(" in DB ").append(oldestXidDb)
                .append("; oldest multi ").append(oldestMulti).append(" in DB ").append(oldestMultiDb)
                .append("; oldest/newest commit timestamp xid: ").append(oldestCommitTs).append('/')
                .append(newestCommitTs).append("; oldest running xid ").append(oldestActive);
        if (checksums != null) {
            sb.append("; checksums ").append(CHECKSUM_STATES[checksums.intValue()]);
        }
        return sb.append("; ").append(shutdown ? "shutdown" : "online").toString();
    }

    /** Compares a typed XLOG record's desc with pg_waldump's; returns whether it compared one. */
    private static boolean checkXlogDesc(OracleRecord o, PostgresqlWal.XlogRecord p, int major, String at) {
        PostgresqlWal.XlogMainData main = p.xlogMain();
        assertTrue(main._io().isEof(), "Kaitai consumed all XLOG main data at " + at);
        String expected = xlogDesc(main, major);
        if (expected == null) {
            return false;
        }
        int space = o.desc.indexOf(' ');
        String desc = space < 0 ? "" : o.desc.substring(space + 1);
        // pg_waldump ends every desc with a space before the block references it prints on lines of their own
        assertEquals(desc.strip(), expected, "desc of " + o.desc.substring(0, Math.max(space, 0)) + " at " + at);
        return true;
    }

    private static Matcher find(Pattern p, String text, String at) {
        Matcher m = p.matcher(text);
        assertTrue(m.find(), p + " in the desc at " + at + ": " + text);
        return m;
    }

    /** The text inside {@code name: [...]} of a desc, or null when absent. */
    private static String array(String desc, String name) {
        Matcher m = Pattern.compile("(?<![a-z_])" + name + ": \\[([^\\]]*)\\]").matcher(desc);
        return m.find() ? m.group(1) : null;
    }

    private static String join(List<Integer> values) {
        StringBuilder s = new StringBuilder();
        for (Integer v : values) {
            s.append(s.length() == 0 ? "" : ", ").append(v);
        }
        return s.toString();
    }

    static List<OracleRecord> readWaldumpB(Path file) throws IOException {
        List<OracleRecord> out = new ArrayList<>();
        OracleRecord current = null;
        for (String line : Files.readAllLines(file)) {
            Matcher r = RECORD_LINE.matcher(line);
            if (r.matches()) {
                current = new OracleRecord(r.group(1), Integer.parseInt(r.group(2)), Long.parseLong(r.group(3)),
                        Long.parseLong(r.group(4)), lsn(r.group(5), r.group(6)), lsn(r.group(7), r.group(8)),
                        r.group(9), new ArrayList<>());
                out.add(current);
                continue;
            }
            Matcher b = BLOCK_LINE.matcher(line);
            if (b.matches() && current != null) {
                current.blocks.add(b);
                continue;
            }
            if (line.startsWith("\tblkref")) {
                throw new AssertionError("unrecognised block line in " + file + ": " + line);
            }
        }
        return out;
    }

    private static long lsn(String hi, String lo) {
        return (Long.parseLong(hi, 16) << 32) | Long.parseLong(lo, 16);
    }
}
