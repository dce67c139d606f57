package org.walprism.codec.rmgr.xlog;

import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * XLOG_CHECKPOINT_SHUTDOWN (0x00) / XLOG_CHECKPOINT_ONLINE (0x10): the {@code CheckPoint} struct as main
 * data, no blocks. 88 bytes in 13-18, 96 in 19 (and its pre-releases).
 */
public sealed interface CheckPoint extends XlogRecord {
    /** {@code XLOG_CHECKPOINT_SHUTDOWN} (catalog/pg_control.h). */
    int XLOG_CHECKPOINT_SHUTDOWN = 0x00;
    /** {@code XLOG_CHECKPOINT_ONLINE}. */
    int XLOG_CHECKPOINT_ONLINE = 0x10;

    /** From the info code: SHUTDOWN (true) or ONLINE. */
    boolean shutdown();

    /** {@code redo}. */
    long redo();

    /** {@code ThisTimeLineID}. */
    long thisTimeLineId();

    /** {@code PrevTimeLineID}. */
    long prevTimeLineId();

    /** {@code fullPageWrites}. */
    boolean fullPageWrites();

    /** {@code wal_level} (17+); -1 where the struct has none (13-16). */
    int walLevel();

    /** {@code nextXid} / {@code nextFullXid} (13): epoch in the high 32 bits. */
    long nextXid();

    /** {@code nextOid}. */
    long nextOid();

    /** {@code nextMulti}. */
    long nextMulti();

    /** {@code nextMultiOffset}: uint32 up to 18, uint64 from 19. */
    long nextMultiOffset();

    /** {@code oldestXid}. */
    long oldestXid();

    /** {@code oldestXidDB}. */
    long oldestXidDb();

    /** {@code oldestMulti}. */
    long oldestMulti();

    /** {@code oldestMultiDB}. */
    long oldestMultiDb();

    /** {@code time} (pg_time_t, seconds since the Unix epoch). */
    long time();

    /** {@code oldestCommitTsXid}. */
    long oldestCommitTsXid();

    /** {@code newestCommitTsXid}. */
    long newestCommitTsXid();

    /** {@code oldestActiveXid}. */
    long oldestActiveXid();

    /** The fields shared by the 88-byte layouts, in struct order from offset 24. */
    record Tail88(long nextXid, long nextOid, long nextMulti, long nextMultiOffset, long oldestXid, long oldestXidDb,
                  long oldestMulti, long oldestMultiDb, long pad60, long time, long oldestCommitTsXid,
                  long newestCommitTsXid, long oldestActiveXid, long pad84) {
        static Tail88 read(PayloadCursor c) {
            return new Tail88(c.i64("nextXid"), c.u32("nextOid"), c.u32("nextMulti"), c.u32("nextMultiOffset"),
                    c.u32("oldestXid"), c.u32("oldestXidDB"), c.u32("oldestMulti"), c.u32("oldestMultiDB"),
                    c.u32("pad"), c.i64("time"), c.u32("oldestCommitTsXid"), c.u32("newestCommitTsXid"),
                    c.u32("oldestActiveXid"), c.u32("pad"));
        }

        void write(PayloadWriter w) {
            w.i64(nextXid).u32(nextOid).u32(nextMulti).u32(nextMultiOffset).u32(oldestXid).u32(oldestXidDb)
                    .u32(oldestMulti).u32(oldestMultiDb).u32(pad60).i64(time).u32(oldestCommitTsXid)
                    .u32(newestCommitTsXid).u32(oldestActiveXid).u32(pad84);
        }
    }

