package org.walprism.codec.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.page.PageHeader;
import org.walprism.codec.page.PageHeaderCodec;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.Heap2Codec;
import org.walprism.codec.rmgr.heap2.Heap2Decoded;
import org.walprism.codec.testsupport.SegmentFiles;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** The record values a library user holds: no shared mutable arrays, equality by content, names, LSN values. */
class RecordApiTest {
    private static final Capture CAPTURE = TestData.capture("16/vacuum_indexed");

    /** The first record of the capture with block data and, separately, the first Heap2 record with an image. */
    private static DecodedRecord first(java.util.function.Predicate<DecodedRecord> p) {
        try (WalReader reader = SegmentFiles.reader(CAPTURE.walDir(), 0, 0)) {
            for (DecodedRecord r = reader.next(); r != null; r = reader.next()) {
                if (p.test(r)) {
                    return r;
                }
            }
        }
        throw new AssertionError("no such record in " + CAPTURE.name());
    }

    @Test
    void arraysHandedOutAreCopiesAndViewsAreReadOnly() {
        DecodedRecord r = first(x -> x.mainDataLength() > 0 && !x.blocks().isEmpty()
                && x.blocks().get(0).dataLength() > 0);
        byte[] main = r.mainData();
        main[0] ^= 0x7F;
        assertNotEquals(main[0], r.mainData()[0], "changing a returned array changes the record");
        byte[] data = r.blocks().get(0).data();
        data[0] ^= 0x7F;
        assertNotEquals(data[0], r.blocks().get(0).data()[0]);
        byte[] bytes = r.bytes();
        bytes[0] ^= 0x7F;
        assertNotEquals(bytes[0], r.bytes()[0]);
        ByteBuffer view = r.mainDataView();
        assertThrows(ReadOnlyBufferException.class, () -> view.put(0, (byte) 1));
        assertThrows(UnsupportedOperationException.class, () -> r.blocks().clear());
    }

    @Test
    void recordsEqualByContent() {
        DecodedRecord r = first(x -> x.fpiLength() > 0);
        DecodedRecord again = first(x -> x.recordLsn().value() == r.recordLsn().value());
        assertTrue(r != again);
        assertEquals(r, again);
        assertEquals(r.hashCode(), again.hashCode());
        assertEquals(r.blocks().get(0), again.blocks().get(0));
        assertEquals(r.blocks().get(0).image(), again.blocks().get(0).image());
        DecodedRecord other = first(x -> x.recordLsn().value() > r.recordLsn().value());
        assertNotEquals(r, other);
    }

    @Test
    void typeNameLsnsAndViewOverBytes() {
        DecodedRecord r = first(x -> x.rmid() == RmgrTable.HEAP2);
        assertEquals(RmgrTable.identify(r.version(), r.rmid(), r.info()), r.typeName());
        assertEquals("Heap2", r.rmgrName());
        assertEquals(Lsn.of(r.recordLsn().value()), r.recordLsn());
        assertEquals(Lsn.of(r.prev()), r.prevLsn());
        RecordView v = RecordView.of(r.version(), r.bytes(), r.recordLsn().value());
        assertEquals(r.typeName(), v.typeName());
        assertEquals(r, v.toDecoded());
        assertArrayEquals(r.mainData(), v.mainData());
        byte[] shortRecord = java.util.Arrays.copyOf(r.bytes(), r.totalLength() - 1);
        assertThrows(WalFormatException.class, () -> RecordView.of(r.version(), shortRecord, r.recordLsn().value()));
    }

    @Test
    void heap2ValueSaysWhenItsBlockDataIsInTheImage() {
        DecodedRecord withImage = first(x -> x.rmid() == RmgrTable.HEAP2 && x.block(0) != null
                && x.block(0).image() != null && x.block(0).dataLength() == 0);
        Heap2Decoded d = Heap2Codec.decodeWithImage(withImage);
        assertTrue(d.dataInImage());
        assertNotNull(d.block0Image());
        assertEquals(withImage.typeName(), d.typeName());
        DecodedRecord withData = first(x -> x.rmid() == RmgrTable.HEAP2 && x.block(0) != null
                && x.block(0).dataLength() > 0);
        assertFalse(Heap2Codec.decodeWithImage(withData).dataInImage());
    }

    @Test
    void pageHeaderCodecReadsAndWritesLittleEndianWhateverTheBufferOrder() {
        PageHeader h = new PageHeader(0xD113, PageHeader.LONG_HEADER, 1, 0x1000000L, 0, 7_123_456_789L, 16 << 20,
                PageHeader.XLOG_BLCKSZ);
        byte[] bytes = new byte[PageHeader.LONG_SIZE];
        PageHeaderCodec.encode(h, bytes, 0);
        assertEquals(0x13, bytes[0] & 0xFF);                    // xlp_magic, low byte first
        assertEquals(h, PageHeaderCodec.decode(bytes, 0));
        assertEquals(h, PageHeaderCodec.decode(ByteBuffer.wrap(bytes), 0)); // a big-endian buffer
    }
}
