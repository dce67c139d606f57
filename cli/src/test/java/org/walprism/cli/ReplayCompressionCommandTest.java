package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** CLI contract of {@code replay --compression}: side B named by its setting, bad combinations refused. */
class ReplayCompressionCommandTest {

    private static CliRun.Result replay(Capture c, String... options) {
        String[] base = {"replay", "-s", Lsn.format(c.startLsn(), false), "-e", Lsn.format(c.endLsn(), false), "-p",
            c.storedDir().resolve("wal").toString()};
        String[] args = new String[base.length + options.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(options, 0, args, base.length, options.length);
        return CliRun.run(args);
    }

    @Test
    void compressionAloneComparesTheCaptureWithItsRecompressedSelf() {
        Capture c = TestData.capture("16/vacuum_noindex");
        var r = replay(c, "--compression", "lz4");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().replaceAll("\\s+", " ").contains("every full-page image stored as wal_compression=lz4 would"),
                r.out());
        var csv = replay(c, "--compression", "lz4", "--format", "csv");
        assertTrue(csv.out().contains("replay,compression,setting,,lz4,,\n"), csv.out());
    }

    @Test
    void compressionWithAsNamesBoth() {
        Capture c = TestData.capture("16/vacuum_noindex");
        var r = replay(c, "--as", "17", "--compression", "zstd");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("16's record design") || r.out().contains("17's record design"), r.out());
        assertTrue(r.out().replaceAll("\\s+", " ").contains("wal_compression=zstd would store it"), r.out());
    }

    @Test
    void lz4For13IsAUsageError() {
        Capture c = TestData.capture("13/vacuum_noindex");
        var r = replay(c, "--compression", "lz4");
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        GenerateReplayCommandTest.assertOneErrorLine(r);
        assertTrue(r.err().contains("PostgreSQL 13 has no lz4 image compression"), r.err());
    }

    @Test
    void unknownMethodAndNoTargetAreUsageErrors() {
        Capture c = TestData.capture("16/vacuum_noindex");
        var bad = replay(c, "--compression", "brotli");
        assertEquals(ExitCode.USAGE.code(), bad.code(), bad.err());
        GenerateReplayCommandTest.assertOneErrorLine(bad);
        var none = replay(c);
        assertEquals(ExitCode.USAGE.code(), none.code(), none.err());
        GenerateReplayCommandTest.assertOneErrorLine(none);
        assertTrue(none.err().contains("--as N, --compression METHOD or both"), none.err());
    }
}
