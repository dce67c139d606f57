package org.walprism.analyzer.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

/** Heap2 desc text equals the pg_waldump oracle (waldump.txt) of the same major, record by record. */
class Heap2DescriberOracleTest {
    private static final Path ROOT = Path.of("/work/shared/captures");
    private static final Heap2Describer DESCRIBER = new Heap2Describer();

    static Stream<Path> captures() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String v : List.of("13", "14", "15", "16", "17", "18", "19", "master")) {
            Path vdir = ROOT.resolve(v);
            if (Files.isDirectory(vdir)) {
                try (Stream<Path> s = Files.list(vdir)) {
                    s.filter(d -> Files.isRegularFile(d.resolve("waldump.txt"))).sorted().forEach(out::add);
                }
            }
        }
        return out.stream();
    }

    /** LSN -> the text after {@code desc: NAME } up to the block references, for Heap2 lines. */
    static Map<Long, String> oracle(Path capture) throws IOException {
        Map<Long, String> out = new HashMap<>();
        for (String line : Files.readAllLines(capture.resolve("waldump.txt"))) {
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
    void heap2DescMatchesPgWaldump(Path capture) throws IOException {
        Map<Long, String> expected = oracle(capture);
        String[] lsn = Files.readString(capture.resolve("lsn")).trim().split("\\s+");
        int total = 0;
        int same = 0;
        List<String> diffs = new ArrayList<>();
        try (WalReader r = WalReader.open(capture.resolve("wal"), Lsn.parse(lsn[0]).value(),
                Lsn.parse(lsn[1]).value())) {
            DecodedRecord rec;
            while ((rec = r.next()) != null) {
                if (rec.rmid() != RmgrTable.HEAP2) {
                    continue;
                }
                total++;
                String want = expected.get(rec.lsn());
                String got = DESCRIBER.describe(rec);
                if (got.equals(want)) {
                    same++;
                } else if (diffs.size() < 5) {
                    diffs.add(Lsn.format(rec.lsn(), true) + "\n  want: " + want + "\n  got:  " + got);
                }
            }
        }
        System.out.printf("heap2 desc %s: %d/%d identical%n", ROOT.relativize(capture), same, total);
        assertEquals(expected.size(), total, "Heap2 records read vs oracle lines");
        assertTrue(total > 0);
        assertEquals(total, same, String.join("\n", diffs));
    }

    @Test
    void oracleParserKeepsEmptyDescBeforeBlockRefs() throws IOException {
        Path tmp = Files.createTempFile("waldump", ".txt");
        try {
            Files.writeString(tmp, "rmgr: Heap2       len (rec/tot):     84/    84, tx:          0, lsn: 0/01522598, "
                    + "prev 0/01522540, desc: PRUNE_VACUUM_CLEANUP , isCatalogRel: F, nunused: 1, unused: [3], "
                    + "blkref #0: rel 1663/1/1249 blk 16\n");
            Path dir = tmp.getParent().resolve("oracle-" + System.nanoTime());
            Files.createDirectory(dir);
            Files.move(tmp, dir.resolve("waldump.txt"));
            assertEquals(", isCatalogRel: F, nunused: 1, unused: [3]", oracle(dir).get(0x01522598L));
            Files.delete(dir.resolve("waldump.txt"));
            Files.delete(dir);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
