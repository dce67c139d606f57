package org.walprism.analyzer.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.Heap2Type;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The raw-bytes path of the Heap2 describer prints the same text as the typed path (the codec's records) for
 * every Heap2 record of every capture, and accepts every one of them but REWRITE; malformed payloads it leaves to
 * the typed path, which rejects them as before.
 */
class Heap2RawDescriberTest {

    @Test
    void rawTextEqualsTypedTextForEveryCapturedHeap2Record() {
        Map<String, int[]> perType = new TreeMap<>();
        List<String> diffs = new ArrayList<>();
        DescRecord d = new DescRecord();
        TextBuffer raw = new TextBuffer();
        TextBuffer typed = new TextBuffer();
        for (Capture c : TestData.captures()) {
            try (WalReader r = WalSources.reader(c.walDir(), c.startLsn(), c.endLsn())) {
                RecordView v;
                while ((v = r.nextView()) != null) {
                    if (v.rmid() != RmgrTable.HEAP2) {
                        continue;
                    }
                    Heap2Type type = Heap2Type.of(v.version(), v.info());
                    if (type == null) {
                        continue;
                    }
                    d.load(v);
                    raw.clear();
                    typed.clear();
                    boolean accepted = Heap2Describer.describeRaw(d, type, raw);
                    Heap2Describer.describeTyped(d, type, typed);
                    int[] n = perType.computeIfAbsent(v.version().label() + " " + type, k -> new int[2]);
                    n[0]++;
                    if (accepted) {
                        n[1]++;
                        if (!raw.toString().equals(typed.toString()) && diffs.size() < 5) {
                            diffs.add(c + " " + Lsn.format(v.lsn(), true) + "\n  raw:   " + raw + "\n  typed: "
                                    + typed);
                        }
                    } else {
                        assertEquals(0, raw.length(), "a refused record leaves nothing behind");
                        assertEquals(Heap2Type.REWRITE, type, c + " " + Lsn.format(v.lsn(), true) + " refused");
                    }
                }
            }
        }
        assertTrue(diffs.isEmpty(), String.join("\n", diffs));
        assertTrue(perType.size() > 20, "types seen: " + perType.keySet());
        System.out.println("[heap2-raw] records (raw-accepted) per version and type: " + perType.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()[0] + "(" + e.getValue()[1] + ")").toList());
    }

    private static DecodedRecord record(WalVersion v, int info, byte[] main, byte[] block0) {
        BlockRef b = new BlockRef(0, block0.length > 0 ? BlockRef.HAS_DATA : 0, new RelFileLocator(1663, 5, 16384), 7,
                null, block0);
        return new DecodedRecord(v, 0x1000000, 0, 0, 0, info, RmgrTable.HEAP2, 0, List.of(b), -1, -1, main, false,
                new byte[0]);
    }

    @Test
    void malformedPayloadsStillFailAsTheCodecSays() {
        Heap2Describer describer = new Heap2Describer();
        // VISIBLE (13-18) with 6 bytes of main data instead of 5
        WalFormatException e = assertThrows(WalFormatException.class,
                () -> describer.describe(record(WalVersion.PG16, 0x40, new byte[6], new byte[0])));
        assertTrue(e.getMessage().contains("unexpected bytes"), e.getMessage());
        // PRUNE (16): block data of odd length
        e = assertThrows(WalFormatException.class,
                () -> describer.describe(record(WalVersion.PG16, 0x10, new byte[9], new byte[3])));
        assertTrue(e.getMessage().contains("odd data length"), e.getMessage());
        // PRUNE_VACUUM_SCAN (17): dead-items count past the block data
        byte[] main = {0, 0x40}; // reason, flags = XLHP_HAS_DEAD_ITEMS
        byte[] block = {5, 0, 1, 0}; // ntargets 5, one offset
        e = assertThrows(WalFormatException.class,
                () -> describer.describe(record(WalVersion.PG17, 0x20, main, block)));
        assertFalse(e.getMessage().isEmpty());
    }

    @Test
    void lockUpdatedRawTextEqualsTypedText() {
        // xl_heap_lock_updated: xmax 1234, offnum 7, infobits IS_MULTI|LOCK_ONLY|KEYS_UPDATED, flags 0x01
        byte[] main = {(byte) 0xD2, 0x04, 0, 0, 7, 0, 0x13, 0x01};
        for (WalVersion v : new WalVersion[] {WalVersion.PG13, WalVersion.PG16, WalVersion.PG19}) {
            DescRecord d = DescRecord.of(record(v, 0x60, main, new byte[0]));
            TextBuffer raw = new TextBuffer();
            TextBuffer typed = new TextBuffer();
            assertTrue(Heap2Describer.describeRaw(d, Heap2Type.LOCK_UPDATED, raw), v.label());
            Heap2Describer.describeTyped(d, Heap2Type.LOCK_UPDATED, typed);
            assertEquals(typed.toString(), raw.toString(), v.label());
        }
    }
}
