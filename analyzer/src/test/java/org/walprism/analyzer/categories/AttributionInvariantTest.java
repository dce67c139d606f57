package org.walprism.analyzer.categories;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockImage;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * On every real capture: the parts add up to the records' bytes, the categories to the record count, the layout
 * to the bytes the range spans; and the totals and the prune/freeze item counts agree with pg_waldump.
 */
class AttributionInvariantTest {

    static List<Capture> captures() {
        List<Capture> all = TestData.captures();
        assertTrue(!all.isEmpty(), "the corpus lists captures");
        return all;
    }

    private static CategoryStats analyze(Capture c, long[] readerEnd) {
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            CategoryStats s = CategoryAnalyzer.analyze(r, 0);
            readerEnd[0] = r.endOfLastRecord();
            return s;
        }
    }

    @ParameterizedTest
    @MethodSource("captures")
    void partsCategoriesAndLayoutAddUp(Capture c) {
        long[] end = new long[1];
        CategoryStats s = analyze(c, end);
        assertTrue(s.records() > 0, "records");
        long parts = 0;
        for (int p = 0; p < Parts.COUNT; p++) {
            assertTrue(s.partBytes(p) >= 0, Parts.name(s.version(), p));
            parts += s.partBytes(p);
        }
        assertEquals(s.bytes(), parts, "parts sum to xl_tot_len total");
        assertEquals(24 * s.records(), s.partBytes(Parts.RECORD_HEADER), "record headers");
        long catRecords = 0;
        long catBytes = 0;
        for (Category cat : Category.values()) {
            catRecords += s.categoryRecords(cat);
            catBytes += s.categoryBytes(cat);
            long catParts = 0;
            for (int p = 0; p < Parts.COUNT; p++) {
                catParts += s.categoryPartBytes(cat, p);
            }
            assertEquals(s.categoryBytes(cat), catParts, "parts of " + cat);
        }
        assertEquals(s.records(), catRecords, "category counts add up");
        assertEquals(s.bytes(), catBytes, "category bytes add up");
        long typeRecords = 0;
        for (int t = 0; t < CategoryStats.TYPES; t++) {
            typeRecords += s.typeRecords(t);
        }
        assertEquals(s.records(), typeRecords, "type counts add up");
        assertEquals(0, s.unparsedRecords(), "heap2 payloads matching their layout");

        // FPIs: per cause, per compression, per fork all add to the stored total, which is the FPI part.
        assertEquals(s.partBytes(Parts.FPI), s.imageStoredBytes());
        long cause = 0;
        long causeImages = 0;
        for (FpiCause fc : FpiCause.values()) {
            cause += s.causeStoredBytes(fc);
            causeImages += s.causeImages(fc);
        }
        assertEquals(s.imageStoredBytes(), cause);
        assertEquals(s.images(), causeImages);
        long comp = 0;
        for (BlockImage.Compression m : BlockImage.Compression.values()) {
            comp += s.compressionStoredBytes(m);
        }
        assertEquals(s.imageStoredBytes(), comp);
        assertEquals(8192 * s.images(), s.imageRawBytes() + s.imageHoleBytes());

        // Layout reconciles with the segment bytes the range spans.
        assertEquals(end[0], s.endLsn(), "end of range as the reader sees it");
        assertEquals(s.spanBytes(), s.bytes() + s.pageHeaderBytes() + s.paddingBytes() + s.skippedBytes(),
                "records + page headers + padding + skipped = span");
        long pages = (s.endLsn() - 1) / 8192 - s.startLsn() / 8192 - s.skippedBytes() / 8192;
        assertTrue(s.pageHeaderBytes() >= 24 * pages && s.pageHeaderBytes() <= 40 * pages + 40,
                "page headers of " + pages + " page boundaries: " + s.pageHeaderBytes());
        assertTrue(s.paddingBytes() <= 7 * s.records(), "padding at most 7 bytes per record");

        // Buckets and relations add up too.
        long bucketBytes = 0;
        for (int i = 0; i < s.bucketCount(); i++) {
            bucketBytes += s.bucket(i)[CategoryStats.B_BYTES];
        }
        assertEquals(s.bytes(), bucketBytes, "bucket bytes");
        long relImages = s.relations().entries().stream().mapToLong(e -> e.images).sum();
        assertEquals(s.images(), relImages, "relation images");
    }

    private static final Pattern TOTAL = Pattern.compile("^Total\\s+(\\d+)\\s+(\\d+)\\s+\\[[^]]*]\\s+(\\d+)\\s+\\[[^]]*]\\s+(\\d+)");

    @ParameterizedTest
    @MethodSource("captures")
    void totalsEqualPgWaldumpStats(Capture c) throws IOException {
        assumeTrue(c.has("waldump-stats-record.txt"), c + " has no pg_waldump --stats=record oracle");
        CategoryStats s = analyze(c, new long[1]);
        Matcher m = null;
        for (String line : Files.readAllLines(c.oracle("waldump-stats-record.txt"))) {
            Matcher t = TOTAL.matcher(line);
            if (t.find()) {
                m = t;
            }
        }
        assertTrue(m != null, "Total line in waldump-stats-record.txt");
        assertEquals(Long.parseLong(m.group(1)), s.records(), "N");
        assertEquals(Long.parseLong(m.group(3)), s.partBytes(Parts.FPI), "FPI size");
        assertEquals(Long.parseLong(m.group(4)), s.bytes(), "combined size");
    }

    private static final Pattern NUM = Pattern.compile("\\b(nplans|nredirected|ndead|nunused|ntuples): (\\d+)");

    /** pg_waldump's desc prints the item counts of 17+ prune records whose block 0 carries data. */
    @ParameterizedTest
    @MethodSource("captures")
    void pruneAndFreezeItemsEqualPgWaldumpDesc(Capture c) throws IOException {
        CategoryStats s = analyze(c, new long[1]);
        assumeFalse(!s.version().atLeast(WalVersion.PG17), "desc counts checked for 17+");
        assumeTrue(c.has("waldump.txt"), c + " has no pg_waldump oracle");
        long nplans = 0;
        long nred = 0;
        long ndead = 0;
        long nunused = 0;
        long ntuples = 0;
        long vmFlags = 0;
        try (Stream<String> lines = Files.lines(c.oracle("waldump.txt"))) {
            for (String line : (Iterable<String>) lines::iterator) {
                if (!line.startsWith("rmgr: Heap2 ")) {
                    continue;
                }
                if (line.contains("vm_flags: ")) {
                    vmFlags++;
                }
                if (!line.contains("desc: PRUNE_")) {
                    continue;   // MULTI_INSERT prints an ntuples of its own
                }
                Matcher m = NUM.matcher(line);
                while (m.find()) {
                    long n = Long.parseLong(m.group(2));
                    switch (m.group(1)) {
                        case "nplans" -> nplans += n;
                        case "nredirected" -> nred += n;
                        case "ndead" -> ndead += n;
                        case "nunused" -> nunused += n;
                        default -> ntuples += n;
                    }
                }
            }
        }
        assertEquals(4 * nred, s.partBytes(Parts.PRUNE_REDIRECTED), "redirected pairs");
        assertEquals(2 * ndead, s.partBytes(Parts.PRUNE_DEAD), "dead offsets");
        assertEquals(2 * nunused, s.partBytes(Parts.PRUNE_UNUSED), "unused offsets");
        assertEquals(12 * nplans, s.partBytes(Parts.FREEZE_PLANS), "freeze plans");
        assertEquals(2 * ntuples, s.partBytes(Parts.FREEZE_OFFSETS), "frozen offsets");
        if (s.version().atLeast(WalVersion.PG19_BETA1)) {
            assertEquals(vmFlags, s.vmSetRecords(), "records with vm_flags");
        }
    }
}
