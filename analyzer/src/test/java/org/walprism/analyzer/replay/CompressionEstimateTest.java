package org.walprism.analyzer.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.walprism.analyzer.generate.PlanEncoder;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage.Compression;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * {@link CompressionEstimate}: its saving is what {@code replay --compression METHOD} writes less, image for image
 * and byte for byte, and on the same workload captured with {@code wal_compression} on, the image bytes it says the
 * method would store are within 2% of what the server stored.
 */
class CompressionEstimateTest {

    private static CompressionEstimate.Result estimate(Capture c) {
        return CompressionEstimate.estimate(c.storedDir().resolve("wal"), c.startLsn(), c.endLsn(), 0);
    }

    private static long bytes(Iterable<PlanEncoder.Encoded> records) {
        long n = 0;
        for (PlanEncoder.Encoded e : records) {
            n += e.bytes().length;
        }
        return n;
    }

    private static long fpi(Iterable<PlanEncoder.Encoded> records) {
        long n = 0;
        for (PlanEncoder.Encoded e : records) {
            n += e.fpiLength();
        }
        return n;
    }

    @ParameterizedTest
    @CsvSource({"13/vacuum_noindex", "14/vacuum_indexed", "15/vacuum_indexed", "16/vacuum_noindex",
        "17/vacuum_indexed", "18/vacuum_noindex", "19/vacuum_noindex"})
    void theSavingIsWhatReplayCompressionWritesLess(String name) {
        Capture c = TestData.capture(name);
        WalVersion v = WalVersion.fromLabel(c.versionLabel());
        CompressionEstimate.Result e = estimate(c);
        assertEquals(0, e.alreadyCompressed());
        assertTrue(e.uncompressed() > 10, "images " + e.uncompressed());
        assertEquals(v.atLeast(WalVersion.PG15) ? 3 : 1, e.methods().size());
        assertTrue(e.cpuMeasure().startsWith("thread CPU time (ThreadMXBean"), e.cpuMeasure());
        Replayer.Result plain = Replayer.replay(c.storedDir().resolve("wal"), c.startLsn(), c.endLsn(), 0, v, (Compression) null);
        assertEquals(e.rangeBytes(), bytes(plain.before()));
        for (CompressionEstimate.Method m : e.methods()) {
            Replayer.Result r = Replayer.replay(c.storedDir().resolve("wal"), c.startLsn(), c.endLsn(), 0, v,
                    m.method());
            assertEquals(e.uncompressed(), m.images());
            assertEquals(fpi(plain.after()), m.storedBytes(), name + " " + m.method());
            assertEquals(fpi(r.after()), m.wouldStoreBytes(), name + " " + m.method());
            assertEquals(bytes(plain.after()) - bytes(r.after()), m.saved(), name + " " + m.method());
            assertTrue(m.saved() > 0 && m.compressed() > 0 && m.cpuNanos() > 0, m.toString());
            System.out.printf("%s %s: %d of %d images compressed, saved %d bytes (%.2f%% of %d), cpu %.1f ms%n", name,
                    m.method().label(), m.compressed(), m.images(), m.saved(), m.savedPercent(e.rangeBytes()),
                    e.rangeBytes(), m.cpuNanos() / 1e6);
        }
    }

    @ParameterizedTest(name = "{0} with {2} vs {1}")
    @CsvSource({"15/vacuum_indexed_1518, 15/vacuum_indexed_lz4, lz4", "15/vacuum_indexed_1518, 15/vacuum_indexed_zstd, zstd",
        "19/vacuum_noindex, 19/vacuum_noindex_pglz, pglz", "19/vacuum_noindex, 19/vacuum_noindex_lz4, lz4",
        "19/vacuum_noindex, 19/vacuum_noindex_zstd, zstd", "13/vacuum_noindex, 13/vacuum_noindex_pglz, on",
        "16/vacuum_noindex, 16/vacuum_noindex_pglz, pglz", "17/vacuum_noindex, 17/vacuum_noindex_pglz, pglz"})
    void theEstimatedImageBytesAreWithin2PercentOfTheServers(String off, String on, String method) throws IOException {
        Capture plain = TestData.capture(off);
        Capture real = TestData.capture(on);
        assertEquals("off", plain.settings().get("wal_compression"));
        assertEquals(method, real.settings().get("wal_compression"));
        Compression m = method.equals("on") ? Compression.PGLZ : Compression.valueOf(method.toUpperCase());
        CompressionEstimate.Method est = estimate(plain).method(m);
        long server = CompressionAgainstServerTest.serverFpi(real).values().stream().mapToLong(Long::longValue).sum();
        double rel = (est.wouldStoreBytes() - server) * 100.0 / server;
        System.out.printf("%s with %s: estimated image bytes %d (from %d), server %d (%+.2f%%)%n", off, method,
                est.wouldStoreBytes(), est.storedBytes(), server, rel);
        assertTrue(server > 10_000, "server FPI bytes " + server);
        assertTrue(Math.abs(rel) <= 2.0, String.format("estimated %d, server %d: %+.2f%%", est.wouldStoreBytes(),
                server, rel));
    }

    @Test
    void aRangeWhoseImagesAreCompressedSaysSo() {
        CompressionEstimate.Result e = estimate(TestData.capture("15/vacuum_indexed_lz4"));
        assertTrue(e.compressedAlready(), e.toString());
        assertEquals(Compression.LZ4, e.alreadyMethod());
        assertTrue(e.alreadyCompressed() > 10 * e.uncompressed(), e.toString());
    }

    @Test
    void thirteenAndFourteenHavePglzOnly() {
        CompressionEstimate.Result e = estimate(TestData.capture("14/vacuum_indexed"));
        assertNotNull(e.method(Compression.PGLZ));
        assertNull(e.method(Compression.LZ4));
        assertNull(e.method(Compression.ZSTD));
    }
}
