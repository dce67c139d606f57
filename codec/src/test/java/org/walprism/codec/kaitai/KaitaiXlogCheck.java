package org.walprism.codec.kaitai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.walprism.codec.rmgr.xlog.CheckPoint;
import org.walprism.codec.rmgr.xlog.CheckpointRedo;
import org.walprism.codec.rmgr.xlog.Fpi;
import org.walprism.codec.rmgr.xlog.LogicalDecodingStatusChange;
import org.walprism.codec.rmgr.xlog.NextOid;
import org.walprism.codec.rmgr.xlog.ParameterChange;
import org.walprism.codec.rmgr.xlog.Switch;
import org.walprism.codec.rmgr.xlog.XlogOther;
import org.walprism.codec.rmgr.xlog.XlogRecord;
import org.walprism.testdata.kaitai.PostgresqlWal;
import org.walprism.testdata.kaitai.PostgresqlWal.XlogLayout;

/**
 * Field-by-field comparison of XLOG records typed by the codec ({@code XlogCodec}) with the Kaitai parse of the same
 * record ({@code xlog_record.xlog_main}): the layout each side chose (the checkpoint records and CHECKPOINT_REDO of
 * 19 and of its pre-releases differ), every field, padding included. Records the codec leaves opaque
 * ({@link XlogOther}) must be ones the Kaitai spec types by their own layout and parses to the last byte, or carry no
 * typed main data on either side.
 */
final class KaitaiXlogCheck {
    private KaitaiXlogCheck() {
    }

    /** What {@link #compare} checked, for the per-capture summary line. */
    enum Kind { CHECKPOINT, CHECKPOINT_REDO, LOGICAL_DECODING_STATUS_CHANGE, OTHER_TYPED, UNTYPED }

    @SuppressWarnings("unchecked")
    private static <T> T as(Object o, Class<T> type, String at) {
        assertNotNull(o, type.getSimpleName() + " of " + at);
        assertTrue(type.isInstance(o), "Kaitai parsed " + o.getClass().getSimpleName() + ", expected "
                + type.getSimpleName() + " for " + at);
        return (T) o;
    }

    /** Little-endian value of padding bytes as the Kaitai side holds them. */
    private static long le(byte[] b) {
        long v = 0;
        for (int i = b.length - 1; i >= 0; i--) {
            v = v << 8 | (b[i] & 0xFF);
        }
        return v;
    }

