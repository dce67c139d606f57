package org.walprism.analyzer.categories;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Per-relation figures and names against PostgreSQL: on every capture with relmap.csv (pg_class before the range)
 * and blocks.tsv (pg_walinspect's pg_get_wal_block_info), each file the catalog names carries that name, and each
 * table's full-page-image bytes and record bytes (records counted for their first block) are the sums of
 * pg_walinspect's rows of the files that roll up under it; the tables add up to pg_walinspect's totals.
 */
class TableRollupTest {

    static Stream<Arguments> captures() {
        return TestData.captures().stream().filter(c -> c.storedFiles().contains("relmap.csv.gz")
                && c.has("blocks.tsv")).map(Arguments::of);
    }

    static RelationMap relmap(Capture c, Path tmp) throws IOException {
        Path plain = tmp.resolve("relmap.csv");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(c.storedDir().resolve("relmap.csv.gz")))) {
            Files.copy(in, plain, StandardCopyOption.REPLACE_EXISTING);
        }
        return RelationMap.load(plain);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void tablesAddUpToPgWalinspectsBlocks(Capture c, @TempDir Path tmp) throws IOException {
        RelationMap catalog = relmap(c, tmp);
        CategoryStats stats = CategoryAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0, 0, 2,
                relmap(c, tmp));
        RelationMap names = stats.names();
        for (RelationTable.Entry e : stats.relations().entries()) {
            RelationMap.Relation truth = catalog.find(e.spcOid, e.dbOid, e.relNumber);
            if (truth != null) {
                assertEquals(truth.name(), TableRollup.label(stats, e), c.name() + " " + e.relation());
                assertEquals(catalog.table(truth).name(), TableRollup.tableOf(stats, e), c.name() + " " + e.relation());
            }
        }
        Map<String, long[]> expected = new HashMap<>();
        Map<String, Integer> firstBlock = new HashMap<>();
        List<String[]> rows = Files.readAllLines(c.oracle("blocks.tsv")).stream().map(l -> l.split("\t", -1))
                .toList();
        for (String[] f : rows) {
            firstBlock.merge(f[0], Integer.parseInt(f[1]), Math::min);
        }
        long fpiTotal = 0;
        for (String[] f : rows) {
            long spc = Long.parseLong(f[2]);
            long db = Long.parseLong(f[3]);
            long rel = Long.parseLong(f[4]);
            RelationMap.Relation r = names.find(spc, db, rel);
            RelationMap.Relation t = names.table(r);
            String table = t != null ? t.name() : spc + "/" + db + "/" + rel;
            long[] x = expected.computeIfAbsent(table, k -> new long[2]);
            long fpi = f[11].isEmpty() ? 0 : Long.parseLong(f[11]);
            x[0] += fpi;
            fpiTotal += fpi;
            if (Integer.parseInt(f[1]) == firstBlock.get(f[0])) {
                x[1] += Long.parseLong(f[8]);
            }
        }
        List<TableRollup.Table> tables = TableRollup.tables(stats, TableRollup.Metric.FPI);
        assertFalse(tables.isEmpty());
        long sum = 0;
        for (TableRollup.Table t : tables) {
            long[] x = expected.get(t.name);
            assertNotNull(x, c.name() + ": " + t.name + " not in blocks.tsv");
            assertEquals(x[0], t.fpiBytes, c.name() + " " + t.name + " fpi bytes");
            assertEquals(x[1], t.walBytes, c.name() + " " + t.name + " record bytes");
            sum += t.fpiBytes;
        }
        assertEquals(expected.size(), tables.size(), c.name() + " tables: " + expected.keySet());
        assertEquals(fpiTotal, sum, c.name() + " fpi total");
        assertTrue(tables.stream().anyMatch(t -> t.indexBytes > 0) && tables.stream().anyMatch(t -> t.toastBytes > 0),
                c.name() + ": indexes and TOAST rolled up");
        for (int i = 1; i < tables.size(); i++) {
            assertTrue(tables.get(i - 1).fpiBytes >= tables.get(i).fpiBytes, "sorted by fpi bytes");
        }
    }
}
