package org.walprism.codec.rmgr;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The bytes a typed record occupies: its main data and the data of each block that carries data
 * ({@code BKPBLOCK_HAS_DATA}), by block id. Blocks without data are not listed.
 *
 * @param mainData  the main data
 * @param blockData block id to that block's data (non-empty), ascending
 */
public record RecordPayload(Bytes mainData, SortedMap<Integer, Bytes> blockData) {
    /** Null main data becomes empty; the block map is copied (the value is immutable). */
    public RecordPayload {
        mainData = mainData == null ? Bytes.EMPTY : mainData;
        TreeMap<Integer, Bytes> copy = new TreeMap<>();
        if (blockData != null) {
            for (Map.Entry<Integer, Bytes> e : blockData.entrySet()) {
                if (e.getValue() != null && !e.getValue().isEmpty()) {
                    copy.put(e.getKey(), e.getValue());
                }
            }
        }
        blockData = Collections.unmodifiableSortedMap(copy);
    }

    /** Main data only. */
    public static RecordPayload mainOnly(Bytes mainData) {
        return new RecordPayload(mainData, null);
    }

    /** Main data and one block's data (none when {@code data} is null or empty). */
    public static RecordPayload of(Bytes mainData, int blockId, Bytes data) {
        TreeMap<Integer, Bytes> m = new TreeMap<>();
        if (data != null) {
            m.put(blockId, data);
        }
        return new RecordPayload(mainData, m);
    }

    /** The data of block {@code id}, empty when it carries none. */
    public Bytes block(int id) {
        Bytes b = blockData.get(id);
        return b == null ? Bytes.EMPTY : b;
    }
}
