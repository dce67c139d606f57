package org.walprism.analyzer.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.walprism.analyzer.desc.Describers;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Golden test: pg_waldump lines (plain and {@code -b}) and pg_walinspect description/block_ref columns
 * produced from the real WAL equal the oracle files captured beside it, for every record of every resource
 * manager walprism describes ({@link Describers#isDescribed}); prints the share of identical lines per capture
 * and per resource manager as a table after the run.
 */
class DumpParityTest {

    private static final WalDumpFormatter FORMATTER = new WalDumpFormatter();

    /** Capture name -> rmgr name -> counts; filled by each dynamic test, printed once by {@link #printTable}. */
    private static final Map<String, Map<String, Share>> RESULTS = new ConcurrentSkipListMap<>(
            DumpParityTest::byVersionThenName);

    /** Identical/compared counts of one resource manager in one capture; {@code -1} compared means no oracle. */
    static final class Share {
        int records;
        int plainSame;
        int plainSeen = -1;
        int bSame;
        int bSeen = -1;
        int tsvSame;
        int tsvSeen = -1;

        void add(Share o) {
            records += o.records;
            plainSame += o.plainSame;
            plainSeen = sum(plainSeen, o.plainSeen);
            bSame += o.bSame;
            bSeen = sum(bSeen, o.bSeen);
            tsvSame += o.tsvSame;
            tsvSeen = sum(tsvSeen, o.tsvSeen);
        }

        private static int sum(int a, int b) {
            return a < 0 ? b : b < 0 ? a : a + b;
        }
    }

    private static List<DecodedRecord> read(Capture c) {
        List<DecodedRecord> out = new ArrayList<>();
        try (WalReader reader = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
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
        return captures.stream()
                .filter(c -> c.has("waldump.txt") || c.has("waldump-b.txt") || c.has("records.tsv"))
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
    }

    private void check(Capture c) {
        List<DecodedRecord> records = read(c);
        List<String> plain = lines(c, "waldump.txt");
        List<String> detailed = c.has("waldump-b.txt") ? chunks(lines(c, "waldump-b.txt")) : null;
        List<String> tsv = lines(c, "records.tsv");
        Map<String, Share> share = new TreeMap<>();
        List<String> failures = new ArrayList<>();

        if (plain != null) {
            assertEquals(plain.size(), records.size(), c + ": record count vs waldump.txt");
        }
        if (detailed != null) {
            assertEquals(detailed.size(), records.size(), c + ": record count vs waldump-b.txt");
        }
        if (tsv != null) {
            assertEquals(tsv.size(), records.size(), c + ": record count vs records.tsv");
        }
        for (int i = 0; i < records.size(); i++) {
            DecodedRecord r = records.get(i);
            String rmgr = org.walprism.analyzer.RecordNames.rmgrName(r.version(), r.rmid());
            Share s = share.computeIfAbsent(rmgr, k -> new Share());
            boolean strict = Describers.isDescribed(r.rmid());
            s.records++;
            List<String> diff = new ArrayList<>();
            if (plain != null) {
                String ours = guarded(() -> FORMATTER.format(r, false));
                boolean ok = ours.equals(plain.get(i) + "\n");
                s.plainSeen = Math.max(s.plainSeen, 0) + 1;
                s.plainSame += ok ? 1 : 0;
                if (!ok) {
                    diff.add("  ours:     " + ours + "  theirs:   " + plain.get(i));
                }
            }
            if (detailed != null) {
                String ours = guarded(() -> FORMATTER.format(r, true));
                boolean ok = ours.equals(detailed.get(i));
                s.bSeen = Math.max(s.bSeen, 0) + 1;
                s.bSame += ok ? 1 : 0;
                if (!ok) {
                    diff.add("  ours-b:   " + ours + "  theirs-b: " + detailed.get(i));
                }
            }
            if (tsv != null) {
                String[] cols = tsv.get(i).split("\t", -1);
                String desc = guarded(() -> Describers.describeBackend(r));
                String blocks = WalDumpFormatter.walinspectBlockRef(r);
                boolean ok = desc.equals(cols[9]) && blocks.equals(cols[10]);
                s.tsvSeen = Math.max(s.tsvSeen, 0) + 1;
                s.tsvSame += ok ? 1 : 0;
                if (!ok) {
                    diff.add("  ours-tsv:   " + desc + " | " + blocks + "\n  theirs-tsv: " + cols[9] + " | "
                            + cols[10]);
                }
            }
            if (strict && !diff.isEmpty() && failures.size() < 5) {
                failures.add("lsn " + Lsn.format(r.recordLsn().value(), true) + " " + rmgr + " " + FORMATTER.typeName(r) + "\n"
                        + String.join("\n", diff));
            }
        }
        RESULTS.put(c.name(), share);
        assertTrue(failures.isEmpty(), c + " mismatches:\n" + String.join("\n", failures));
    }

    /** The text {@code f} gives, or the exception it throws as text (a mismatch, not an aborted capture). */
    private static String guarded(java.util.function.Supplier<String> f) {
        try {
            return f.get();
        } catch (RuntimeException e) {
            return "<" + e + ">\n";
        }
    }

    /** The {@code -b} oracle as one string per record: its {@code rmgr:} line and the TAB lines after it. */
    private static List<String> chunks(List<String> lines) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = null;
        for (String line : lines) {
            if (line.startsWith("rmgr: ")) {
                if (cur != null) {
                    out.add(cur.toString());
                }
                cur = new StringBuilder();
            }
            if (cur != null) {
                cur.append(line).append('\n');
            }
        }
        if (cur != null) {
            out.add(cur.toString());
        }
        return out;
    }

    private static List<String> lines(Capture c, String oracle) {
        return c.has(oracle) ? c.oracleText(oracle).lines().toList() : null;
    }

    private static int byVersionThenName(String a, String b) {
        return versionKey(a).compareTo(versionKey(b));
    }

    private static String versionKey(String name) {
        int slash = name.indexOf('/');
        String v = slash < 0 ? name : name.substring(0, slash);
        String padded = v.chars().allMatch(Character::isDigit) ? String.format(Locale.ROOT, "%04d", Integer.parseInt(v))
                : "9999" + v;
        return padded + name.substring(Math.max(slash, 0));
    }

    /** One compact table: per capture, then per resource manager over all captures. */
    @AfterAll
    static void printTable() {
        if (RESULTS.isEmpty()) {
            return;
        }
        StringBuilder sb = new StringBuilder("\n[dump-parity] identical / compared (all resource managers)\n");
        String fmt = "%-34s %8s  %-20s %-20s %-20s  %s%n";
        sb.append(String.format(Locale.ROOT, fmt, "capture", "records", "waldump.txt", "waldump-b.txt",
                "records.tsv", "rmgrs not 100%"));
        Map<String, Share> byRmgr = new TreeMap<>();
        RESULTS.forEach((capture, rmgrs) -> {
            Share total = new Share();
            List<String> partial = new ArrayList<>();
            rmgrs.forEach((rmgr, s) -> {
                total.add(s);
                byRmgr.computeIfAbsent(rmgr, k -> new Share()).add(s);
                if (s.plainSame < s.plainSeen || s.bSame < s.bSeen || s.tsvSame < s.tsvSeen) {
                    partial.add(rmgr);
                }
            });
            sb.append(String.format(Locale.ROOT, fmt, capture, total.records, cell(total.plainSame, total.plainSeen),
                    cell(total.bSame, total.bSeen), cell(total.tsvSame, total.tsvSeen),
                    partial.isEmpty() ? "-" : String.join(",", partial)));
        });
        sb.append(String.format(Locale.ROOT, fmt, "", "", "", "", "", ""));
        byRmgr.forEach((rmgr, s) -> sb.append(String.format(Locale.ROOT, fmt, "all captures: " + rmgr, s.records,
                cell(s.plainSame, s.plainSeen), cell(s.bSame, s.bSeen), cell(s.tsvSame, s.tsvSeen), "")));
        System.out.print(sb);
    }

    private static String cell(int same, int seen) {
        if (seen < 0) {
            return "n/a";
        }
        double pct = seen == 0 ? 100.0 : 100.0 * same / seen;
        return String.format(Locale.ROOT, "%d/%d %s%%", same, seen,
                same == seen ? "100" : String.format(Locale.ROOT, "%.2f", Math.min(pct, 99.99)));
    }
}
