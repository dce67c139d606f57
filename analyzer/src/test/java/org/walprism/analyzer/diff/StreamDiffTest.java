package org.walprism.analyzer.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** The diff's recognised causes on real captures whose difference is known. */
class StreamDiffTest {

    /** Every (checksums off, checksums on) pair of captures of one version and workload. */
    static Stream<Arguments> checksumPairs() {
        List<Capture[]> pairs = Sides.checksumPairs();
        assertFalse(pairs.isEmpty(), "the corpus has a capture pair without and with data checksums");
        return pairs.stream().map(p -> Arguments.of(p[0], p[1]));
    }

    private static Explanation byId(StreamDiff d, String id) {
        return d.explanations().stream().filter(e -> e.id().equals(id)).findFirst().orElse(null);
    }

    @ParameterizedTest
    @MethodSource("checksumPairs")
    void checksumsOnNamesHintBitImagesAsMainCause(Capture off, Capture on) {
        StreamDiff d = new StreamDiff(Sides.of(off), Sides.of(on));
        Explanation main = d.explanations().get(0);
        assertEquals("hint_fpi", main.id(), () -> "explanations: " + d.explanations());
        assertTrue(main.text().startsWith("Hint-bit images appear in B"), main.text());
        assertTrue(main.impactBytes() > 0);
        StreamDiff.Row hint = d.find("record_type", "bytes").rows().get(0);
        assertEquals("XLOG/FPI_FOR_HINT", hint.name(), "largest record-type change");
        assertEquals(0, hint.a());
    }

    @ParameterizedTest
    @MethodSource("checksumPairs")
    void checksumsOffNamesHintBitImagesVanishing(Capture off, Capture on) {
        StreamDiff d = new StreamDiff(Sides.of(on), Sides.of(off));
        assertEquals("hint_fpi", d.explanations().get(0).id());
        assertTrue(d.explanations().get(0).text().startsWith("Hint-bit images vanish in B"));
    }

    @Test
    void pg16ToPg17VacuumMergesPruneAndFreezeAndHalvesRecords() {
        Capture a = Sides.find("16/vacuum_noindex");
        Capture b = Sides.find("17/vacuum_noindex");
        StreamDiff d = new StreamDiff(Sides.of(a), Sides.of(b));
        Explanation merge = byId(d, "prune_freeze_merge");
        assertNotNull(merge, () -> "explanations: " + d.explanations());
        assertTrue(merge.text().startsWith("Prune and freeze records merge in B"), merge.text());
        long ra = d.a().summary().get("totals", "all", "records");
        long rb = d.b().summary().get("totals", "all", "records");
        double ratio = (double) rb / ra;
        assertTrue(ratio > 0.35 && ratio < 0.65, "record count falls by about half: " + ra + " -> " + rb);
        assertTrue(d.b().summary().get("category", "prune_freeze", "records") > 0);
        assertEquals(0, d.a().summary().get("category", "prune_freeze", "records"));
    }

    /** Records, record bytes and combined bytes of {@code type} in a capture's pg_get_wal_stats (stats.tsv). */
    private static long[] walStats(Capture c, String type) {
        for (String line : c.oracleText("stats.tsv").lines().toList()) {
            String[] f = line.split("\t");
            if (f[0].equals(type)) {
                return new long[] {Long.parseLong(f[1]), Long.parseLong(f[4]), Long.parseLong(f[2])};
            }
        }
        return new long[3];
    }

    /** Heap2 prune records of a capture that register the VM page (pg_get_wal_block_info: relforknumber 2). */
    private static long pruneRecordsWithVmBlock(Capture c) {
        return c.oracleText("blocks.tsv").lines().map(l -> l.split("\t"))
                .filter(f -> f[5].equals("2") && f[7].startsWith("PRUNE_")).map(f -> f[0]).distinct().count();
    }

