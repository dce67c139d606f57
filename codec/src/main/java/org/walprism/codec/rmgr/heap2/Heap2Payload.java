package org.walprism.codec.rmgr.heap2;

import java.util.Arrays;

/**
 * The bytes a typed Heap2 record occupies: its main data and block 0's data (Heap2 records carry data only
 * on block 0; an empty array means block 0 has no HAS_DATA, for example because it holds a full-page image).
 */
public record Heap2Payload(byte[] mainData, byte[] block0Data) {
    @Override
    public boolean equals(Object o) {
        return o instanceof Heap2Payload p && Arrays.equals(mainData, p.mainData)
                && Arrays.equals(block0Data, p.block0Data);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(mainData) + Arrays.hashCode(block0Data);
    }

    @Override
    public String toString() {
        return "Heap2Payload[main=" + mainData.length + " bytes, block0=" + block0Data.length + " bytes]";
    }
}
