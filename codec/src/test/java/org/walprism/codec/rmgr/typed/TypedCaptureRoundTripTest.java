package org.walprism.codec.rmgr.typed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.rmgr.RecordPayload;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.btree.BtreeCodec;
import org.walprism.codec.rmgr.btree.BtreeRecord;
import org.walprism.codec.rmgr.heap.HeapCodec;
import org.walprism.codec.rmgr.heap.HeapRecord;
import org.walprism.codec.rmgr.xact.XactCodec;
import org.walprism.codec.rmgr.xact.XactRecord;
import org.walprism.codec.testsupport.Captures;
import org.walprism.codec.testsupport.SegmentFiles;
import org.walprism.testdata.Capture;

/**
 * Every Heap, Transaction and Btree record of every capture's WAL directory decodes into its typed value, encodes back to
 * exactly its main data and block data, and decoding those bytes gives the same value. Prints the count per
 * version and record type.
 */
class TypedCaptureRoundTripTest {

    static Stream<Capture> captures() {
        return Captures.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void everyHeapXactBtreeRecordEncodesBackToItsBytes(Capture capture) {
        Map<String, Integer> counts = new TreeMap<>();
        forEachRecordOfDirectory(capture, r -> {
            String where = capture + " " + r.recordLsn().value();
            String name = RmgrTable.identify(r.version(), r.rmid(), r.info());
            switch (r.rmid()) {
                case RmgrTable.HEAP -> {
                    HeapRecord t = HeapCodec.decode(r);
                    RecordPayload p = HeapCodec.encode(t);
                    PayloadAssert.sameBytes(r, p, where);
                    assertEquals(t, HeapCodec.decode(r.version(), r.info(), p.mainData().toByteArray(),
                            PayloadAssert.blocksOf(r, p)), where);
                }
                case RmgrTable.TRANSACTION -> {
                    XactRecord t = XactCodec.decode(r);
                    RecordPayload p = XactCodec.encode(t);
                    PayloadAssert.sameBytes(r, p, where);
                    assertEquals(t, XactCodec.decode(r.version(), r.info(), p.mainData().toByteArray(),
                            PayloadAssert.blocksOf(r, p)), where);
                }
                case RmgrTable.BTREE -> {
                    BtreeRecord t = BtreeCodec.decode(r);
                    RecordPayload p = BtreeCodec.encode(t);
                    PayloadAssert.sameBytes(r, p, where);
                    assertEquals(t, BtreeCodec.decode(r.version(), r.info(), p.mainData().toByteArray(),
                            PayloadAssert.blocksOf(r, p)), where);
                }
                default -> {
                    return;
                }
            }
            counts.merge(RmgrTable.name(r.version(), r.rmid()) + "/" + name, 1, Integer::sum);
        });
        assertFalse(counts.isEmpty(), "no Heap, Transaction or Btree record in " + capture);
        System.out.println("typed round trip " + capture.name() + " (" + capture.versionLabel() + "): " + counts);
    }

    /** Every record of the capture's WAL directory, not only its measured range (as the Kaitai cross-check). */
    static void forEachRecordOfDirectory(Capture c, java.util.function.Consumer<DecodedRecord> action) {
        try (WalReader reader = SegmentFiles.reader(c.walDir(), 0, 0)) {
            DecodedRecord rec;
            while ((rec = reader.next()) != null) {
                action.accept(rec);
            }
        }
    }
}