    static Kind compare(XlogRecord typed, PostgresqlWal.XlogRecord k, String at) {
        PostgresqlWal.XlogMainData main = k.xlogMain();
        if (main != null) {
            assertTrue(main._io().isEof(), "Kaitai consumed all XLOG main data of " + at);
        }
        if (typed instanceof CheckPoint c) {
            assertNotNull(main, "Kaitai XLOG main data of " + at);
            assertEquals(c.shutdown(), main.isShutdown(), "SHUTDOWN of " + at);
            checkpoint(c, main, at);
            return Kind.CHECKPOINT;
        }
        if (typed instanceof CheckpointRedo r) {
            assertNotNull(main, "Kaitai XLOG main data of " + at);
            if (r instanceof CheckpointRedo.Pg17 t) {
                assertEquals(XlogLayout.CHECKPOINT_REDO_PG17, main.layout(), "layout of " + at);
                PostgresqlWal.XlogCheckpointRedoPg17 m = as(main.body(), PostgresqlWal.XlogCheckpointRedoPg17.class,
                        at);
                assertEquals(t.walLevel(), m.walLevel(), "wal_level of " + at);
            } else if (r instanceof CheckpointRedo.Pg19Beta1 t) {
                assertEquals(XlogLayout.CHECKPOINT_REDO_PG19_BETA1, main.layout(), "layout of " + at);
                PostgresqlWal.XlogCheckpointRedoPg19Beta1 m = as(main.body(),
                        PostgresqlWal.XlogCheckpointRedoPg19Beta1.class, at);
                assertEquals(t.walLevel(), m.walLevel(), "wal_level of " + at);
                assertEquals(t.dataChecksumVersion(), m.dataChecksumVersion(), "data_checksum_version of " + at);
            } else {
                fail("unchecked CheckpointRedo layout " + r.getClass() + " at " + at);
            }
            return Kind.CHECKPOINT_REDO;
        }
        if (typed instanceof LogicalDecodingStatusChange l) {
            assertNotNull(main, "Kaitai XLOG main data of " + at);
            assertEquals(XlogLayout.LOGICAL_DECODING_STATUS_CHANGE, main.layout(), "layout of " + at);
            PostgresqlWal.XlogLogicalDecodingStatusChange m = as(main.body(),
                    PostgresqlWal.XlogLogicalDecodingStatusChange.class, at);
            assertEquals(l.enabled(), m.enabled() != 0, "enabled of " + at);
            return Kind.LOGICAL_DECODING_STATUS_CHANGE;
        }
        if (typed instanceof NextOid n) {
            assertNotNull(main, "Kaitai XLOG main data of " + at);
            assertEquals(XlogLayout.NEXT_OID, main.layout(), "layout of " + at);
            assertEquals(n.nextOid(), as(main.body(), PostgresqlWal.XlogNextOid.class, at).nextOid(),
                    "nextOid of " + at);
            return Kind.OTHER_TYPED;
        }
        if (typed instanceof ParameterChange.Pg13 p) {
            assertNotNull(main, "Kaitai XLOG main data of " + at);
            assertEquals(XlogLayout.PARAMETER_CHANGE, main.layout(), "layout of " + at);
            PostgresqlWal.XlogParameterChange m = as(main.body(), PostgresqlWal.XlogParameterChange.class, at);
            assertEquals(p.maxConnections(), m.maxConnections(), "MaxConnections of " + at);
            assertEquals(p.maxWorkerProcesses(), m.maxWorkerProcesses(), "max_worker_processes of " + at);
            assertEquals(p.maxWalSenders(), m.maxWalSenders(), "max_wal_senders of " + at);
            assertEquals(p.maxPreparedXacts(), m.maxPreparedXacts(), "max_prepared_xacts of " + at);
            assertEquals(p.maxLocksPerXact(), m.maxLocksPerXact(), "max_locks_per_xact of " + at);
            assertEquals(p.walLevel(), m.walLevel(), "wal_level of " + at);
            assertEquals(p.walLogHints(), m.walLogHints() != 0, "wal_log_hints of " + at);
            assertEquals(p.trackCommitTimestamp(), m.trackCommitTimestamp() != 0, "track_commit_timestamp of " + at);
            assertEquals(p.pad(), le(m.pad()), "pad of " + at);
            return Kind.OTHER_TYPED;
        }
        if (typed instanceof Switch || typed instanceof Fpi) {
            assertNull(main, "no XLOG main data in " + at);
            return Kind.UNTYPED;
        }
        if (typed instanceof XlogOther o) {
            if (main == null) {
                assertEquals(0, o.mainData().length, "main data of " + at);
                return Kind.UNTYPED;
            }
            // NOOP carries free-form bytes; every other opaque record the spec types by its own layout
            if (o.info() == 0x20) {
                assertEquals(XlogLayout.UNKNOWN, main.layout(), "layout of NOOP " + at);
                return Kind.UNTYPED;
            }
            assertTrue(main.layout() != XlogLayout.UNKNOWN, String.format(
                    "Kaitai has no layout for XLOG 0x%02X at %s", o.info(), at));
            assertNotNull(main.body(), "Kaitai body of " + at);
            return Kind.OTHER_TYPED;
        }
        fail("unchecked XLOG record " + typed.getClass() + " at " + at);
        return Kind.UNTYPED;
    }

