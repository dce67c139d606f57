package org.walprism.analyzer.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.walprism.analyzer.desc.Describers;
import org.walprism.codec.read.WalReader;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.codec.record.DecodedRecord;

/**
 * Golden test: pg_waldump lines (plain and {@code -b}) and pg_walinspect description/block_ref columns
 * produced from the real WAL equal the oracle files captured beside it, for every record of the resource
 * managers walprism describes; prints the share of identical lines for all resource managers.
 */
class DumpParityTest {

    /** Resource managers whose every record must match: XLOG, Transaction, Standby, Heap, Btree. */
    private static final Set<String> COVERED = Set.of("XLOG", "Transaction", "Standby", "Heap", "Btree",
            "Storage", "CLOG", "Database", "RelMap", "Sequence", "MultiXact", "Tablespace");

    private final WalDumpFormatter formatter = new WalDumpFormatter(RecordNames.POSTGRES);

    private static List<DecodedRecord> read(Capture c) {
        List<DecodedRecord> out = new ArrayList<>();
        try (WalReader reader = WalReader.open(c.walDir(), c.startLsn(), c.endLsn())) {
            for (DecodedRecord r = reader.next(); r != null; r = reader.next()) {
                out.add(r);
            }
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> dumpLinesEqualPgWaldump() {
        List<Capture> captures = TestData.captures();
        assertFalse(captures.isEmpty(), "no captures found");
        return captures.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
    }

    private void check(Capture c) {
        List<DecodedRecord> records = read(c);
        List<String> plain = lines(c, "waldump.txt");
        org.junit.jupiter.api.Assumptions.assumeTrue(plain != null, c + " has no pg_waldump oracle (waldump.txt)");
        List<String> detailed = lines(c, "waldump-b.txt");
        List<String> tsv = lines(c, "records.tsv");
        Map<String, int[]> share = new TreeMap<>();
        List<String> failures = new ArrayList<>();

        assertEquals(plain.size(), records.size(), c + ": record count vs waldump.txt");
        int bLine = 0;
        for (int i = 0; i < records.size(); i++) {
            DecodedRecord r = records.get(i);
            String rmgr = plainRmgr(plain.get(i));
            int[] s = share.computeIfAbsent(rmgr, k -> new int[6]);
            String ours = formatter.format(r, false);
            boolean okPlain = ours.equals(plain.get(i) + "\n");
            String oursB = formatter.format(r, true);
            int n = (int) oursB.chars().filter(ch -> ch == '\n').count();
            String theirsB = detailed == null ? null
                    : String.join("\n", detailed.subList(bLine, Math.min(bLine + n, detailed.size()))) + "\n";
            bLine += n;
            boolean okB = oursB.equals(theirsB);
            boolean okTsv = true;
            if (tsv != null) {
                String[] cols = tsv.get(i).split("\t", -1);
                okTsv = Describers.describeBackend(r).equals(cols[9])
                        && WalDumpFormatter.walinspectBlockRef(r).equals(cols[10]);
            }
            s[0]++;
            s[1] += okPlain ? 1 : 0;
            s[2] += okB ? 1 : 0;
            s[3] += okTsv ? 1 : 0;
            if (COVERED.contains(rmgr) && (!okPlain || !okB || !okTsv) && failures.size() < 5) {
                failures.add("lsn " + Long.toHexString(r.lsn()) + "\n  ours:   " + ours + "  theirs: " + plain.get(i)
                        + (okB ? "" : "\n  ours-b:   " + oursB + "  theirs-b: " + theirsB));
            }
        }
        StringBuilder report = new StringBuilder(c.name()).append(':');
        share.forEach((k, s) -> report.append(String.format(" %s %d/%d plain, %d -b, %d tsv;", k, s[1], s[0], s[2],
                s[3])));
        System.out.println("[dump-parity] " + report);
        assertTrue(failures.isEmpty(), c + " mismatches:\n" + String.join("\n", failures));
    }

    private static List<String> lines(Capture c, String oracle) {
        return c.has(oracle) ? c.oracleText(oracle).lines().toList() : null;
    }

    private static String plainRmgr(String line) {
        return line.substring(6, 17).trim();
    }
}
