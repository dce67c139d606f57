package org.walprism.codec.rmgr.xlog;

import org.walprism.codec.testsupport.Captures;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.testsupport.SegmentFiles;
import org.walprism.testdata.Capture;

class XlogCodecTest {

    static Stream<Capture> captures() {
        return Captures.all().stream();
    }

    /**
     * LSN -> desc text of XLOG records as PostgreSQL prints it: pg_waldump's lines where that oracle exists, else
     * pg_walinspect's description column (record type name, a space, then the same desc text).
     */
    private static Map<Long, String> oracle(Capture c) throws IOException {
        Map<Long, String> out = new HashMap<>();
        if (c.has("waldump.txt")) {
            for (String line : c.oracleText("waldump.txt").split("\n")) {
                if (line.startsWith("rmgr: XLOG ")) {
                    int l = line.indexOf("lsn: ") + 5;
                    out.put(Lsn.parse(line.substring(l, line.indexOf(',', l))).value(),
                            line.substring(line.indexOf("desc: ") + 6));
                }
            }
        } else if (c.has("records.tsv")) {
            for (String line : c.oracleText("records.tsv").split("\n")) {
                String[] f = line.split("\t", -1);
                if (f.length > 9 && f[4].equals("XLOG")) {
                    out.put(Lsn.parse(f[0]).value(), f[5] + " " + f[9]);
                }
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void everyXlogRecordEncodesBackAndCheckpointsMatchPgWaldump(Capture capture) throws IOException {
        Map<Long, String> oracle = oracle(capture);
        AtomicInteger n = new AtomicInteger();
        AtomicInteger checkpoints = new AtomicInteger();
        AtomicInteger redos = new AtomicInteger();
        // every record of the WAL directory round-trips; the oracle covers the measured range
        long start = capture.startLsn();
        long end = capture.endLsn();
        try (WalReader reader = SegmentFiles.reader(capture.walDir(), 0, 0)) {
            for (DecodedRecord r = reader.next(); r != null; r = reader.next()) {
                if (r.rmid() == RmgrTable.XLOG) {
                    n.incrementAndGet();
                    boolean inRange = Long.compareUnsigned(r.recordLsn().value(), start) >= 0 && Long.compareUnsigned(r.recordLsn().value(), end) < 0;
                    check(r, inRange ? oracle : Map.of(), inRange, checkpoints, redos);
                }
            }
        }
        System.out.println(capture.name() + ": " + n + " XLOG records round-tripped, " + checkpoints
                + " checkpoints and " + redos + " CHECKPOINT_REDO checked against the oracle");
    }

    private static final String[] WAL_LEVELS = {"minimal", "replica", "logical"};

    private static void check(DecodedRecord r, Map<Long, String> oracle, boolean inRange, AtomicInteger checkpoints,
                              AtomicInteger redos) {
        XlogRecord x = XlogCodec.decode(r);
        assertArrayEquals(r.mainData(), x.encode(), "main data at " + r.recordLsn().value());
        assertEquals(x, XlogCodec.decode(r.version(), r.info(), x.encode(), r.blocks()));
        int op = r.info() & 0xF0;
        if (r.version().atLeast(WalVersion.PG17) && op == CheckpointRedo.XLOG_CHECKPOINT_REDO) {
            assertInstanceOf(CheckpointRedo.class, x, "CHECKPOINT_REDO typed at " + r.recordLsn().value());
        }
        if (r.version().atLeast(WalVersion.PG19_BETA1)
                && op == LogicalDecodingStatusChange.XLOG_LOGICAL_DECODING_STATUS_CHANGE) {
            assertInstanceOf(LogicalDecodingStatusChange.class, x, "status change typed at " + r.recordLsn().value());
        }
        String desc = oracle.get(r.recordLsn().value());
        if (desc == null) {
            assertTrue(!inRange || oracle.isEmpty(), "no oracle line for the XLOG record at " + r.recordLsn().value());
            return;
        }
        // 19's pre-releases print the data-checksum state of checkpoints and CHECKPOINT_REDO; 19 has none
        boolean checksums = r.version().isPreRelease();
        if (x instanceof CheckpointRedo redo) {
            redos.incrementAndGet();
            String want = "CHECKPOINT_REDO wal_level " + WAL_LEVELS[redo.walLevel()];
            if (redo instanceof CheckpointRedo.Pg19Beta1 b) {
                want += "; checksums " + new String[] {"off", "on", "inprogress-off", "inprogress-on"}[
                        (int) b.dataChecksumVersion()];
            }
            assertEquals(want, desc.strip(), "CHECKPOINT_REDO at " + r.recordLsn().value());
            assertEquals(checksums, redo instanceof CheckpointRedo.Pg19Beta1, "layout at " + r.recordLsn().value());
        } else if (x instanceof LogicalDecodingStatusChange l) {
            assertEquals("LOGICAL_DECODING_STATUS_CHANGE " + l.enabled(), desc.strip(), "at " + r.recordLsn().value());
        }
        if (x instanceof CheckPoint cp) {
            checkpoints.incrementAndGet();
            String head = String.format("redo %s; tli %d; prev tli %d; fpw %s; ", Lsn.of(cp.redo()).format(r.version()),
                    cp.thisTimeLineId(), cp.prevTimeLineId(), cp.fullPageWrites());
            String body = String.format("xid %d:%d; oid %d; multi %d; offset %d; oldest xid %d in DB %d; "
                            + "oldest multi %d in DB %d; oldest/newest commit timestamp xid: %d/%d; "
                            + "oldest running xid %d; ", cp.nextXid() >>> 32, cp.nextXid() & 0xFFFFFFFFL,
                    cp.nextOid(), cp.nextMulti(), cp.nextMultiOffset(), cp.oldestXid(), cp.oldestXidDb(),
                    cp.oldestMulti(), cp.oldestMultiDb(), cp.oldestCommitTsXid(), cp.newestCommitTsXid(),
                    cp.oldestActiveXid());
            assertTrue(desc.contains(head) && desc.contains(body), desc + "\n vs " + head + body);
            assertTrue(desc.endsWith(cp.shutdown() ? "; shutdown" : "; online"), desc);
            if (r.version().atLeast(WalVersion.PG17)) {
                assertTrue(desc.contains("wal_level " + WAL_LEVELS[cp.walLevel()]), desc);
            }
            assertEquals(checksums, desc.contains("; checksums "), "checksum state in " + desc);
            assertEquals(checksums, cp instanceof CheckPoint.Pg19Beta1, "layout at " + r.recordLsn().value());
        } else if (x instanceof Fpi f) {
            assertEquals(desc.startsWith("FPI_FOR_HINT"), f.forHint(), desc);
        }
    }

    private static void decodeOnlyFailsCleanly(WalVersion v, int info, byte[] main, List<BlockRef> blocks) {
        try {
            XlogRecord x = XlogCodec.decode(v, info, main, blocks);
            if (!Arrays.equals(main, x.encode())) {
                fail("decoded value does not encode back: " + x);
            }
        } catch (WalFormatException expected) {
            // the only allowed failure
        }
    }

    @Test
    void randomAndTruncatedPayloadsFailOnlyWithWalFormatException() {
        Random r = new Random(5L);
        for (int round = 0; round < 3000; round++) {
            WalVersion v = WalVersion.values()[r.nextInt(WalVersion.values().length)];
            byte[] main = new byte[r.nextInt(4) == 0 ? new int[] {28, 88, 96}[r.nextInt(3)] : r.nextInt(100)];
            r.nextBytes(main);
            for (int i = 0; i < main.length; i++) {
                if (r.nextBoolean()) {
                    main[i] &= 1; // keep some bools valid so deeper fields are reached
                }
            }
            decodeOnlyFailsCleanly(v, r.nextInt(16) << 4, main, List.of());
        }
    }

    @Test
    void rejectsShortCheckpoint() {
        InvalidPayloadException e = assertThrows(InvalidPayloadException.class,
                () -> XlogCodec.decode(WalVersion.PG19, 0x10, new byte[88], List.of()));
        // 19 widened the struct to 96 bytes: the 88-byte 13-18 struct ends before oldestActiveXid (offset 88)
        assertEquals("XLOG 0x10 main data: oldestActiveXid needs 4 bytes at offset 88 but 0 remain (length 88)",
                e.getMessage());
    }

    @Test
    void rejectsFpiBlockWithoutImage() {
        BlockRef noImage = new BlockRef(0, 0, new RelFileLocator(1663, 5, 16391), 0, null, new byte[0]);
        InvalidPayloadException e = assertThrows(InvalidPayloadException.class,
                () -> XlogCodec.decode(WalVersion.PG16, 0xB0, new byte[0], List.of(noImage)));
        assertEquals("XLOG 0xB0 main data: block 0 has no image (expected: every FPI block has one)", e.getMessage());
        assertInstanceOf(Fpi.class, XlogCodec.decode(WalVersion.PG16, 0xA0, new byte[0], List.of(noImage)));
    }

    @Test
    void rejectsSwitchWithPayload() {
        InvalidPayloadException e = assertThrows(InvalidPayloadException.class,
                () -> XlogCodec.decode(WalVersion.PG13, 0x40, new byte[] {1}, List.of()));
        assertEquals("XLOG 0x40 main data: 1 unexpected bytes after nothing (XLOG_SWITCH has no main data) at offset 0"
                + " (length 1)", e.getMessage());
    }

    @Test
    void parameterChangeRoundTrips() {
        ParameterChange.Pg13 p = new ParameterChange.Pg13(100, 8, 10, 0, 64, 1, true, false, 0xBEEF);
        assertEquals(28, p.encode().length);
        assertEquals(p, XlogCodec.decode(WalVersion.PG15, 0x60, p.encode(), List.of()));
    }
}
