package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.testsupport.Captures;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.testdata.Capture;

class Heap2CaptureRoundTripTest {

    static Stream<Capture> captures() {
        return Captures.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void everyHeap2RecordEncodesBackToItsBytesAndPartsAddUp(Capture capture) {
        AtomicInteger n = new AtomicInteger();
        Captures.forEachRecord(capture, r -> {
            if (r.rmid() != RmgrTable.HEAP2) {
                return;
            }
            n.incrementAndGet();
            String where = capture + " " + r.recordLsn().value();
            Heap2Record typed = Heap2Codec.decode(r);
            Heap2Payload p = Heap2Codec.encode(typed);
            assertArrayEquals(r.mainData(), p.mainData(), "main data " + where);
            BlockRef b0 = r.block(0);
            byte[] block0 = b0 == null ? new byte[0] : b0.data();
            assertArrayEquals(block0, p.block0Data(), "block 0 data " + where);
            assertEquals(r.mainData().length + block0.length, typed.parts().total(), "parts " + where);
            // decoding the encoded bytes gives the same value
            assertEquals(typed, Heap2Codec.decode(r.version(), r.info(), p.mainData(), p.block0Data()), where);
        });
        long expected = Captures.oracleCount(capture, "Heap2");
        if (expected >= 0) {
            assertEquals(expected, n.get(), "Heap2 records PostgreSQL counted in " + capture);
        } else {
            assertTrue(n.get() > 0, "capture has Heap2 records: " + capture);
        }
        System.out.println(capture.name() + ": " + n + " Heap2 records round-tripped");
    }
}
