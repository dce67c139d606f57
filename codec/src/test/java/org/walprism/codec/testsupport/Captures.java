package org.walprism.codec.testsupport;

import java.util.List;
import java.util.function.Consumer;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** The corpus captures (every version {@link TestData} lists) and a record loop over their measured range. */
public final class Captures {
    private Captures() {
    }

    public static List<Capture> all() {
        return TestData.captures();
    }

    /**
     * How many records of resource manager {@code rmgr} (e.g. {@code "Heap2"}) PostgreSQL counted in the measured
     * range: pg_get_wal_stats ({@code stats.tsv}), else pg_waldump --stats=record; -1 when the capture has neither.
     */
    public static long oracleCount(Capture c, String rmgr) {
        long n = 0;
        if (c.has("stats.tsv")) {
            for (String line : c.oracleText("stats.tsv").split("\n")) {
                String[] f = line.split("\t");
                if (f.length >= 2 && f[0].startsWith(rmgr + "/")) {
                    n += Long.parseLong(f[1].trim());
                }
            }
            return n;
        }
        if (c.has("waldump-stats-record.txt")) {
            java.util.regex.Pattern row = java.util.regex.Pattern.compile("^" + rmgr + "/\\S+\\s+(\\d+)\\s+\\(");
            for (String line : c.oracleText("waldump-stats-record.txt").split("\n")) {
                java.util.regex.Matcher m = row.matcher(line);
                if (m.find()) {
                    n += Long.parseLong(m.group(1));
                }
            }
            return n;
        }
        return -1;
    }

    /** Every record of the measured range of {@code c}, in order. */
    public static void forEachRecord(Capture c, Consumer<DecodedRecord> action) {
        try (WalReader r = SegmentFiles.reader(c.walDir(), c.startLsn(), c.endLsn())) {
            DecodedRecord rec;
            while ((rec = r.next()) != null) {
                action.accept(rec);
            }
        }
    }
}