    private static void checkpoint(CheckPoint c, PostgresqlWal.XlogMainData main, String at) {
        if (c instanceof CheckPoint.Pg13 t) {
            assertEquals(XlogLayout.CHECKPOINT_PG13, main.layout(), "layout of " + at);
            PostgresqlWal.XlogCheckpointPg13 m = as(main.body(), PostgresqlWal.XlogCheckpointPg13.class, at);
            assertEquals(t.redo(), m.redo(), "redo of " + at);
            assertEquals(t.thisTimeLineId(), m.thisTimeline(), "ThisTimeLineID of " + at);
            assertEquals(t.prevTimeLineId(), m.prevTimeline(), "PrevTimeLineID of " + at);
            assertEquals(t.fullPageWrites(), m.fullPageWrites() != 0, "fullPageWrites of " + at);
            assertEquals((long) t.pad17() | t.pad20() << 24, le(m.pad1()), "padding after fullPageWrites of " + at);
            assertEquals(-1, t.walLevel(), "no wal_level before 17 at " + at);
            tail(t.tail(), m.nextXid(), m.nextOid(), m.nextMulti(), m.nextMultiOffset(), m.oldestXid(),
                    m.oldestXidDb(), m.oldestMulti(), m.oldestMultiDb(), le(m.pad2()), m.time(),
                    m.oldestCommitTsXid(), m.newestCommitTsXid(), m.oldestActiveXid(), le(m.pad3()), at);
        } else if (c instanceof CheckPoint.Pg17 t) {
            assertEquals(XlogLayout.CHECKPOINT_PG17, main.layout(), "layout of " + at);
            PostgresqlWal.XlogCheckpointPg17 m = as(main.body(), PostgresqlWal.XlogCheckpointPg17.class, at);
            assertEquals(t.redo(), m.redo(), "redo of " + at);
            assertEquals(t.thisTimeLineId(), m.thisTimeline(), "ThisTimeLineID of " + at);
            assertEquals(t.prevTimeLineId(), m.prevTimeline(), "PrevTimeLineID of " + at);
            assertEquals(t.fullPageWrites(), m.fullPageWrites() != 0, "fullPageWrites of " + at);
            assertEquals(t.pad17(), le(m.pad1()), "padding after fullPageWrites of " + at);
            assertEquals(t.walLevel(), m.walLevel(), "wal_level of " + at);
            tail(t.tail(), m.nextXid(), m.nextOid(), m.nextMulti(), m.nextMultiOffset(), m.oldestXid(),
                    m.oldestXidDb(), m.oldestMulti(), m.oldestMultiDb(), le(m.pad2()), m.time(),
                    m.oldestCommitTsXid(), m.newestCommitTsXid(), m.oldestActiveXid(), le(m.pad3()), at);
        } else if (c instanceof CheckPoint.Pg19Beta1 t) {
            assertEquals(XlogLayout.CHECKPOINT_PG19_BETA1, main.layout(), "layout of " + at);
            PostgresqlWal.XlogCheckpointPg19Beta1 m = as(main.body(), PostgresqlWal.XlogCheckpointPg19Beta1.class,
                    at);
            assertEquals(t.redo(), m.redo(), "redo of " + at);
            assertEquals(t.thisTimeLineId(), m.thisTimeline(), "ThisTimeLineID of " + at);
            assertEquals(t.prevTimeLineId(), m.prevTimeline(), "PrevTimeLineID of " + at);
            assertEquals(t.fullPageWrites(), m.fullPageWrites() != 0, "fullPageWrites of " + at);
            assertEquals(t.pad17(), le(m.pad1()), "padding after fullPageWrites of " + at);
            assertEquals(t.walLevel(), m.walLevel(), "wal_level of " + at);
            assertEquals(t.logicalDecodingEnabled(), m.logicalDecodingEnabled() != 0,
                    "logicalDecodingEnabled of " + at);
            assertEquals(t.pad25(), le(m.pad2()), "padding after logicalDecodingEnabled of " + at);
            wide(t, m.nextXid(), m.nextOid(), m.nextMulti(), m.nextMultiOffset(), m.oldestXid(), m.oldestXidDb(),
                    m.oldestMulti(), m.oldestMultiDb(), m.time(), m.oldestCommitTsXid(), m.newestCommitTsXid(),
                    m.oldestActiveXid(), at);
            assertEquals(t.dataChecksumState(), m.dataChecksumState(), "dataChecksumState of " + at);
        } else if (c instanceof CheckPoint.Pg19 t) {
            assertEquals(XlogLayout.CHECKPOINT_PG19, main.layout(), "layout of " + at);
            PostgresqlWal.XlogCheckpointPg19 m = as(main.body(), PostgresqlWal.XlogCheckpointPg19.class, at);
            assertEquals(t.redo(), m.redo(), "redo of " + at);
            assertEquals(t.thisTimeLineId(), m.thisTimeline(), "ThisTimeLineID of " + at);
            assertEquals(t.prevTimeLineId(), m.prevTimeline(), "PrevTimeLineID of " + at);
            assertEquals(t.fullPageWrites(), m.fullPageWrites() != 0, "fullPageWrites of " + at);
            assertEquals(t.pad17(), le(m.pad1()), "padding after fullPageWrites of " + at);
            assertEquals(t.walLevel(), m.walLevel(), "wal_level of " + at);
            assertEquals(t.logicalDecodingEnabled(), m.logicalDecodingEnabled() != 0,
                    "logicalDecodingEnabled of " + at);
            assertEquals(t.pad25(), le(m.pad2()), "padding after logicalDecodingEnabled of " + at);
            wide(t, m.nextXid(), m.nextOid(), m.nextMulti(), m.nextMultiOffset(), m.oldestXid(), m.oldestXidDb(),
                    m.oldestMulti(), m.oldestMultiDb(), m.time(), m.oldestCommitTsXid(), m.newestCommitTsXid(),
                    m.oldestActiveXid(), at);
            assertEquals(t.pad92(), le(m.pad3()), "tail padding of " + at);
        } else {
            fail("unchecked CheckPoint layout " + c.getClass() + " at " + at);
        }
    }

