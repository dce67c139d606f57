package org.walprism.analyzer.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.analyzer.RecordNames;
import org.walprism.analyzer.desc.Describers;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.analyzer.stats.StatsRow;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Golden test across real standby promotions ({@code testdata/timelines/15/promotion}): read on timeline 3, which
 * follows {@code 00000003.history} through both switches, every record of the range equals pg_walinspect's row on
 * the promoted server (start, end and prev LSN, xid, resource manager, type, lengths, description, block_ref), and
 * the statistics equal pg_get_wal_stats, sequentially and in parallel.
 */
class TimelineParityTest {

    private static final Capture C = TestData.timelineCapture("15/promotion");

    @Test
    void everyRecordAcrossTheSwitchesEqualsPgWalinspect() {
        List<String> expected = C.oracleText("records.tsv").lines().filter(l -> !l.isBlank()).toList();
        List<String> actual = new ArrayList<>();
        try (WalReader r = WalReader.open(C.walDir(), C.startLsn(), C.endLsn(), 3)) {
            for (DecodedRecord d = r.next(); d != null; d = r.next()) {
                String xid = Long.toString(d.xid());
                String type = RecordNames.identify(d.version(), d.rmid(), d.info());
                actual.add(String.join("\t", Lsn.format(d.lsn(), false), Lsn.format(r.endOfLastRecord(), false),
                        Lsn.format(d.prev(), false), xid, RecordNames.rmgrName(d.version(), d.rmid()), type,
                        Long.toString(d.totalLength()), Long.toString(d.mainData().length),
                        Long.toString(d.fpiLength()), Describers.describeBackend(d),
                        WalDumpFormatter.walinspectBlockRef(d)));
            }
        }
        assertEquals(expected.size(), actual.size(), "records");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), "record " + i);
        }
    }

    @Test
    void statisticsAcrossTheSwitchesEqualPgGetWalStats() {
        List<String> expected = new ArrayList<>(C.oracleText("stats.tsv").lines().filter(l -> !l.isBlank()).toList());
        expected.sort(null);
        for (int jobs : new int[] {1, 3}) {
            WalStats s = StatsCollector.collect(C.walDir(), C.startLsn(), C.endLsn(), 3, jobs);
            List<String> actual = new ArrayList<>();
            for (StatsRow r : s.rows(true)) {
                actual.add(r.name() + "\t" + r.count() + "\t" + r.recordSize() + "\t" + r.fpiSize() + "\t"
                        + r.combinedSize());
            }
            actual.sort(null);
            assertEquals(expected, actual, jobs + " job(s)");
        }
    }
}