    /**
     * {@code CheckPoint => redo: uint64, ThisTimeLineID: uint32, PrevTimeLineID: uint32, fullPageWrites: bool,
     * pad: 7, nextFullXid: uint64, nextOid: uint32, nextMulti: uint32, nextMultiOffset: uint32,
     * oldestXid: uint32, oldestXidDB: uint32, oldestMulti: uint32, oldestMultiDB: uint32, pad: 4, time: int64,
     * oldestCommitTsXid: uint32, newestCommitTsXid: uint32, oldestActiveXid: uint32, pad: 4} (88 bytes).
     *
     * <p>Layout used by: PG13, PG14, PG15, PG16.
     *
     * <p>Mirrors {@code CheckPoint}, REL_13_STABLE .. REL_16_STABLE src/include/catalog/pg_control.h.
     *
     * @param pad17 the 3 padding bytes after fullPageWrites (little-endian)
     * @param pad20 the 4 padding bytes at offset 20 (where 17 put wal_level)
     */
    record Pg13(boolean shutdown, long redo, long thisTimeLineId, long prevTimeLineId, boolean fullPageWrites,
                int pad17, long pad20, Tail88 tail) implements CheckPoint {
        /** Bytes of {@code CheckPoint} in this layout. */
        public static final int SIZE = 88;

        static Pg13 decode(boolean shutdown, PayloadCursor c) {
            Pg13 r = new Pg13(shutdown, c.i64("redo"), c.u32("ThisTimeLineID"), c.u32("PrevTimeLineID"),
                    c.bool("fullPageWrites"), c.u8("pad") | c.u8("pad") << 8 | c.u8("pad") << 16, c.u32("pad"),
                    Tail88.read(c));
            c.expectEnd("CheckPoint");
            return r;
        }

        @Override
        public int walLevel() {
            return -1;
        }

        @Override
        public byte[] encode() {
            PayloadWriter w = new PayloadWriter(SIZE).i64(redo).u32(thisTimeLineId).u32(prevTimeLineId)
                    .bool(fullPageWrites).u8(pad17).u8(pad17 >>> 8).u8(pad17 >>> 16).u32(pad20);
            tail.write(w);
            return w.toByteArray();
        }

        @Override public long nextXid() { return tail.nextXid(); }
        @Override public long nextOid() { return tail.nextOid(); }
        @Override public long nextMulti() { return tail.nextMulti(); }
        @Override public long nextMultiOffset() { return tail.nextMultiOffset(); }
        @Override public long oldestXid() { return tail.oldestXid(); }
        @Override public long oldestXidDb() { return tail.oldestXidDb(); }
        @Override public long oldestMulti() { return tail.oldestMulti(); }
        @Override public long oldestMultiDb() { return tail.oldestMultiDb(); }
        @Override public long time() { return tail.time(); }
        @Override public long oldestCommitTsXid() { return tail.oldestCommitTsXid(); }
        @Override public long newestCommitTsXid() { return tail.newestCommitTsXid(); }
        @Override public long oldestActiveXid() { return tail.oldestActiveXid(); }
    }

    /**
     * {@code CheckPoint => redo: uint64, ThisTimeLineID: uint32, PrevTimeLineID: uint32, fullPageWrites: bool,
     * pad: 3, wal_level: int32, nextXid: uint64, ... (as Pg13 from offset 24)} (88 bytes).
     *
     * <p>Layout used by: PG17, PG18 (wal_level added by the 17.0 backpatch of 402b586d0a, magic 0xD116).
     *
     * <p>Mirrors {@code CheckPoint}, REL_17_STABLE / REL_18_STABLE src/include/catalog/pg_control.h.
     */
    record Pg17(boolean shutdown, long redo, long thisTimeLineId, long prevTimeLineId, boolean fullPageWrites,
                int pad17, int walLevel, Tail88 tail) implements CheckPoint {
        /** Bytes of {@code CheckPoint} in this layout. */
        public static final int SIZE = 88;

        static Pg17 decode(boolean shutdown, PayloadCursor c) {
            Pg17 r = new Pg17(shutdown, c.i64("redo"), c.u32("ThisTimeLineID"), c.u32("PrevTimeLineID"),
                    c.bool("fullPageWrites"), c.u8("pad") | c.u8("pad") << 8 | c.u8("pad") << 16, c.i32("wal_level"),
                    Tail88.read(c));
            c.expectEnd("CheckPoint");
            return r;
        }

        @Override
        public byte[] encode() {
            PayloadWriter w = new PayloadWriter(SIZE).i64(redo).u32(thisTimeLineId).u32(prevTimeLineId)
                    .bool(fullPageWrites).u8(pad17).u8(pad17 >>> 8).u8(pad17 >>> 16).u32(walLevel);
            tail.write(w);
            return w.toByteArray();
        }

        @Override public long nextXid() { return tail.nextXid(); }
        @Override public long nextOid() { return tail.nextOid(); }
        @Override public long nextMulti() { return tail.nextMulti(); }
        @Override public long nextMultiOffset() { return tail.nextMultiOffset(); }
        @Override public long oldestXid() { return tail.oldestXid(); }
        @Override public long oldestXidDb() { return tail.oldestXidDb(); }
        @Override public long oldestMulti() { return tail.oldestMulti(); }
        @Override public long oldestMultiDb() { return tail.oldestMultiDb(); }
        @Override public long time() { return tail.time(); }
        @Override public long oldestCommitTsXid() { return tail.oldestCommitTsXid(); }
        @Override public long newestCommitTsXid() { return tail.newestCommitTsXid(); }
        @Override public long oldestActiveXid() { return tail.oldestActiveXid(); }
    }

