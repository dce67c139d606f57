package org.walprism.codec.kaitai;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.btree.BtreeCodec;
import org.walprism.codec.rmgr.heap.HeapCodec;
import org.walprism.codec.rmgr.heap2.Heap2Codec;
import org.walprism.codec.rmgr.xact.XactCodec;
import org.walprism.codec.rmgr.xlog.XlogCodec;
import org.walprism.codec.testsupport.SegmentFiles;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.testdata.kaitai.KaitaiWalRecords;
import org.walprism.testdata.kaitai.KaitaiWalRecords.KaitaiRecord;
import org.walprism.testdata.kaitai.PostgresqlWal;

/**
 * Cross-checks the Netty codec against the parser generated from testdata/ksy/postgresql_wal.ksy: for every
 * capture, both read the whole WAL directory (the Kaitai side with its own page-based reassembly) and must
 * yield the same records at the same LSNs, agreeing field by field: record header, every block header and
 * image header, relation, block number, block data, origin, top-level xid and main data; and for XLOG, Heap2, Heap,
 * Transaction and Btree records the codec's typed value ({@code XlogCodec}, {@code Heap2Codec}, {@code HeapCodec},
 * {@code XactCodec}, {@code BtreeCodec}) against the Kaitai types, field by field. The page magic's major and
 * pre-release ({@code page_header.major}, {@code pre_release}) must name the codec's {@link WalVersion}: the
 * checkpoint records and CHECKPOINT_REDO of 19 and of its pre-releases have different bytes.
 */
class KaitaiCrossCheckTest {

    static Stream<Capture> captures() {
        List<Capture> all = TestData.captures();
        assertFalse(all.isEmpty(), "the corpus lists no capture");
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void kaitaiAndCodecAgreeOnEveryRecord(Capture capture) {
        Path walDir = capture.walDir();
        KaitaiWalRecords.Result kaitai = KaitaiWalRecords.read(walDir);
        List<KaitaiRecord> expected = kaitai.records();
        assertFalse(expected.isEmpty(), "Kaitai read no record of " + capture.name() + ": " + kaitai.stopReason());
        int n = 0;
        int heap2 = 0;
        int typed = 0;
        java.util.EnumMap<KaitaiXlogCheck.Kind, Integer> xlog = new java.util.EnumMap<>(KaitaiXlogCheck.Kind.class);
        try (WalReader reader = SegmentFiles.reader(walDir, 0, 0)) {
            DecodedRecord d;
            while ((d = reader.next()) != null) {
                assertTrue(n < expected.size(), "codec read more records than Kaitai (" + expected.size()
                        + ") in " + capture.name() + "; Kaitai stopped: " + kaitai.stopReason() + "; next codec record at "
                        + lsn(d, d.recordLsn().value()));
                compare(expected.get(n), d);
                if (d.rmid() == RmgrTable.XLOG) {
                    xlog.merge(KaitaiXlogCheck.compare(XlogCodec.decode(d), expected.get(n).parsed(), "record at "
                            + lsn(d, d.recordLsn().value()) + " of " + capture.name()), 1, Integer::sum);
                } else if (d.rmid() == RmgrTable.HEAP2) {
                    KaitaiHeap2Check.compare(Heap2Codec.decode(d), expected.get(n).parsed(), "record at "
                            + lsn(d, d.recordLsn().value()) + " of " + capture.name());
                    heap2++;
                } else if (d.rmid() == RmgrTable.HEAP) {
                    KaitaiTypedCheck.heap(HeapCodec.decode(d), expected.get(n).parsed(), "record at " + lsn(d, d.recordLsn().value())
                            + " of " + capture.name());
                    typed++;
                } else if (d.rmid() == RmgrTable.TRANSACTION) {
                    KaitaiTypedCheck.xact(XactCodec.decode(d), expected.get(n).parsed(), "record at " + lsn(d, d.recordLsn().value())
                            + " of " + capture.name());
                    typed++;
                } else if (d.rmid() == RmgrTable.BTREE) {
                    KaitaiTypedCheck.btree(BtreeCodec.decode(d), expected.get(n).parsed(), "record at "
                            + lsn(d, d.recordLsn().value()) + " of " + capture.name());
                    typed++;
                }
                n++;
            }
        }
        assertEquals(expected.size(), n, "record count of " + capture.name());
        System.out.printf("%s: %d records agree, %d of them Heap2, %d Heap/Transaction/Btree and XLOG %s with typed"
                + " fields (Kaitai stopped: %s)%n", capture.name(), n, heap2, typed, xlog, kaitai.stopReason());
    }

    /** {@code page_header.pre_release} of the version's magic: 0 for a release. */
    private static int preRelease(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16, PG17, PG18, PG19 -> 0;
            case PG19_BETA1 -> 1;
            case PG19_BETA3 -> 3;
        };
    }

    private static String lsn(DecodedRecord d, long lsn) {
        return new Lsn(lsn).format(d.version());
    }

