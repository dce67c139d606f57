package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * {@code diff} and {@code report} of two majors: an error's LSNs are printed as the major of the input that was
 * being read prints them (17: {@code %X/%X}, 19: {@code %X/%08X}), whichever side it is on. Before, two majors had
 * no common form and the error fell back to walprism's own {@code %X/%08X}.
 */
class TwoMajorsLsnTest {
    private static final Capture PG17 = TestData.capture("17/vacuum_noindex");
    private static final Capture PG19 = TestData.capture("19/vacuum_noindex");

    /** A start two segments past the capture's last one: its segment is missing. */
    private static long pastTheEnd(Capture c) {
        long seg = c.segmentSize();
        return (c.endLsn() / seg + 2) * seg;
    }

    private static void assertMissingAt(CliRun.Result r, Capture side) {
        assertEquals(ExitCode.TRUNCATED.code(), r.code(), r.err());
        String lsn = Lsn.of(pastTheEnd(side)).format(WalVersion.fromLabel(side.versionLabel()));
        assertTrue(r.err().contains("(holding " + lsn + ") is missing"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void eachSidesErrorFollowsItsOwnMajor() {
        String a17 = PG17.walDir().toString();
        String b19 = PG19.walDir().toString();
        String bad17 = a17 + ":" + Lsn.format(pastTheEnd(PG17), true);
        String bad19 = b19 + ":" + Lsn.format(pastTheEnd(PG19), false);
        assertMissingAt(CliRun.run("diff", bad17, b19), PG17);
        assertMissingAt(CliRun.run("diff", b19, bad17), PG17);
        assertMissingAt(CliRun.run("diff", a17, bad19), PG19);
    }
}
