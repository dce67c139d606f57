package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Relation names across a rewrite (VACUUM FULL, CLUSTER: each relation gets a new file) in the relations of
 * {@code walprism sql}, on the captures 18/rewrite_names and 19/rewrite_names. The expected names are the server's:
 * relmap.csv is testdata/capture/relmap.sql (pg_class, pg_relation_filenode) run before the range, relmap-after.csv
 * the same query run after it. Given either map, every file of the range that exists at the end must carry the name
 * the server gave it at the end, and every file the range dropped the name it had before.
 */
class SqlRewriteNamesTest {

    private static Capture C = TestData.capture("18/rewrite_names");

    @TempDir
    Path tmp;

    static List<String> captures() {
        return List.of("18/rewrite_names", "19/rewrite_names");
    }

    /** A relmap.sql output the capture stored ({@code FILE.gz}). */
    private static String text(String file) {
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(
                Files.newInputStream(C.storedDir().resolve(file + ".gz")))) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** spc/db/relfilenode -> relation of a relmap.sql output of the capture. */
    private static Map<String, String> names(String file) {
        Map<String, String> m = new HashMap<>();
        List<String> lines = text(file).lines().toList();
        for (String l : lines.subList(1, lines.size())) {
            List<String> f = SqlExamplesTest.csvFields(l);
            m.put(f.get(0) + "/" + f.get(1) + "/" + f.get(2), f.get(4));
        }
        return m;
    }

    private String plain(String file) throws IOException {
        Path p = tmp.resolve(file);
        Files.writeString(p, text(file));
        return p.toString();
    }

    /** The files that the rewrites of the range gave the workload's relations: relfilenode differs from the OID. */
    private static Map<String, String> rewritten(Map<String, String> after) {
        Map<String, String> m = new TreeMap<>();
        List<String> lines = text("relmap-after.csv").lines().toList();
        for (String l : lines.subList(1, lines.size())) {
            List<String> f = SqlExamplesTest.csvFields(l);
            String rel = f.get(4);
            if ((rel.startsWith("public.rw_") || rel.startsWith("pg_toast.pg_toast_")) && !f.get(2).equals(f.get(3))) {
                m.put(f.get(0) + "/" + f.get(1) + "/" + f.get(2), rel);
            }
        }
        return m;
    }

    private void check(String query) throws IOException {
        check(query, "relmap.csv");
    }

    private void check(String query, String map) throws IOException {
        Map<String, String> before = names("relmap.csv");
        Map<String, String> after = names("relmap-after.csv");
        Map<String, String> moved = rewritten(after);
        // the workload's relations still there at the end (2 tables, a TOAST table, 4 indexes) got new files
        assertEquals(7, moved.size(), moved.toString());
        List<List<String>> rows = SqlExamplesTest.sql(C, query, "--relmap", plain(map));
        Map<String, String> got = new TreeMap<>();
        for (List<String> r : rows) {
            got.put(r.get(0) + "/" + r.get(1) + "/" + r.get(2), r.get(3));
        }
        List<String> wrong = new ArrayList<>();
        int dropped = 0;
        for (Map.Entry<String, String> e : got.entrySet()) {
            String want = after.containsKey(e.getKey()) ? after.get(e.getKey()) : before.get(e.getKey());
            if (want == null) {
                continue;  // created and dropped inside the range: the server never named it in a map
            }
            if (!after.containsKey(e.getKey())) {
                dropped++;
            }
            if (!want.equals(e.getValue())) {
                wrong.add(e.getKey() + ": " + e.getValue() + ", the server: " + want);
            }
        }
        assertEquals(List.of(), wrong);
        for (String f : moved.keySet()) {
            assertTrue(got.containsKey(f), "the new file " + f + " of " + moved.get(f) + " is not in the range: "
                    + got);
        }
        // the files the rewrites left behind are in the range too, with their old names
        assertTrue(dropped >= 2, "old files of the range: " + dropped + " in " + got);
    }

    @Test
    void blocksOfTheNewFilesCarryTheNamesTheServerGaveThem() throws IOException {
        check("SELECT DISTINCT reltablespace, reldatabase, relfilenode, relation FROM wal_blocks ORDER BY ALL");
    }

    /**
     * Given only the map taken after the range, the files the rewrites dropped carry the names they had: the
     * WAL says which (the transient relation of the rewrite, named {@code pg_temp_OID}, takes the old file; the
     * commit drops each old file beside the new one created in its place).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("captures")
    void blocksOfTheOldFilesCarryTheirNamesFromAMapTakenAfter(String capture) throws IOException {
        C = TestData.capture(capture);
        check("SELECT DISTINCT reltablespace, reldatabase, relfilenode, relation FROM wal_blocks ORDER BY ALL",
                "relmap-after.csv");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("captures")
    void blocksCarryTheServersNamesFromAMapTakenBefore(String capture) throws IOException {
        C = TestData.capture(capture);
        check("SELECT DISTINCT reltablespace, reldatabase, relfilenode, relation FROM wal_blocks ORDER BY ALL");
    }

    @Test
    void theRelationsTableListsTheNewFiles() throws IOException {
        List<List<String>> rows = SqlExamplesTest.sql(C, "SELECT reltablespace, reldatabase, relfilenode, relation "
                + "FROM relations ORDER BY ALL", "--relmap", plain("relmap.csv"));
        // a file the WAL named is listed with its database and number (its tablespace may be left open: null)
        Map<String, String> got = new TreeMap<>();
        for (List<String> r : rows) {
            got.put(r.get(1) + "/" + r.get(2), r.get(3));
        }
        Map<String, String> moved = rewritten(names("relmap-after.csv"));
        assertFalse(moved.isEmpty());
        for (Map.Entry<String, String> e : moved.entrySet()) {
            String k = e.getKey().substring(e.getKey().indexOf('/') + 1);
            assertEquals(e.getValue(), got.get(k), k + " in " + got);
        }
    }

    @Test
    void vacuumRunsOnTheNewFilesCarryTheNamesTheServerGaveThem() throws IOException {
        Map<String, String> after = names("relmap-after.csv");
        List<List<String>> rows = SqlExamplesTest.sql(C, "SELECT reltablespace, reldatabase, relfilenode, relation "
                + "FROM vacuum_runs ORDER BY run", "--relmap", plain("relmap.csv"));
        // the workload's closing VACUUM rw_full, rw_cluster: the two tables and rw_full's TOAST table
        assertEquals(3, rows.size(), rows.toString());
        for (List<String> r : rows) {
            String k = r.get(0) + "/" + r.get(1) + "/" + r.get(2);
            assertEquals(after.get(k), r.get(3), k);
            assertTrue(rewritten(after).containsKey(k), k + " is not a file a rewrite made");
        }
    }
}