    /**
     * The 92 bytes the 96-byte layouts share, from offset 0: {@code redo: uint64, ThisTimeLineID: uint32,
     * PrevTimeLineID: uint32, fullPageWrites: bool, pad: 3, wal_level: int32, logicalDecodingEnabled: bool, pad: 7,
     * nextXid: uint64, nextOid: uint32, nextMulti: uint32, nextMultiOffset: uint64, oldestXid: uint32,
     * oldestXidDB: uint32, oldestMulti: uint32, oldestMultiDB: uint32, time: int64, oldestCommitTsXid: uint32,
     * newestCommitTsXid: uint32, oldestActiveXid: uint32}; the last 4 bytes differ ({@link Pg19Beta1},
     * {@link Pg19}).
     *
     * @param pad17 the 3 padding bytes after fullPageWrites (little-endian)
     * @param pad25 the 7 padding bytes after logicalDecodingEnabled (little-endian)
     */
    record Head92(long redo, long thisTimeLineId, long prevTimeLineId, boolean fullPageWrites, int pad17,
                  int walLevel, boolean logicalDecodingEnabled, long pad25, long nextXid, long nextOid,
                  long nextMulti, long nextMultiOffset, long oldestXid, long oldestXidDb, long oldestMulti,
                  long oldestMultiDb, long time, long oldestCommitTsXid, long newestCommitTsXid,
                  long oldestActiveXid) {
        static Head92 read(PayloadCursor c) {
            return new Head92(c.i64("redo"), c.u32("ThisTimeLineID"), c.u32("PrevTimeLineID"),
                    c.bool("fullPageWrites"), c.u8("pad") | c.u8("pad") << 8 | c.u8("pad") << 16, c.i32("wal_level"),
                    c.bool("logicalDecodingEnabled"), pad7(c), c.i64("nextXid"), c.u32("nextOid"),
                    c.u32("nextMulti"), c.i64("nextMultiOffset"), c.u32("oldestXid"), c.u32("oldestXidDB"),
                    c.u32("oldestMulti"), c.u32("oldestMultiDB"), c.i64("time"), c.u32("oldestCommitTsXid"),
                    c.u32("newestCommitTsXid"), c.u32("oldestActiveXid"));
        }

        private static long pad7(PayloadCursor c) {
            long v = 0;
            for (int i = 0; i < 7; i++) {
                v |= (long) c.u8("pad") << (8 * i);
            }
            return v;
        }

        PayloadWriter write(PayloadWriter w) {
            w.i64(redo).u32(thisTimeLineId).u32(prevTimeLineId).bool(fullPageWrites).u8(pad17).u8(pad17 >>> 8)
                    .u8(pad17 >>> 16).u32(walLevel).bool(logicalDecodingEnabled);
            for (int i = 0; i < 7; i++) {
                w.u8((int) (pad25 >>> (8 * i)));
            }
            return w.i64(nextXid).u32(nextOid).u32(nextMulti).i64(nextMultiOffset).u32(oldestXid).u32(oldestXidDb)
                    .u32(oldestMulti).u32(oldestMultiDb).i64(time).u32(oldestCommitTsXid).u32(newestCommitTsXid)
                    .u32(oldestActiveXid);
        }
    }

