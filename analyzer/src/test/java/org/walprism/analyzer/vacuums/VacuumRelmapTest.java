package org.walprism.analyzer.vacuums;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.analyzer.relmap.PgClassRow;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Names against the server's own catalog: captures that keep relmap.csv (testdata/capture/relmap.sql, run before
 * the measured range) name every run and index as pg_class did, by OID, also where the range gave a relation a
 * new relfilenode (TRUNCATE d) so that the map alone no longer names the file.
 */
class VacuumRelmapTest {

    static Stream<Arguments> captures() {
        return TestData.captures().stream().filter(c -> c.storedFiles().contains("relmap.csv.gz")
                || c.storedFiles().contains("relmap.csv")).map(Arguments::of);
    }

    private static RelationMap relmap(Capture c, Path tmp) throws IOException {
        return relmap(c, tmp, "relmap.csv");
    }

    /** The capture's relmap.sql output {@code file} (relmap.csv: before the range, relmap-after.csv: after it). */
    private static RelationMap relmap(Capture c, Path tmp, String file) throws IOException {
        Path gz = c.storedDir().resolve(file + ".gz");
        Path plain = tmp.resolve(file);
        if (Files.exists(gz)) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
                Files.copy(in, plain, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } else {
            Files.copy(c.storedDir().resolve(file), plain, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return RelationMap.load(plain);
    }

    /** Whether the capture's workload gives a table a new file inside the range (TRUNCATE). */
    private static boolean truncates(Capture c) throws IOException {
        Path sql = TestData.root().resolve("workloads").resolve(c.workload() + ".sql");
        return Files.exists(sql) && Files.readString(sql).contains("TRUNCATE");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void runsAndIndexesAreNamedAsPgClassNamesThem(Capture c, @TempDir Path tmp) throws IOException {
        RelationMap catalog = relmap(c, tmp);
        RelationMap names = relmap(c, tmp);
        VacuumAnalyzer.Result res = VacuumAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0, names);
        assertFalse(res.runs().isEmpty());
        boolean newFile = false;
        for (VacuumRun run : res.runs()) {
            PgClassRow row = run.relstats();
            assertNotNull(row, c.name() + " run " + run.id());
            RelationMap.Relation truth = catalog.byOid(run.database(), row.oid());
            assertNotNull(truth, c.name() + ": oid " + row.oid() + " not in relmap.csv");
            assertEquals(truth.name(), run.name(), c.name() + " run " + run.id());
            newFile |= catalog.find(-1, run.database(), run.relfilenode()) == null;
            int i = 0;
            for (Map.Entry<Long, long[]> e : run.indexActivity().entrySet()) {
                String name = run.indexNames().get(i++);
                PgClassRow ix = run.indexRelstats().stream().filter(r -> r.relfilenode() == e.getKey()).findFirst()
                        .orElse(null);
                if (ix == null) {
                    // vac_update_relstats writes an index's row only when a value changed; the index's file is then
                    // named by the server's map after the range (a file a rewrite inside the range made)
                    assertTrue(c.storedFiles().contains("relmap-after.csv.gz"), c.name() + ": no pg_class row of "
                            + "index " + name + " in run " + run.id());
                    RelationMap after = relmap(c, tmp, "relmap-after.csv");
                    RelationMap.Relation a = after.find(-1, run.database(), e.getKey());
                    assertNotNull(a, c.name() + ": file " + e.getKey() + " not in relmap-after.csv");
                    assertEquals(a.name(), name, c.name() + " index " + name);
                    assertEquals(truth.name(), after.parent(a).name());
                    continue;
                }
                assertEquals(catalog.byOid(run.database(), ix.oid()).name(), name, c.name() + " index " + name);
                assertEquals(truth.name(), catalog.parent(catalog.byOid(run.database(), ix.oid())).name());
            }
        }
        if (truncates(c)) {
            assertTrue(newFile, c.name() + ": a run on a relfilenode the map taken before the range does not hold");
        }
    }
}