    private static void compare(KaitaiRecord k, DecodedRecord d) {
        String at = "record at " + lsn(d, k.lsn());
        assertEquals(k.lsn(), d.recordLsn().value(), "LSN of the next record (Kaitai " + lsn(d, k.lsn()) + ")");
        PostgresqlWal.XlogRecord p = k.parsed();
        assertEquals(d.version().major(), k.major(), "major of the page magic of " + at);
        assertEquals(preRelease(d.version()), k.preRelease(), "pre-release of the page magic of " + at);
        assertEquals(p.lenTotal(), d.totalLength(), "xl_tot_len of " + at);
        assertEquals(p.xid(), d.xid(), "xl_xid of " + at);
        assertEquals(p.prevLsn(), d.prev(), "xl_prev of " + at);
        assertEquals(p.info(), d.info(), "xl_info of " + at);
        assertEquals(p.rmgrId(), d.rmid(), "xl_rmid of " + at);
        assertEquals(p.crc(), d.crc(), "xl_crc of " + at);
        assertArrayEquals(k.bytes(), d.bytes(), "reassembled bytes of " + at);

        List<PostgresqlWal.RecordHeaderEntry> blockEntries = new ArrayList<>();
        List<PostgresqlWal.BlockPayload> blockPayloads = new ArrayList<>();
        int origin = -1;
        long toplevelXid = -1;
        Boolean longMain = null;
        List<PostgresqlWal.RecordHeaderEntry> headers = p.headers() == null ? List.of() : p.headers();
        for (int i = 0; i < headers.size(); i++) {
            PostgresqlWal.RecordHeaderEntry e = headers.get(i);
            if (e.isBlockRef()) {
                blockEntries.add(e);
                blockPayloads.add(p.payloads().get(i));
            } else if (e.blockId() == 253) {
                origin = e.origin();
            } else if (e.blockId() == 252) {
                toplevelXid = e.toplevelXid();
            } else if (e.isMainData()) {
                longMain = e.isLongMainData();
            }
        }
        assertEquals(origin, d.origin(), "origin of " + at);
        assertEquals(toplevelXid, d.toplevelXid(), "top-level xid of " + at);
        assertArrayEquals(p.mainData(), d.mainData(), "main data of " + at);
        assertEquals(p.lenMainData().longValue(), d.mainData().length, "main data length of " + at);
        if (longMain != null) {
            assertEquals(longMain, d.longMainDataHeader(), "main data header form of " + at);
        } else {
            assertFalse(d.longMainDataHeader(), "main data header form of " + at);
        }

        assertEquals(blockEntries.size(), d.blocks().size(), "block count of " + at);
        PostgresqlWal.RelFileLocator rel = null;
        long fpi = 0;
        for (int i = 0; i < blockEntries.size(); i++) {
            PostgresqlWal.RecordHeaderEntry e = blockEntries.get(i);
            PostgresqlWal.BlockHeader kb = e.block();
            BlockRef b = d.blocks().get(i);
            String bat = "block #" + e.blockId() + " of " + at;
            assertEquals(e.blockId(), b.id(), "id of " + bat);
            assertEquals(kb.forkFlags(), b.forkFlags(), "fork_flags of " + bat);
            assertEquals(kb.forkNumber().id(), b.forkNumber(), "fork of " + bat);
            assertEquals(kb.hasImage(), b.hasImage(), "HAS_IMAGE of " + bat);
            assertEquals(kb.hasData(), b.hasData(), "HAS_DATA of " + bat);
            assertEquals(kb.willInit(), b.willInit(), "WILL_INIT of " + bat);
            assertEquals(kb.isSameRel(), b.sameRel(), "SAME_REL of " + bat);
            if (!kb.isSameRel()) {
                rel = kb.rel();
            } else {
                assertNull(kb.rel(), "no relation stored with SAME_REL in " + bat);
            }
            assertNotNull(rel, "relation of " + bat);
            assertEquals(rel.spcOid(), b.rel().spcOid(), "spcOid of " + bat);
            assertEquals(rel.dbOid(), b.rel().dbOid(), "dbOid of " + bat);
            assertEquals(rel.relNumber(), b.rel().relNumber(), "relNumber of " + bat);
            assertEquals(kb.blockNumber(), b.blockNumber(), "block number of " + bat);
            assertEquals(kb.lenData(), b.dataLength(), "data_length of " + bat);
            PostgresqlWal.BlockPayload payload = blockPayloads.get(i);
            assertArrayEquals(payload.data(), b.data(), "block data of " + bat);
            if (kb.hasImage()) {
                PostgresqlWal.BlockImageHeader ki = kb.imageHeader();
                BlockImage img = b.image();
                assertNotNull(img, "image of " + bat);
                assertEquals(ki.lenImage(), img.length(), "bimg_len of " + bat);
                assertEquals(ki.ofsHole(), img.holeOffset(), "hole_offset of " + bat);
                assertEquals(ki.lenHole().intValue(), img.holeLength(), "hole length of " + bat);
                assertEquals(ki.bimgInfo(), img.info(), "bimg_info of " + bat);
                assertEquals(ki.hasHole(), img.hasHole(), "HAS_HOLE of " + bat);
                assertEquals(ki.isApply(), img.apply(), "APPLY of " + bat);
                assertEquals(ki.isCompressed(), img.isCompressed(), "compressed of " + bat);
                assertEquals(ki.compression().name(), img.compression().name(), "compression of " + bat);
                assertEquals(ki.isCompressed() && ki.hasHole() ? 7 : 5, img.headerSize(),
                        "image header size of " + bat);
                assertArrayEquals(payload.image(), img.bytes(), "image bytes of " + bat);
                fpi += ki.lenImage();
            } else {
                assertNull(b.image(), "image of " + bat);
            }
        }
        assertEquals(fpi, d.fpiLength(), "FPI length of " + at);
    }
}
