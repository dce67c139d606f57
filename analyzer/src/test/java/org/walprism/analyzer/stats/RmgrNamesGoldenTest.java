package org.walprism.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;

/** Every record's rmgr name and record type equal pg_walinspect's (records.tsv), record by record. */
class RmgrNamesGoldenTest {

    static Stream<Capture> captures() {
        return TestData.captures().stream().filter(c -> c.has("records.tsv"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void namesEqualPgGetWalRecordsInfo(Capture c) {
        Iterator<String> oracle = c.oracleText("records.tsv").lines().filter(l -> !l.isBlank()).iterator();
        long n = 0;
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            WalVersion v = r.version();
            RecordView view;
            while ((view = r.nextView()) != null) {
                String[] f = oracle.next().split("\t", -1);
                String at = c.name() + " record " + n + " at " + Lsn.format(view.lsn(), true);
                assertEquals(Lsn.parse(f[0]).value(), view.lsn(), at);
                assertEquals(f[4], RmgrTable.name(v, view.rmid()), at);
                assertEquals(f[5], RmgrTable.recordTypeName(v, view.rmid(), view.info()), at);
                n++;
            }
        }
        assertEquals(false, oracle.hasNext(), "oracle has more records than read");
    }

    @Test
    void customAndInvalidRmgrs() {
        assertEquals("custom128", RmgrTable.name(WalVersion.PG15, 128));
        assertEquals("custom255", RmgrTable.name(WalVersion.PG19_BETA3, 255));
        assertNull(RmgrTable.name(WalVersion.PG14, 128), "no custom rmgrs before 15");
        assertNull(RmgrTable.name(WalVersion.PG18, 22), "XLOG2 is of the 19 pre-releases only");
        assertEquals("XLOG2", RmgrTable.name(WalVersion.PG19_BETA1, 22));
        assertEquals("XLOG2", RmgrTable.name(WalVersion.PG19_BETA3, 22));
        assertNull(RmgrTable.name(WalVersion.PG19, 22), "19 as released has no XLOG2 (pg_waldump 19 -r list)");
        assertNull(RmgrTable.name(WalVersion.PG19_BETA1, 23));
        assertNull(RmgrTable.identify(WalVersion.PG16, 200, 0x00));
        assertEquals("UNKNOWN (30)", RmgrTable.recordTypeName(WalVersion.PG16, 200, 0x31));
        assertEquals(RmgrTable.TRANSACTION, RmgrTable.idOf(WalVersion.PG13, "transaction"));
    }
}
