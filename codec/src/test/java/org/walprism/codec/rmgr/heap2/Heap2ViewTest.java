package org.walprism.codec.rmgr.heap2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.testsupport.Captures;
import org.walprism.codec.testsupport.SegmentFiles;
import org.walprism.testdata.Capture;

/**
 * The layout view and the typed decoder agree: on every Heap2 record of every capture both accept and give the
 * same parts and fields; on mutated payloads (bytes changed, counts changed, bytes cut or added) the view accepts
 * exactly what the decoder accepts, with the same parts and fields.
 */
class Heap2ViewTest {
    private static final int MUTATED_RECORDS = 300;
    private static final int MUTATIONS = 24;

    static Stream<Capture> captures() {
        return Captures.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void scanAgreesWithTheTypedDecoder(Capture capture) {
        Heap2View scan = new Heap2View();
        Random random = new Random(capture.name().hashCode());
        int records = 0;
        int mutated = 0;
        int rejected = 0;
        try (WalReader r = SegmentFiles.reader(capture.walDir(), capture.startLsn(), capture.endLsn())) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                if (v.rmid() != RmgrTable.HEAP2) {
                    continue;
                }
                Heap2Type type = Heap2Type.of(v.version(), v.info());
                boolean scanned = scan.load(v);
                if (type == null) {
                    assertTrue(!scanned, "an unknown code is not accepted: " + v);
                    continue;
                }
                DecodedRecord d = v.toDecoded();
                String where = capture + " " + v.lsn();
                Heap2Record typed = Heap2Codec.decode(d);
                assertTrue(scanned, "scanned " + where);
                assertSame(typed, scan, where);
                records++;
                if (records > MUTATED_RECORDS) {
                    continue;
                }
                BlockRef b0 = d.block(0);
                byte[] main = d.mainData();
                byte[] block = b0 == null ? new byte[0] : b0.data();
                for (int i = 0; i < MUTATIONS; i++) {
                    byte[][] m = mutate(random, main, block);
                    mutated++;
                    if (!compare(d.version(), d.info(), m[0], m[1], scan, where + " mutation " + i)) {
                        rejected++;
                    }
                }
            }
        }
        // some workloads write no vacuum record at all (19's wal_switch: not even an on-access prune)
        assertTrue(records > 0 || capture.name().contains("other_rmgrs") || Captures.oracleCount(capture, "Heap2") == 0,
                "Heap2 records in " + capture);
        System.out.println(capture.name() + ": " + records + " records scanned, " + mutated + " mutations ("
                + rejected + " rejected by both)");
    }

    /** Decodes and scans one payload; asserts they agree and returns whether it was accepted. */
    private static boolean compare(WalVersion version, int info, byte[] main, byte[] block, Heap2View scan,
                                   String where) {
        Heap2Record typed;
        try {
            typed = Heap2Codec.decode(version, info, main, block);
        } catch (InvalidPayloadException e) {
            assertTrue(!scan.load(version, info, main, block), "decoder rejects (" + e.getMessage()
                    + "), scan accepts: " + where + " main " + Arrays.toString(main) + " block "
                    + Arrays.toString(block));
            return false;
        }
        assertTrue(scan.load(version, info, main, block), "decoder accepts, scan rejects: " + where);
        assertSame(typed, scan, where);
        return true;
    }

    private static void assertSame(Heap2Record typed, Heap2View scan, String where) {
        assertEquals(typed.parts(), scan.parts(), "parts " + where);
        if (typed instanceof PruneFreeze pf) {
            assertEquals(pf.flags(), scan.flags(), "flags " + where);
        }
        if (typed instanceof HeapPrune hp) {
            assertEquals(hp.nredirected(), scan.nredirected(), "nredirected " + where);
            assertEquals(hp.ndead(), scan.ndead(), "ndead " + where);
        }
    }

    /** One random change to the payload: a byte, a small count, a cut or an addition, in main or block data. */
    private static byte[][] mutate(Random random, byte[] main, byte[] block) {
        byte[] m = main.clone();
        byte[] b = block.clone();
        boolean inMain = random.nextBoolean() || b.length == 0;
        byte[] t = inMain ? m : b;
        switch (random.nextInt(5)) {
            case 0 -> {
                if (t.length > 0) {
                    t[random.nextInt(t.length)] = (byte) random.nextInt(256);
                }
            }
            case 1 -> {
                // a small value in a likely count field: low bytes matter most
                if (t.length > 0) {
                    t[random.nextInt(Math.min(t.length, 12))] = (byte) random.nextInt(4);
                }
            }
            case 2 -> t = Arrays.copyOf(t, Math.max(0, t.length - 1 - random.nextInt(Math.max(1, t.length / 4 + 1))));
            case 3 -> t = Arrays.copyOf(t, t.length + 1 + random.nextInt(4));
            default -> t = Arrays.copyOf(t, t.length + 2 * (1 + random.nextInt(3)));
        }
        return inMain ? new byte[][] {t, b} : new byte[][] {m, t};
    }
}
