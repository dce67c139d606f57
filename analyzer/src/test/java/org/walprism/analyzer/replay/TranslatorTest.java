package org.walprism.analyzer.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.walprism.analyzer.desc.Describers;
import org.walprism.analyzer.generate.PlanEncoder;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.write.RecordBuilder;

/**
 * The translation rules the corpus does not reach (no 19 MultiXact records, no END_OF_RECOVERY, no relsync
 * invalidation, no WAL_LOG database creation in the captures), on records built with the codec: what a field means
 * is read back with walprism's describers of both majors, which match pg_waldump on the real captures.
 */
class TranslatorTest {
    private static final long LSN = 0x2000028L;

    private static PlanEncoder.Encoded record(WalVersion v, int rmid, int info, byte[] main) {
        return new PlanEncoder.Encoded(rmid, info, RecordBuilder.of(v, rmid, info).mainData(main).build(), 0);
    }

    private static PlanEncoder.Encoded translate(WalVersion from, WalVersion to, PlanEncoder.Encoded e) {
        return new Translator(from, to, new StreamFacts()).translate(e, LSN);
    }

    private static DecodedRecord decoded(WalVersion v, PlanEncoder.Encoded e) {
        return RecordView.of(v, e.bytes(), LSN).toDecoded();
    }

    private static byte[] le(int... ints) {
        ByteBuffer b = ByteBuffer.allocate(4 * ints.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int i : ints) {
            b.putInt(i);
        }
        return b.array();
    }

    @Test
    void multixactCreateWidensTheOffsetFor19AndBack() {
        // xl_multixact_create: mid 7, moff 4242, nmembers 2, members {xid 900, keysh} {xid 901, upd}
        PlanEncoder.Encoded src = record(WalVersion.PG18, RmgrTable.MULTIXACT, 0x20, le(7, 4242, 2, 900, 0, 901, 5));
        PlanEncoder.Encoded up = translate(WalVersion.PG18, WalVersion.PG19, src);
        assertEquals(Describers.describe(decoded(WalVersion.PG18, src)), Describers.describe(decoded(WalVersion.PG19, up)));
        assertEquals(src.bytes().length + 8, up.bytes().length);
        PlanEncoder.Encoded back = translate(WalVersion.PG19, WalVersion.PG18, up);
        assertArrayEquals(src.bytes(), back.bytes());
    }

    @Test
    void multixactTruncateKeepsTheNewOldestValuesFor19AndCannotGoBack() {
        // xl_multixact_truncate: oldestMultiDB 5, offsets [10, 20), members [100, 200)
        PlanEncoder.Encoded src = record(WalVersion.PG18, RmgrTable.MULTIXACT, 0x30, le(5, 10, 20, 100, 200));
        PlanEncoder.Encoded up = translate(WalVersion.PG18, WalVersion.PG19, src);
        assertEquals("oldestMulti 20, oldestOffset 200", Describers.describe(decoded(WalVersion.PG19, up)));
        WalFormatException e = assertThrows(WalFormatException.class,
                () -> translate(WalVersion.PG19, WalVersion.PG18, up));
        assertTrue(e.getMessage().startsWith("cannot translate MultiXact/TRUNCATE_ID from PostgreSQL 19 to 18: "),
                e.getMessage());
        assertEquals(LSN, e.lsn());
    }

    @Test
    void endOfRecoveryGainsWalLevelIn17AndLosesItBelow() {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(0).putInt(2).putInt(1);
        PlanEncoder.Encoded src = record(WalVersion.PG16, RmgrTable.XLOG, 0x90, b.array());
        PlanEncoder.Encoded up = translate(WalVersion.PG16, WalVersion.PG17, src);
        String d16 = Describers.describe(decoded(WalVersion.PG16, src));
        String d17 = Describers.describe(decoded(WalVersion.PG17, up));
        assertEquals(d16 + "; wal_level replica", d17);
        assertArrayEquals(src.bytes(), translate(WalVersion.PG17, WalVersion.PG16, up).bytes());
    }

    @Test
    void checkpointRedoIsLeftOutBefore17AndGainsTheChecksumVersionInThe19PreReleasesOnly() {
        PlanEncoder.Encoded src = record(WalVersion.PG17, RmgrTable.XLOG, 0xE0, le(2));
        assertNull(translate(WalVersion.PG17, WalVersion.PG16, src));
        PlanEncoder.Encoded up = translate(WalVersion.PG17, WalVersion.PG19, src);
        assertEquals(4, decoded(WalVersion.PG19, up).mainData().length, "19 logs wal_level alone");
        assertEquals("wal_level logical", Describers.describe(decoded(WalVersion.PG19, up)));
        PlanEncoder.Encoded beta = translate(WalVersion.PG17, WalVersion.PG19_BETA1, src);
        assertEquals(8, decoded(WalVersion.PG19_BETA1, beta).mainData().length);
        assertTrue(Describers.describe(decoded(WalVersion.PG19_BETA1, beta)).startsWith("wal_level logical; checksums"),
                Describers.describe(decoded(WalVersion.PG19_BETA1, beta)));
    }

