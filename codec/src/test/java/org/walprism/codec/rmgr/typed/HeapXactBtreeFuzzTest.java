package org.walprism.codec.rmgr.typed;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.RecordPayload;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.btree.BtreeCodec;
import org.walprism.codec.rmgr.heap.HeapCodec;
import org.walprism.codec.rmgr.xact.XactCodec;
import org.walprism.codec.testsupport.SegmentFiles;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Coverage-guided fuzzing of the typed Heap, Transaction and Btree decoders. Only {@link WalFormatException} may
 * escape, and whatever decodes must encode back to exactly the bytes it came from. Without {@code JAZZER_FUZZ} the
 * test replays its seeds (the payloads of the first record of each type in the seed captures); run
 * {@code codec/fuzz.sh heapxactbtree} (or Jazzer with this method) to fuzz it.
 *
 * <p>Input: {@code version: uint8 (index into WalVersion, modulo), rmgr: uint8 (modulo 3: Heap, Transaction,
 * Btree), info: uint8, block: uint8 (low 3 bits modulo 5: the block id that gets the data; bit 7: block 0 carries
 * an image), len_main: uint16, main: bytes[len_main] (cut to what is there), block data: bytes (the rest)}.
 */
class HeapXactBtreeFuzzTest {

    static final List<String> SEED_CAPTURES = List.of("13/other_rmgrs", "13/vacuum_indexed", "14/other_rmgrs",
            "15/other_rmgrs", "16/vacuum_indexed_multipass", "17/other_rmgrs", "18/other_rmgrs", "19beta1/vacuum_indexed",
            "19beta3/vacuum_indexed");

    private static final int[] RMIDS = {RmgrTable.HEAP, RmgrTable.TRANSACTION, RmgrTable.BTREE};
    private static final BlockImage IMAGE = new BlockImage(8192, 0, 0, 0, BlockImage.Compression.NONE, true, false,
            new byte[8192]);

    @MethodSource("seeds")
    @FuzzTest
    void payloadsDecodeOrFailAsWalFormatExceptionAndReencodeExactly(byte[] input) {
        if (input.length < 6) {
            return;
        }
        WalVersion version = WalVersion.values()[(input[0] & 0xFF) % WalVersion.values().length];
        int rmid = RMIDS[(input[1] & 0xFF) % RMIDS.length];
        int info = input[2] & 0xFF;
        int blockId = (input[3] & 0x07) % 5;
        boolean image0 = (input[3] & 0x80) != 0;
        int mainLen = Math.min((input[4] & 0xFF) | (input[5] & 0xFF) << 8, input.length - 6);
        byte[] main = Arrays.copyOfRange(input, 6, 6 + mainLen);
        byte[] data = Arrays.copyOfRange(input, 6 + mainLen, input.length);
        List<BlockRef> blocks = new ArrayList<>();
        RelFileLocator rel = new RelFileLocator(1663, 5, 16384);
        if (image0 && blockId != 0) {
            blocks.add(new BlockRef(0, BlockRef.HAS_IMAGE, rel, 0, IMAGE, new byte[0]));
        }
        if (data.length > 0 || blockId == 0 && image0) {
            int flags = (data.length > 0 ? BlockRef.HAS_DATA : 0) | (blockId == 0 && image0 ? BlockRef.HAS_IMAGE : 0);
            blocks.add(new BlockRef(blockId, flags, rel, 1, blockId == 0 && image0 ? IMAGE : null, data));
        }
        RecordPayload p;
        try {
            p = switch (rmid) {
                case RmgrTable.HEAP -> HeapCodec.decode(version, info, main, blocks).encode();
                case RmgrTable.TRANSACTION -> XactCodec.decode(version, info, main, blocks).encode();
                default -> BtreeCodec.decode(version, info, main, blocks).encode();
            };
        } catch (WalFormatException e) {
            return; // rejected as invalid: the only allowed failure
        }
        assertEquals(org.walprism.codec.rmgr.Bytes.of(main), p.mainData(), "main data re-encoded");
        for (BlockRef b : blocks) {
            assertEquals(org.walprism.codec.rmgr.Bytes.of(b.data()), p.block(b.id()), "block data re-encoded");
        }
    }

    /** The first payload of each (resource manager, info) among the Heap, Transaction and Btree seed records. */
    static Stream<byte[]> seeds() {
        List<byte[]> out = new ArrayList<>();
        for (String name : SEED_CAPTURES) {
            Capture c = TestData.capture(name);
            Set<Integer> seen = new HashSet<>();
            try (WalReader r = SegmentFiles.reader(c.walDir(), c.startLsn(), c.endLsn())) {
                DecodedRecord rec;
                while ((rec = r.next()) != null) {
                    int sel = rec.rmid() == RmgrTable.HEAP ? 0 : rec.rmid() == RmgrTable.TRANSACTION ? 1
                            : rec.rmid() == RmgrTable.BTREE ? 2 : -1;
                    if (sel >= 0 && seen.add(rec.rmid() << 8 | rec.info())) {
                        out.add(input(rec, sel));
                    }
                }
            }
        }
        return out.stream();
    }

    private static byte[] input(DecodedRecord rec, int sel) {
        int blockId = 0;
        byte[] data = new byte[0];
        boolean image0 = false;
        for (BlockRef b : rec.blocks()) {
            if (b.dataLength() > 0 && data.length == 0 && b.id() < 5) {
                blockId = b.id();
                data = b.data();
            }
            image0 |= b.id() == 0 && b.hasImage();
        }
        byte[] main = rec.mainData();
        byte[] in = new byte[6 + main.length + data.length];
        in[0] = (byte) rec.version().ordinal();
        in[1] = (byte) sel;
        in[2] = (byte) rec.info();
        in[3] = (byte) (blockId | (image0 ? 0x80 : 0));
        in[4] = (byte) main.length;
        in[5] = (byte) (main.length >>> 8);
        System.arraycopy(main, 0, in, 6, main.length);
        System.arraycopy(data, 0, in, 6 + main.length, data.length);
        return in;
    }
}
