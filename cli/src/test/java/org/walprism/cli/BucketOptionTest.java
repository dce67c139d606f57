package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.walprism.cli.CliRun.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * {@code --bucket} of {@code stats --categories} and {@code report}: a width that would need more than 10,000
 * buckets over the range is a usage error (exit 2, one line naming the option, the span and the limit), with or
 * without an end to the range; a width that fits prints at most 10,000 buckets.
 */
class BucketOptionTest {

    private static final Capture C = TestData.capture("17/vacuum_indexed_multipass");
    private static final String S = Lsn.format(C.startLsn(), true);
    private static final String E = Lsn.format(C.endLsn(), true);

    private static void assertUsageLine(CliRun.Result r, String bucket, String span) {
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        String line = r.err().strip();
        assertTrue(line.startsWith("walprism: error: --bucket " + bucket + ": "), line);
        assertTrue(line.contains(" spans " + span + " bytes, "), line);
        assertTrue(line.contains("at most 10000 are allowed (use --bucket "), line);
    }

    @Test
    void aBucketOfOneByteOverAKnownRangeIsRefusedBeforeReading() {
        CliRun.Result r = run("stats", "--categories", "--bucket", "1", "-p", C.walDir().toString(), "-s", S, "-e", E);
        long span = C.endLsn() - C.startLsn();
        assertUsageLine(r, "1", Long.toString(span));
        // the A..B range is printed as the WAL's major (17: %X/%X) prints LSNs, not as typed (-s/-e padded)
        WalVersion v = WalVersion.fromLabel(C.versionLabel());
        assertTrue(r.err().contains("the range " + Lsn.of(C.startLsn()).format(v) + ".." + Lsn.of(C.endLsn()).format(v)
                + " spans " + span + " bytes, " + span + " buckets of that width"), r.err());
    }

    @Test
    void aBucketTooNarrowForTheWholeWalIsRefusedAfterReading() {
        CliRun.Result r = run("stats", "--categories", "--bucket", "100", "-p", C.walDir().toString(), "-j", "2");
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        CliRun.Result one = run("stats", "--categories", "--bucket", "100", "-p", C.walDir().toString(), "-j", "1");
        assertEquals(r.err(), one.err(), "the same refusal whatever -j");
        String line = r.err().strip();
        // the span of the records read, first record to the aligned end of the last
        long span = Long.parseLong(line.replaceAll(".* spans (\\d+) bytes.*", "$1"));
        assertUsageLine(r, "100", Long.toString(span));
        assertTrue(span > 100L * 10_000, line);
        long suggested = Long.parseLong(line.replaceAll(".*\\(use --bucket (\\d+) or more\\)$", "$1"));
        CliRun.Result ok = run("stats", "--categories", "--bucket", Long.toString(suggested), "--format", "csv", "-p",
                C.walDir().toString());
        assertEquals(0, ok.code(), ok.err());
        long buckets = ok.out().lines().filter(l -> l.startsWith("lsn_bucket,") && l.contains(",records,")).count();
        assertTrue(buckets > 1_000 && buckets <= 10_000, buckets + " buckets");
    }

    @Test
    void aNarrowBucketThatFitsIsPrinted() {
        CliRun.Result r = run("stats", "--categories", "--bucket", "8192", "--format", "csv", "-p", C.walDir().toString(),
                "-s", S, "-e", E);
        assertEquals(0, r.code(), r.err());
        long buckets = r.out().lines().filter(l -> l.startsWith("lsn_bucket,") && l.contains(",records,")).count();
        // buckets hold records by start LSN: from the first record's page to the last record's
        long pages = (C.endLsn() - 1) / 8192 - C.startLsn() / 8192 + 1;
        assertTrue(buckets == pages || buckets == pages - 1, buckets + " buckets, " + pages + " pages");
    }

    @Test
    void aNegativeBucketIsAUsageError() {
        CliRun.Result r = run("stats", "--categories", "--bucket", "-5", "-p", C.walDir().toString());
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("--bucket"), r.err());
    }

    @Test
    void reportRefusesATooNarrowBucketNamingTheInput(@TempDir Path tmp) {
        Path out = tmp.resolve("r.html");
        // the LSNs as the WAL's major prints them (LsnFormVsPgWaldumpTest), so the error names the input as given
        WalVersion v = WalVersion.fromLabel(C.versionLabel());
        String input = C.walDir() + ":" + Lsn.of(C.startLsn()).format(v) + ":" + Lsn.of(C.endLsn()).format(v);
        CliRun.Result r = run("report", "--bucket", "10", input, "-o", out.toString());
        assertUsageLine(r, "10", Long.toString(C.endLsn() - C.startLsn()));
        assertTrue(r.err().contains(": " + input + ": "), r.err());
        assertFalse(Files.exists(out), "no report written");
    }

    /**
     * The input the user typed is echoed as typed ({@code 0/03E07428}, padded, for a 17 WAL), while the range's
     * LSNs, values of the message, are printed as 17 prints them ({@code 0/3E07428}). The old text rewriting of
     * finished messages changed the typed input too.
     */
    @Test
    void reportEchoesTypedInputAsTypedAndTheRangeAsTheMajorPrintsIt(@TempDir Path tmp) {
        Path out = tmp.resolve("r.html");
        WalVersion v = WalVersion.fromLabel(C.versionLabel());
        String input = C.walDir() + ":" + S + ":" + E;
        assertFalse(input.endsWith(Lsn.of(C.endLsn()).format(v)), "the capture's end prints differently padded");
        CliRun.Result r = run("report", "--bucket", "10", input, "-o", out.toString());
        assertUsageLine(r, "10", Long.toString(C.endLsn() - C.startLsn()));
        assertTrue(r.err().contains(": " + input + ": " + Lsn.of(C.startLsn()).format(v) + ".."
                + Lsn.of(C.endLsn()).format(v) + " spans "), r.err());
    }
}