    @Test
    void relsyncInvalidationsAreRemovedBelow18() {
        byte[] relsync = new byte[16];
        relsync[0] = -6;
        byte[] relcache = new byte[16];
        relcache[0] = -2;
        relcache[4] = 5;
        relcache[8] = 42;
        // xl_invalidations: dbId 5, tsId 1663, relcacheInitFileInval false, nmsgs, msgs
        ByteBuffer both = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN).putInt(5).putInt(1663).putInt(0)
                .putInt(2).put(relsync).put(relcache);
        PlanEncoder.Encoded src = record(WalVersion.PG18, RmgrTable.STANDBY, 0x20, both.array());
        PlanEncoder.Encoded down = translate(WalVersion.PG18, WalVersion.PG17, src);
        assertEquals(src.bytes().length - 16, down.bytes().length);
        String d17 = Describers.describe(decoded(WalVersion.PG17, down));
        assertTrue(d17.contains("relcache 42") && !d17.contains("unrecognized"), d17);
        ByteBuffer only = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN).putInt(5).putInt(1663).putInt(0)
                .putInt(1).put(relsync);
        assertNull(translate(WalVersion.PG18, WalVersion.PG17, record(WalVersion.PG18, RmgrTable.STANDBY, 0x20,
                only.array())));
    }

    @Test
    void aWalLogDatabaseCreationHasNoFormBefore15AndDropChangesItsCode() {
        PlanEncoder.Encoded create = record(WalVersion.PG15, RmgrTable.DATABASE, 0x10, le(16384, 1663));
        WalFormatException e = assertThrows(WalFormatException.class,
                () -> translate(WalVersion.PG15, WalVersion.PG14, create));
        assertTrue(e.getMessage().startsWith("cannot translate Database/CREATE_WAL_LOG from PostgreSQL 15 to 14"),
                e.getMessage());
        PlanEncoder.Encoded drop = record(WalVersion.PG15, RmgrTable.DATABASE, 0x20, le(16384, 1, 1663));
        PlanEncoder.Encoded down = translate(WalVersion.PG15, WalVersion.PG14, drop);
        assertEquals("DROP", RmgrTable.recordTypeName(WalVersion.PG14, RmgrTable.DATABASE, down.info()));
        assertEquals(Describers.describe(decoded(WalVersion.PG15, drop)),
                Describers.describe(decoded(WalVersion.PG14, down)));
    }

    @Test
    void anInternalPageUnlinkTakesItsLevelFromASiblingImage() {
        RelFileLocator rel = new RelFileLocator(1663, 5, 16390);
        byte[] sibling = new byte[8192];
        ByteBuffer p = ByteBuffer.wrap(sibling).order(ByteOrder.LITTLE_ENDIAN);
        p.putShort(12, (short) 24).putShort(14, (short) 8176).putShort(16, (short) 8176).putShort(18, (short) 0x2004);
        p.putInt(8192 - 16 + 8, 2); // btpo.level of the left sibling
        // 13 xl_btree_unlink_page: leftsib 1, rightsib 4, leafleftsib 7, leafrightsib 8, topparent 3, btpo_xact 492
        byte[] main = le(1, 4, 7, 8, 3, 492);
        PlanEncoder.Encoded withImage = new PlanEncoder.Encoded(RmgrTable.BTREE, 0x90, RecordBuilder.of(WalVersion.PG13,
                RmgrTable.BTREE, 0x90).mainData(main).block(0, rel, 0, 2, true, new byte[0])
                .block(1, rel, 0, 1, false, RecordBuilder.pageImage(WalVersion.PG13, sibling, true, true), new byte[0])
                .block(2, rel, 0, 4, false, new byte[0]).block(3, rel, 0, 9, true, new byte[0]).build(), 0);
        PlanEncoder.Encoded up = translate(WalVersion.PG13, WalVersion.PG14, withImage);
        assertEquals("left 1; right 4; level 2; safexid 0:492; leafleft 7; leafright 8; leaftopparent 3",
                Describers.describe(decoded(WalVersion.PG14, up)));
        PlanEncoder.Encoded without = record(WalVersion.PG13, RmgrTable.BTREE, 0x90, main);
        PlanEncoder.Encoded blind = new PlanEncoder.Encoded(RmgrTable.BTREE, 0x90, RecordBuilder.of(WalVersion.PG13,
                RmgrTable.BTREE, 0x90).mainData(main).block(0, rel, 0, 2, true, new byte[0])
                .block(2, rel, 0, 4, false, new byte[0]).block(3, rel, 0, 9, true, new byte[0]).build(), 0);
        assertThrows(WalFormatException.class, () -> translate(WalVersion.PG13, WalVersion.PG14, blind));
        // a leaf target (no block 3): level 0
        assertTrue(Describers.describe(decoded(WalVersion.PG14, translate(WalVersion.PG13, WalVersion.PG14, without)))
                .contains("level 0; safexid 0:492"));
    }
}