    /** A 96-byte layout: its fields are those of {@link Head92} and 4 more bytes. */
    sealed interface Wide extends CheckPoint permits Pg19Beta1, Pg19 {
        /** The first 92 bytes. */
        Head92 head();

        /** The 3 padding bytes after fullPageWrites (little-endian). */
        default int pad17() { return head().pad17(); }
        /** {@code logicalDecodingEnabled}. */
        default boolean logicalDecodingEnabled() { return head().logicalDecodingEnabled(); }
        /** The 7 padding bytes after logicalDecodingEnabled (little-endian). */
        default long pad25() { return head().pad25(); }
        @Override default long redo() { return head().redo(); }
        @Override default long thisTimeLineId() { return head().thisTimeLineId(); }
        @Override default long prevTimeLineId() { return head().prevTimeLineId(); }
        @Override default boolean fullPageWrites() { return head().fullPageWrites(); }
        @Override default int walLevel() { return head().walLevel(); }
        @Override default long nextXid() { return head().nextXid(); }
        @Override default long nextOid() { return head().nextOid(); }
        @Override default long nextMulti() { return head().nextMulti(); }
        @Override default long nextMultiOffset() { return head().nextMultiOffset(); }
        @Override default long oldestXid() { return head().oldestXid(); }
        @Override default long oldestXidDb() { return head().oldestXidDb(); }
        @Override default long oldestMulti() { return head().oldestMulti(); }
        @Override default long oldestMultiDb() { return head().oldestMultiDb(); }
        @Override default long time() { return head().time(); }
        @Override default long oldestCommitTsXid() { return head().oldestCommitTsXid(); }
        @Override default long newestCommitTsXid() { return head().newestCommitTsXid(); }
        @Override default long oldestActiveXid() { return head().oldestActiveXid(); }
    }

    /**
     * {@code CheckPoint => (Head92: 92 bytes), dataChecksumState: uint32} (96 bytes).
     *
     * <p>Layout used by: PG19_BETA1, PG19_BETA3 (19beta1 to 19beta3, 20devel of mid-2026: online data-checksum
     * changes, reverted from REL_19_STABLE before 19rc1).
     *
     * <p>Mirrors {@code CheckPoint}, src/include/catalog/pg_control.h of 19beta1 to 19beta3.
     */
    record Pg19Beta1(boolean shutdown, Head92 head, long dataChecksumState) implements Wide {
        /** Bytes of {@code CheckPoint} in this layout. */
        public static final int SIZE = 96;

        static Pg19Beta1 decode(boolean shutdown, PayloadCursor c) {
            Pg19Beta1 r = new Pg19Beta1(shutdown, Head92.read(c), c.u32("dataChecksumState"));
            c.expectEnd("CheckPoint");
            return r;
        }

        @Override
        public byte[] encode() {
            return head.write(new PayloadWriter(SIZE)).u32(dataChecksumState).toByteArray();
        }
    }

    /**
     * {@code CheckPoint => (Head92: 92 bytes), pad: 4} (96 bytes: the struct is 8-aligned; CreateCheckPoint zeroes
     * it, padding included).
     *
     * <p>Layout used by: PG19 (19rc1 on: the pre-releases' dataChecksumState is gone, its 4 bytes are padding).
     *
     * <p>Mirrors {@code CheckPoint}, REL_19_STABLE src/include/catalog/pg_control.h.
     *
     * @param pad92 the 4 padding bytes that end the struct
     */
    record Pg19(boolean shutdown, Head92 head, long pad92) implements Wide {
        /** Bytes of {@code CheckPoint} in this layout. */
        public static final int SIZE = 96;

        static Pg19 decode(boolean shutdown, PayloadCursor c) {
            Pg19 r = new Pg19(shutdown, Head92.read(c), c.u32("pad"));
            c.expectEnd("CheckPoint");
            return r;
        }

        @Override
        public byte[] encode() {
            return head.write(new PayloadWriter(SIZE)).u32(pad92).toByteArray();
        }
    }
}