    private static void tail(CheckPoint.Tail88 t, long nextXid, long nextOid, long nextMulti, long nextMultiOffset,
                             long oldestXid, long oldestXidDb, long oldestMulti, long oldestMultiDb, long pad60,
                             long time, long oldestCommitTsXid, long newestCommitTsXid, long oldestActiveXid,
                             long pad84, String at) {
        assertEquals(t.nextXid(), nextXid, "nextXid of " + at);
        assertEquals(t.nextOid(), nextOid, "nextOid of " + at);
        assertEquals(t.nextMulti(), nextMulti, "nextMulti of " + at);
        assertEquals(t.nextMultiOffset(), nextMultiOffset, "nextMultiOffset of " + at);
        assertEquals(t.oldestXid(), oldestXid, "oldestXid of " + at);
        assertEquals(t.oldestXidDb(), oldestXidDb, "oldestXidDB of " + at);
        assertEquals(t.oldestMulti(), oldestMulti, "oldestMulti of " + at);
        assertEquals(t.oldestMultiDb(), oldestMultiDb, "oldestMultiDB of " + at);
        assertEquals(t.pad60(), pad60, "padding before time of " + at);
        assertEquals(t.time(), time, "time of " + at);
        assertEquals(t.oldestCommitTsXid(), oldestCommitTsXid, "oldestCommitTsXid of " + at);
        assertEquals(t.newestCommitTsXid(), newestCommitTsXid, "newestCommitTsXid of " + at);
        assertEquals(t.oldestActiveXid(), oldestActiveXid, "oldestActiveXid of " + at);
        assertEquals(t.pad84(), pad84, "tail padding of " + at);
    }

    private static void wide(CheckPoint c, long nextXid, long nextOid, long nextMulti, long nextMultiOffset,
                             long oldestXid, long oldestXidDb, long oldestMulti, long oldestMultiDb, long time,
                             long oldestCommitTsXid, long newestCommitTsXid, long oldestActiveXid, String at) {
        assertEquals(c.nextXid(), nextXid, "nextXid of " + at);
        assertEquals(c.nextOid(), nextOid, "nextOid of " + at);
        assertEquals(c.nextMulti(), nextMulti, "nextMulti of " + at);
        assertEquals(c.nextMultiOffset(), nextMultiOffset, "nextMultiOffset of " + at);
        assertEquals(c.oldestXid(), oldestXid, "oldestXid of " + at);
        assertEquals(c.oldestXidDb(), oldestXidDb, "oldestXidDB of " + at);
        assertEquals(c.oldestMulti(), oldestMulti, "oldestMulti of " + at);
        assertEquals(c.oldestMultiDb(), oldestMultiDb, "oldestMultiDB of " + at);
        assertEquals(c.time(), time, "time of " + at);
        assertEquals(c.oldestCommitTsXid(), oldestCommitTsXid, "oldestCommitTsXid of " + at);
        assertEquals(c.newestCommitTsXid(), newestCommitTsXid, "newestCommitTsXid of " + at);
        assertEquals(c.oldestActiveXid(), oldestActiveXid, "oldestActiveXid of " + at);
    }
}
