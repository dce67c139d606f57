package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** pg_waldump's positional STARTSEG [ENDSEG]: where reading starts and ends, and the errors it gives. */
class SegmentArgumentsTest {

    private static final Capture C = TestData.capture("18/vacuum_indexed");

    private static String seg(int i) {
        return C.walDir().resolve(C.segments().get(i)).toString();
    }

    @Test
    void startAndEndSegmentsWithRangePrintWhatPgWaldumpPrinted() {
        List<String> segs = C.segments();
        var r = CliRun.run("stats", seg(0), seg(segs.size() - 1),
                "-s", Lsn.format(C.startLsn(), true), "-e", Lsn.format(C.endLsn(), true));
        assertEquals(0, r.code(), r.err());
        assertEquals(C.oracleText("waldump-stats.txt"), r.out());
    }

    @Test
    void startSegmentAloneReadsThatSegmentOnly() {
        var one = CliRun.run("stats", seg(0), "--format=json");
        var viaP = CliRun.run("stats", "-p", seg(0), "--format=json");
        assertEquals(0, one.code(), one.err());
        assertEquals(viaP.out(), one.out());
        var both = CliRun.run("stats", seg(0), seg(C.segments().size() - 1), "--format=json");
        assertEquals(0, both.code(), both.err());
        assertTrue(!both.out().equals(one.out()), "ENDSEG extends the range");
    }

    @Test
    void rejectsStartOutsideStartSegment() {
        var r = CliRun.run("stats", seg(0), "-s", "0/10");
        assertEquals(2, r.code());
        assertEquals("walprism: error: start WAL location 0/00000010 is not inside file \"" + C.segments().get(0)
                + "\"\n", r.err());
    }

    @Test
    void rejectsEndSegmentBeforeStartSegment() {
        var r = CliRun.run("stats", seg(1), seg(0));
        assertEquals(2, r.code());
        assertEquals("walprism: error: ENDSEG " + C.segments().get(0) + " is before STARTSEG " + C.segments().get(1)
                + "\n", r.err());
    }

    @Test
    void rejectsUnparsableSegmentName() {
        var r = CliRun.run("stats", C.walDir().resolve("no-such-wal").toString());
        assertEquals(2, r.code());
        assertEquals("walprism: error: could not parse WAL file name \"no-such-wal\"\n", r.err());
    }
}
