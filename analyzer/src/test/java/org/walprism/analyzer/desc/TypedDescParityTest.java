package org.walprism.analyzer.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.btree.BtreeCodec;
import org.walprism.codec.rmgr.xact.XactCodec;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The text of the one Transaction and Btree describers (their typed values must decode too) equals, on every such record of every capture's WAL directory,
 * the text dump's allocation-free describers print from the bytes (pg_waldump and server timestamp styles), and,
 * where the capture has them, pg_waldump's own desc text (waldump.txt) and pg_walinspect's description
 * (records.tsv) for the records of the measured range.
 */
class TypedDescParityTest {

    static Stream<Capture> captures() {
        List<Capture> all = TestData.captures();
        assertFalse(all.isEmpty(), "the corpus lists no capture");
        return all.stream();
    }

    private static boolean typed(int rmid) {
        return rmid == RmgrTable.TRANSACTION || rmid == RmgrTable.BTREE;
    }

    /** The typed desc text of {@code r} in {@code ts} style. */
    static String typedDesc(DecodedRecord r, TimestampStyle ts) {
        if (r.rmid() != RmgrTable.TRANSACTION && r.rmid() != RmgrTable.BTREE) {
            throw new IllegalArgumentException("rmid " + r.rmid());
        }
        // one describer, over the codec's layout offsets: the typed value must decode, the text is the describer's
        assertNotNull(r.rmid() == RmgrTable.BTREE ? BtreeCodec.decode(r) : XactCodec.decode(r));
        return ts == TimestampStyle.WALDUMP ? Describers.describe(r) : Describers.describeBackend(r);
    }

    /** LSN -> pg_waldump's text after {@code desc: NAME } up to the block references, for Transaction/Btree. */
    static Map<Long, String> waldumpDescs(Capture c) {
        Map<Long, String> out = new HashMap<>();
        for (String line : c.oracleText("waldump.txt").lines().toList()) {
            if (!(line.startsWith("rmgr: Transaction ")
                    || line.startsWith("rmgr: Btree "))) {
                continue;
            }
            int l = line.indexOf("lsn: ") + 5;
            long lsn = Lsn.parse(line.substring(l, line.indexOf(',', l))).value();
            int d = line.indexOf("desc: ") + 6;
            int afterName = line.indexOf(' ', d) + 1;
            int blk = line.indexOf(", blkref #", afterName - 1);
            String desc = afterName == 0 ? "" : line.substring(afterName, blk < 0 ? line.length() : blk);
            out.put(lsn, desc);
        }
        return out;
    }

    /** LSN -> pg_walinspect's description (records.tsv column 10), for Transaction/Btree. */
    static Map<Long, String> walinspectDescs(Capture c) {
        Map<Long, String> out = new HashMap<>();
        for (String line : c.oracleText("records.tsv").lines().toList()) {
            String[] cols = line.split("\t", -1);
            if (cols[4].equals("Transaction") || cols[4].equals("Btree")) {
                out.put(Lsn.parse(cols[0]).value(), cols[9]);
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void typedDescEqualsDescribersAndOracles(Capture capture) {
        Map<Long, String> waldump = capture.has("waldump.txt") ? waldumpDescs(capture) : Map.of();
        Map<Long, String> walinspect = capture.has("records.tsv") ? walinspectDescs(capture) : Map.of();
        Map<String, Integer> counts = new TreeMap<>();
        int[] oracle = new int[2];
        try (WalReader reader = WalSources.reader(capture.walDir(), Optional.empty(), Optional.empty())) {
            DecodedRecord r;
            while ((r = reader.next()) != null) {
                if (!typed(r.rmid())) {
                    continue;
                }
                String at = capture.name() + " " + Lsn.format(r.recordLsn().value(), true) + " "
                        + RmgrTable.identify(r.version(), r.rmid(), r.info());
                String ours = typedDesc(r, TimestampStyle.WALDUMP);
                assertEquals(Describers.describe(r), ours, "typed vs dump describer, " + at);
                String backend = typedDesc(r, TimestampStyle.BACKEND);
                assertEquals(Describers.describeBackend(r), backend, "typed vs backend describer, " + at);
                boolean inRange = Long.compareUnsigned(r.recordLsn().value(), capture.startLsn()) >= 0
                        && Long.compareUnsigned(r.recordLsn().value(), capture.endLsn()) < 0;
                if (inRange && waldump.containsKey(r.recordLsn().value())) {
                    assertEquals(waldump.get(r.recordLsn().value()), ours, "typed vs pg_waldump, " + at);
                    oracle[0]++;
                }
                if (inRange && walinspect.containsKey(r.recordLsn().value())) {
                    assertEquals(walinspect.get(r.recordLsn().value()), backend, "typed vs pg_walinspect, " + at);
                    oracle[1]++;
                }
                counts.merge(RmgrTable.name(r.version(), r.rmid()) + "/"
                        + RmgrTable.identify(r.version(), r.rmid(), r.info()), 1, Integer::sum);
            }
        }
        assertEquals(waldump.size(), oracle[0], "every pg_waldump Transaction/Btree line checked");
        assertEquals(walinspect.size(), oracle[1], "every pg_walinspect Transaction/Btree row checked");
        System.out.printf("typed desc %s (%s): %s; pg_waldump %d, pg_walinspect %d%n", capture.name(),
                capture.versionLabel(), counts, oracle[0], oracle[1]);
    }
}
