package org.walprism.analyzer.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** Heap2 desc text equals the pg_waldump oracle (waldump.txt) of the same major, record by record. */
class Heap2DescriberOracleTest {
    private static final Heap2Describer DESCRIBER = new Heap2Describer();

    static Stream<Capture> captures() {
        return TestData.captures().stream().filter(c -> c.has("waldump.txt"));
    }

    /** LSN -> the text after {@code desc: NAME } up to the block references, for Heap2 lines. */
    static Map<Long, String> oracle(List<String> lines) {
        Map<Long, String> out = new HashMap<>();
        for (String line : lines) {
            if (!line.startsWith("rmgr: Heap2 ")) {
                continue;
            }
            int l = line.indexOf("lsn: ") + 5;
            long lsn = Lsn.parse(line.substring(l, line.indexOf(',', l))).value();
            int d = line.indexOf("desc: ") + 6;
            int afterName = line.indexOf(' ', d) + 1;
            int blk = line.indexOf(", blkref #", afterName - 1);
            out.put(lsn, line.substring(afterName, blk < 0 ? line.length() : blk));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void heap2DescMatchesPgWaldump(Capture capture) {
        Map<Long, String> expected = oracle(List.of(capture.oracleText("waldump.txt").split("\n")));
        int total = 0;
        int same = 0;
        List<String> diffs = new ArrayList<>();
        try (WalReader r = WalSources.reader(capture.walDir(), Lsn.bound(capture.startLsn()), Lsn.bound(capture.endLsn()))) {
            DecodedRecord rec;
            while ((rec = r.next()) != null) {
                if (rec.rmid() != RmgrTable.HEAP2) {
                    continue;
                }
                total++;
                String want = expected.get(rec.recordLsn().value());
                String got = DESCRIBER.describe(rec);
                if (got.equals(want)) {
                    same++;
                } else if (diffs.size() < 5) {
                    diffs.add(Lsn.format(rec.recordLsn().value(), true) + "\n  want: " + want + "\n  got:  " + got);
                }
            }
        }
        System.out.printf("heap2 desc %s: %d/%d identical%n", capture.name(), same, total);
        assertEquals(expected.size(), total, "Heap2 records read vs oracle lines");
        // the oracle counts them too: 19's wal_switch has none (not even an on-access prune)
        assertTrue(total > 0 || expected.isEmpty());
        assertEquals(total, same, String.join("\n", diffs));
    }

    @Test
    void oracleParserKeepsEmptyDescBeforeBlockRefs() {
        String line = "rmgr: Heap2       len (rec/tot):     84/    84, tx:          0, lsn: 0/01522598, "
                + "prev 0/01522540, desc: PRUNE_VACUUM_CLEANUP , isCatalogRel: F, nunused: 1, unused: [3], "
                + "blkref #0: rel 1663/1/1249 blk 16";
        assertEquals(", isCatalogRel: F, nunused: 1, unused: [3]", oracle(List.of(line)).get(0x01522598L));
    }
}
