package org.walprism.analyzer.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.analyzer.RecordNames;
import org.walprism.analyzer.desc.Describers;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.analyzer.stats.StatsRow;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Golden test across real standby promotions ({@code testdata/timelines/15/promotion} and {@code 19/promotion}): read on timeline 3, which
 * follows {@code 00000003.history} through both switches, every record of the range equals pg_walinspect's row on
 * the promoted server (start, end and prev LSN, xid, resource manager, type, lengths, description, block_ref), and
 * the statistics equal pg_get_wal_stats, sequentially and in parallel.
 */
class TimelineParityTest {

    @ParameterizedTest
    @ValueSource(strings = {"15/promotion", "19/promotion"})
    void everyRecordAcrossTheSwitchesEqualsPgWalinspect(String name) {
        Capture c = TestData.timelineCapture(name);
        List<String> expected = c.oracleText("records.tsv").lines().filter(l -> !l.isBlank()).toList();
        List<String> actual = new ArrayList<>();
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()), 3)) {
            for (DecodedRecord d = r.next(); d != null; d = r.next()) {
                String xid = Long.toString(d.xid());
                String type = RecordNames.identify(d.version(), d.rmid(), d.info());
                boolean padded = d.version().atLeast(WalVersion.PG19_BETA1); // pg_lsn's output (19 pads)
                actual.add(String.join("\t", Lsn.format(d.recordLsn().value(), padded), Lsn.format(r.endOfLastRecord(), padded),
                        Lsn.format(d.prev(), padded), xid, RecordNames.rmgrName(d.version(), d.rmid()), type,
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

    @ParameterizedTest
    @ValueSource(strings = {"15/promotion", "19/promotion"})
    void statisticsAcrossTheSwitchesEqualPgGetWalStats(String name) {
        Capture c = TestData.timelineCapture(name);
        List<String> expected = new ArrayList<>(c.oracleText("stats.tsv").lines().filter(l -> !l.isBlank()).toList());
        expected.sort(null);
        for (int jobs : new int[] {1, 3}) {
            WalStats s = StatsCollector.collect(c.walDir(), c.startLsn(), c.endLsn(), 3, jobs);
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
