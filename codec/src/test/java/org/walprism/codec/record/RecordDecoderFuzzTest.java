package org.walprism.codec.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.Heap2Codec;
import org.walprism.codec.rmgr.xlog.XlogCodec;
import org.walprism.codec.testsupport.SegmentFiles;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Coverage-guided fuzzing of the record decoder: {@link RecordView#parse} and {@link RecordView#toDecoded()} over
 * arbitrary record bytes, then the typed Heap2 and XLOG decoders for records of those resource managers. Only
 * {@link WalFormatException} may escape. Without {@code JAZZER_FUZZ} the test replays its seeds (real records of
 * every version, from the corpus) and the committed inputs in {@code RecordDecoderFuzzTestInputs/}; codec/fuzz.sh
 * fuzzes it.
 *
 * <p>Input: {@code version: uint8 (index into WalVersion, modulo), record: bytes (xl_tot_len = their count)}. The
 * record is handed over as the reader hands it: in a buffer holding exactly its bytes, with a length of at least
 * {@code SizeOfXLogRecord} (the reader's precondition), so any read outside the record is an index error.
 */
class RecordDecoderFuzzTest {

    /** Captures whose records seed the fuzzer: every version, most resource managers, compressed images. */
    static final List<String> SEED_CAPTURES = List.of("13/other_rmgrs", "14/other_rmgrs", "15/other_rmgrs_lz4",
            "16/other_rmgrs", "17/other_rmgrs", "17/vacuum_noindex_pglz", "18/other_rmgrs", "19beta1/vacuum_indexed",
            "19beta3/vacuum_indexed");

    @MethodSource("seeds")
    @FuzzTest
    void recordBytesDecodeOrFailAsWalFormatException(byte[] input) {
        if (input.length < 1 + RecordView.HEADER_SIZE) {
            return;
        }
        WalVersion version = WalVersion.values()[(input[0] & 0xFF) % WalVersion.values().length];
        int len = input.length - 1;
        ByteBuf buf = Unpooled.wrappedBuffer(input, 1, len);
        RecordView view;
        try {
            view = new RecordView().parse(version, buf, 0, len, 0x1000028L);
        } catch (WalFormatException e) {
            return;
        }
        DecodedRecord rec = view.toDecoded();
        assertEquals(len, rec.totalLength());
        assertArrayEquals(Arrays.copyOfRange(input, 1, input.length), rec.bytes());
        int parts = 0;
        for (int i = 0; i < view.blockCount(); i++) {
            parts += view.imageBytes(i).length + view.blockDataLength(i);
        }
        assertTrue(parts + view.mainDataLength() <= len - RecordView.HEADER_SIZE, "parts fit in the record");
        try {
            if (rec.rmid() == RmgrTable.HEAP2) {
                Heap2Codec.decode(rec);
            } else if (rec.rmid() == RmgrTable.XLOG) {
                XlogCodec.decode(rec);
            }
        } catch (WalFormatException e) {
            // a typed decoder rejecting a payload is the expected failure
        }
    }

    /** Version index and bytes of the first record of each (resource manager, info) of each seed capture. */
    static Stream<byte[]> seeds() {
        List<byte[]> out = new ArrayList<>();
        for (String name : SEED_CAPTURES) {
            Capture c = TestData.capture(name);
            Set<Integer> seen = new HashSet<>();
            try (WalReader r = SegmentFiles.reader(c.walDir(), c.startLsn(), c.endLsn())) {
                DecodedRecord rec;
                while ((rec = r.next()) != null) {
                    if (seen.add(rec.rmid() << 8 | rec.info()) && rec.bytes().length <= 16384) {
                        byte[] in = new byte[1 + rec.bytes().length];
                        in[0] = (byte) rec.version().ordinal();
                        System.arraycopy(rec.bytes(), 0, in, 1, rec.bytes().length);
                        out.add(in);
                    }
                }
            }
        }
        return out.stream();
    }
}
