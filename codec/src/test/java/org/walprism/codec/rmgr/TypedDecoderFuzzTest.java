package org.walprism.codec.rmgr;

import com.code_intelligence.jazzer.junit.FuzzTest;
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
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.heap2.Heap2Codec;
import org.walprism.codec.rmgr.xlog.XlogCodec;
import org.walprism.codec.testsupport.SegmentFiles;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Coverage-guided fuzzing of the typed Heap2 and XLOG payload decoders on their own (the record decoder's fuzz test
 * reaches them only through records that parse). Only {@link WalFormatException} may escape. Without
 * {@code JAZZER_FUZZ} the test replays its seeds (the payloads of real Heap2 and XLOG records of every version);
 * codec/fuzz.sh fuzzes it.
 *
 * <p>Input: {@code version: uint8 (index into WalVersion, modulo), rmgr: uint8 (bit 0: 0 = Heap2, 1 = XLOG),
 * info: uint8 (xl_info), len_main: uint16, main: bytes[len_main] (cut to what is there), block0: bytes (the rest)}.
 * XLOG payloads are decoded with no block references (FPI records are reached through the record decoder's test).
 */
class TypedDecoderFuzzTest {

    static final List<String> SEED_CAPTURES = List.of("13/vacuum_indexed", "14/vacuum_indexed", "15/vacuum_indexed",
            "16/vacuum_indexed_multipass", "17/vacuum_indexed_multipass", "17/other_rmgrs", "18/vacuum_indexed",
            "19beta1/vacuum_indexed", "19beta3/vacuum_indexed");

    @MethodSource("seeds")
    @FuzzTest
    void payloadsDecodeOrFailAsWalFormatException(byte[] input) {
        if (input.length < 5) {
            return;
        }
        WalVersion version = WalVersion.values()[(input[0] & 0xFF) % WalVersion.values().length];
        boolean xlog = (input[1] & 1) != 0;
        int info = input[2] & 0xFF;
        int mainLen = Math.min((input[3] & 0xFF) | (input[4] & 0xFF) << 8, input.length - 5);
        byte[] main = Arrays.copyOfRange(input, 5, 5 + mainLen);
        byte[] block0 = Arrays.copyOfRange(input, 5 + mainLen, input.length);
        try {
            if (xlog) {
                XlogCodec.decode(version, info, main, List.of());
            } else {
                Heap2Codec.decode(version, info, main, block0);
            }
        } catch (WalFormatException e) {
            // rejected as invalid: the only allowed failure
        }
    }

    /** The first payload of each (resource manager, info) among the Heap2 and XLOG records of the seed captures. */
    static Stream<byte[]> seeds() {
        List<byte[]> out = new ArrayList<>();
        for (String name : SEED_CAPTURES) {
            Capture c = TestData.capture(name);
            Set<Integer> seen = new HashSet<>();
            try (WalReader r = SegmentFiles.reader(c.walDir(), c.startLsn(), c.endLsn())) {
                DecodedRecord rec;
                while ((rec = r.next()) != null) {
                    boolean xlog = rec.rmid() == RmgrTable.XLOG;
                    if ((xlog || rec.rmid() == RmgrTable.HEAP2) && seen.add(rec.rmid() << 8 | rec.info())) {
                        out.add(input(rec, xlog));
                    }
                }
            }
        }
        return out.stream();
    }

    private static byte[] input(DecodedRecord rec, boolean xlog) {
        byte[] block0 = new byte[0];
        for (BlockRef b : rec.blocks()) {
            if (b.id() == 0 && !xlog) {
                block0 = b.data();
            }
        }
        byte[] main = rec.mainData();
        byte[] in = new byte[5 + main.length + block0.length];
        in[0] = (byte) rec.version().ordinal();
        in[1] = (byte) (xlog ? 1 : 0);
        in[2] = (byte) rec.info();
        in[3] = (byte) main.length;
        in[4] = (byte) (main.length >>> 8);
        System.arraycopy(main, 0, in, 5, main.length);
        System.arraycopy(block0, 0, in, 5 + main.length, block0.length);
        return in;
    }
}