    /**
     * 18 -> 19: the VISIBLE records of 18 (pg_get_wal_stats of the 18 capture) vanish into 19's prune records, as
     * many as pg_get_wal_block_info of the 19 capture shows registering the VM page; the explanation names both with
     * their bytes, and its parts add up to the Totals' change; the VISIBLE part is what pg_get_wal_stats says of them
     * (their record bytes: combined less the images).
     */
    @ParameterizedTest
    @ValueSource(strings = {"vacuum_noindex", "vacuum_indexed", "vacuum_noindex_checksums", "vacuum_indexed_checksums"})
    void pg18ToPg19NamesTheVisibleRecordsVanishingIntoThePruneRecords(String workload) {
        Capture a = Sides.find("18/" + workload);
        Capture b = Sides.find("19/" + workload);
        StreamDiff d = new StreamDiff(Sides.of(a), Sides.of(b));
        Explanation vis = byId(d, "visible_vanish");
        assertNotNull(vis, () -> "explanations: " + d.explanations());
        long[] visible = walStats(a, "Heap2/VISIBLE");
        long withVm = pruneRecordsWithVmBlock(b);
        assertTrue(visible[0] > 0 && withVm > 0, a.name() + " VISIBLE " + visible[0] + ", " + b.name() + " " + withVm);
        assertTrue(vis.text().startsWith(String.format(Locale.ROOT, "VISIBLE records vanish in B: A has %d VISIBLE"
                + " records (%d bytes, ", visible[0], visible[1])), vis.text());
        assertTrue(vis.text().contains(String.format(Locale.ROOT, "B sets the VM bits inside %d of its ", withVm)),
                vis.text());
        long[] scan = walStats(b, "Heap2/PRUNE_VACUUM_SCAN");
        assertTrue(vis.text().contains("(PRUNE_VACUUM_SCAN " + scan[0]), vis.text());
        long sum = vis.parts().stream().mapToLong(Explanation.Part::bytes).sum();
        assertEquals(d.b().summary().get("totals", "all", "bytes") - d.a().summary().get("totals", "all", "bytes"),
                sum, () -> "parts " + vis.parts());
        Explanation.Part gone = vis.parts().stream().filter(p -> p.key().equals("visible_records")).findFirst()
                .orElseThrow();
        assertEquals(-visible[2], gone.bytes(), "VISIBLE record bytes (pg_get_wal_stats record_size)");
        System.out.println(a.name() + " -> " + b.name() + ": " + vis.text() + " " + vis.parts());
    }

    @Test
    void pg19ToPg18NamesTheVisibleRecordsAppearing() {
        Capture b = Sides.find("18/vacuum_noindex");
        StreamDiff d = new StreamDiff(Sides.of(Sides.find("19/vacuum_noindex")), Sides.of(b));
        Explanation vis = byId(d, "visible_vanish");
        assertNotNull(vis, () -> "explanations: " + d.explanations());
        assertTrue(vis.text().startsWith("VISIBLE records appear in B: B has " + walStats(b, "Heap2/VISIBLE")[0]
                + " VISIBLE records"), vis.text());
    }

    static List<Capture> captures() {
        return TestData.captures();
    }

    @ParameterizedTest
    @MethodSource("captures")
    void captureAgainstItselfHasNoDeltaAndNoExplanation(Capture c) {
        StreamDiff.Side s = Sides.of(c);
        StreamDiff d = new StreamDiff(s, s);
        assertTrue(d.explanations().isEmpty(), () -> "explanations: " + d.explanations());
        for (StreamDiff.Table t : d.tables()) {
            for (StreamDiff.Row r : t.rows()) {
                assertEquals(0, r.delta(), t.section() + "/" + r.name() + "/" + t.metric());
            }
        }
    }

    @Test
    void rowsAreSortedByAbsoluteDelta() {
        Capture[] pair = Sides.checksumPairs().get(0);
        StreamDiff d = new StreamDiff(Sides.of(pair[0]), Sides.of(pair[1]));
        for (StreamDiff.Table t : d.tables()) {
            if (t.section().equals("totals")) {
                continue;
            }
            for (int i = 1; i < t.rows().size(); i++) {
                assertTrue(Math.abs(t.rows().get(i - 1).delta()) >= Math.abs(t.rows().get(i).delta()),
                        t.section() + "/" + t.metric());
            }
        }
    }
}
