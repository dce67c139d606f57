package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.analyzer.vacuums.VacuumAnalyzer;
import org.walprism.analyzer.vacuums.VacuumRun;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** CLI contract of {@code walprism vacuums}: the three formats carry the analyzer's figures; bad input exits cleanly. */
class VacuumsCommandTest {

    private static CliRun.Result run(String... args) {
        return CliRun.run(args);
    }

    private static String[] args(Capture c, String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("vacuums", "-p", c.walDir().toString(), "-s",
                Lsn.format(c.startLsn(), true), "-e", Lsn.format(c.endLsn(), true)));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void formatsCarryTheRunsOfTheRange() {
        Capture c = TestData.capture("17/vacuum_indexed");
        VacuumAnalyzer.Result expected = VacuumAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0,
                RelationMap.empty());
        VacuumRun run = expected.runs().get(0);
        CliRun.Result text = run(args(c));
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("Run 1: " + run.name()), text.out());
        assertTrue(text.out().contains("WAL usage: " + run.walUsage().records() + " records, "
                + run.walUsage().fullPageImages() + " full page images, " + run.walUsage().bytes() + " bytes"),
                text.out());
        CliRun.Result csv = run(args(c, "--format", "csv"));
        assertEquals(0, csv.code(), csv.err());
        assertTrue(csv.out().startsWith("run,relation,section,name,metric,value\n"), csv.out());
        assertTrue(csv.out().contains("\n1," + run.name() + ",wal_usage,all,bytes," + run.walUsage().bytes() + "\n"));
        assertTrue(csv.out().contains("\n1," + run.name() + ",figures,all,index_passes,"
                + run.figures().indexPasses() + "\n"));
        CliRun.Result json = run(args(c, "--format", "json"));
        assertEquals(0, json.code(), json.err());
        assertTrue(json.out().contains("\"relation\": \"" + run.name() + "\""), json.out());
        assertTrue(json.out().contains("\"full_page_images\": " + run.walUsage().fullPageImages()), json.out());
        assertEquals(expected.runs().size(), json.out().split("\"wal_usage\"", -1).length - 1);
    }

    /**
     * 16/vacuum_readonly: a read-only session prunes pages ahead of VACUUM, PRUNE records as VACUUM's own; the
     * run's WAL usage exceeds VERBOSE's (VacuumVerboseTest), so every format says it is approximate, and why.
     */
    @Test
    void formatsMarkAnApproximateWalUsage() {
        Capture c = TestData.capture("16/vacuum_readonly");
        VacuumRun run = VacuumAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0, RelationMap.empty())
                .runs().get(0);
        String why = run.walUsageDoubt().orElseThrow();
        VacuumRun.WalUsage w = run.walUsage();
        CliRun.Result text = run(args(c));
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("WAL usage: ~" + w.records() + " records, ~" + w.fullPageImages()
                + " full page images, ~" + w.bytes() + " bytes, ~" + w.fullPageImageBytes()
                + " full page image bytes (approximate: " + why), text.out());
        CliRun.Result csv = run(args(c, "--format", "csv"));
        assertEquals(0, csv.code(), csv.err());
        assertTrue(csv.out().contains("\n1," + run.name() + ",wal_usage,all,exact,false\n"), csv.out());
        assertTrue(csv.out().contains("\n1," + run.name() + ",wal_usage,all,approximate_reason,"), csv.out());
        CliRun.Result json = run(args(c, "--format", "json"));
        assertEquals(0, json.code(), json.err());
        assertTrue(json.out().contains("\"exact\": false"), json.out());
        assertTrue(json.out().contains("\"approximate_reason\": \"" + why + "\""), json.out());
        // the TOAST table's run has nothing of the other session: exact, no reason
        assertTrue(json.out().contains("\"exact\": true"), json.out());
        assertTrue(json.out().contains("\"approximate_reason\": null"), json.out());
    }

    @Test
    void relationMapNamesTheRunsAndIndexes(@TempDir Path tmp) throws Exception {
        Capture c = TestData.capture("16/vacuum_indexed");
        VacuumRun run = VacuumAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0, RelationMap.empty())
                .runs().get(0);
        long idx = run.indexActivity().keySet().iterator().next();
        long tableOid = run.relstats().oid();
        long indexOid = run.indexRelstats().get(0).oid();
        Path map = tmp.resolve("relmap.csv");
        Files.writeString(map, "reltablespace,reldatabase,relfilenode,oid,relation,kind,parent,database\n"
                + run.tablespace() + "," + run.database() + "," + run.relfilenode() + "," + tableOid
                + ",app.orders,r,,shop\n" + run.tablespace() + "," + run.database() + "," + idx + "," + indexOid
                + ",app.orders_pkey,i,app.orders,shop\n");
        CliRun.Result r = run(args(c, "--relmap", map.toString()));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Run 1: app.orders (database shop"), r.out());
        assertTrue(r.out().contains("index app.orders_pkey"), r.out());
    }

    @Test
    void malformedRelationMapIsAUsageErrorNamingTheLine(@TempDir Path tmp) throws Exception {
        Capture c = TestData.capture("16/vacuum_indexed");
        Path map = tmp.resolve("bad.csv");
        Files.writeString(map, "reltablespace,reldatabase,relfilenode,relation\n1663,5,16391,public.t\n1663,5,x,a\n");
        CliRun.Result r = run(args(c, "--relmap", map.toString()));
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertEquals(List.of("walprism: error: invalid relation map: " + map + " line 3: relfilenode \"x\" is not an "
                + "OID (0 .. 4294967295)"), r.err().lines().toList());
    }

    @Test
    void missingRelationMapIsAnInputError(@TempDir Path tmp) {
        Capture c = TestData.capture("16/vacuum_indexed");
        CliRun.Result r = run(args(c, "--relmap", tmp.resolve("none.csv").toString()));
        assertEquals(3, r.code());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("walprism: error: could not open \"" + tmp.resolve("none.csv")), r.err());
    }
}
