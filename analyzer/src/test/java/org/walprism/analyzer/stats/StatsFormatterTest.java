package org.walprism.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.RmgrTable;

class StatsFormatterTest {

    /** Expected strings are C printf("%.2f") output (checked with CPython's %-formatting, which follows C). */
    @Test
    void roundsPercentagesLikeCPrintf() {
        assertEquals("0.12", StatsFormatter.fixed2(0.125));
        assertEquals("0.14", StatsFormatter.fixed2(0.145));
        assertEquals("0.38", StatsFormatter.fixed2(0.375));
        assertEquals("2.67", StatsFormatter.fixed2(2.675));
        assertEquals("1.00", StatsFormatter.fixed2(1.005));
        assertEquals("100.00", StatsFormatter.fixed2(99.995));
        assertEquals("0.01", StatsFormatter.fixed2(0.005));
        assertEquals("12.35", StatsFormatter.fixed2(12.345));
        assertEquals("0.01", StatsFormatter.fixed2(0.015));
        assertEquals("0.00", StatsFormatter.fixed2(0));
    }

    /** The fast path of fixed2 (no BigDecimal) rounds the exact binary value, as the BigDecimal path does. */
    @Test
    void fastRoundingEqualsExactRounding() {
        java.util.Random r = new java.util.Random(20261201);
        for (int i = 0; i < 200_000; i++) {
            long total = 1 + (r.nextLong() >>> (1 + r.nextInt(63)));
            long part = total == 1 ? r.nextInt(2) : Math.floorMod(r.nextLong(), total + 1);
            double v = i % 2 == 0 ? StatsRow.percent(part, total) : r.nextInt(10001) / 100.0 + (r.nextInt(3) - 1) * 5e-3;
            v = Math.max(0, Math.min(100, v));
            String exact = new java.math.BigDecimal(v).setScale(2, java.math.RoundingMode.HALF_EVEN).toPlainString();
            assertEquals(exact, StatsFormatter.fixed2(v), "fixed2(" + v + ")");
        }
    }

    @Test
    void pg15AndLaterPrintNothingWithoutRecords() {
        assertEquals("", StatsFormatter.text(new WalStats(WalVersion.PG15), false));
        assertEquals("", StatsFormatter.text(new WalStats(WalVersion.PG19_BETA3), true));
    }

    @Test
    void pg13And14PrintTheTableWithoutHeaderLine() {
        WalStats s = new WalStats(WalVersion.PG14);
        s.startLsn(0x1000028L);
        s.add(RmgrTable.HEAP, 0x80, 100, 0, 0x1000090L);
        String text = StatsFormatter.text(s, false);
        assertTrue(text.startsWith("Type "), text);
        // 22 built-in rmgrs in 13-18, plus 2 header lines, separator and total
        assertEquals(22 + 4, text.lines().count());
        assertEquals(4, StatsFormatter.text(new WalStats(WalVersion.PG13), true).lines().count());
    }

    @Test
    void customRmgrRowsAppearOnlyWithRecords() {
        WalStats s = new WalStats(WalVersion.PG16);
        s.startLsn(0x1000028L);
        s.add(130, 0x10, 50, 0, 0x1000060L);
        String text = StatsFormatter.text(s, false);
        assertTrue(text.contains("\ncustom130 "), text);
        assertFalse(text.contains("custom128"), text);
        assertTrue(StatsFormatter.text(s, true).contains("\ncustom130/UNKNOWN (10) "));
    }

    @Test
    void transactionRowsIgnoreHasInfoBit() {
        WalStats s = new WalStats(WalVersion.PG17);
        s.add(RmgrTable.TRANSACTION, 0x00, 34, 0, 0x100);
        s.add(RmgrTable.TRANSACTION, 0x80, 40, 0, 0x200);
        assertEquals(1, s.rows(true).size());
        assertEquals("Transaction/COMMIT", s.rows(true).get(0).name());
        assertEquals(2, s.rows(true).get(0).count());
    }

    @Test
    void mergeEqualsSequentialCounting() {
        WalStats a = new WalStats(WalVersion.PG18);
        WalStats b = new WalStats(WalVersion.PG18);
        WalStats all = new WalStats(WalVersion.PG18);
        a.startLsn(0x100);
        all.startLsn(0x100);
        int[][] recs = {{10, 0x00, 80, 0}, {9, 0x20, 1000, 900}, {1, 0x80, 40, 0}, {0, 0xB0, 8300, 8192}};
        for (int i = 0; i < recs.length; i++) {
            int[] r = recs[i];
            (i < 2 ? a : b).add(r[0], r[1], r[2], r[3], 0x200 + i);
            all.add(r[0], r[1], r[2], r[3], 0x200 + i);
        }
        a.merge(b);
        assertEquals(StatsFormatter.text(all, true), StatsFormatter.text(a, true));
        assertEquals(StatsFormatter.json(all, false), StatsFormatter.json(a, false));
    }

    @Test
    void csvAndJsonCarryTheTextFigures() {
        WalStats s = new WalStats(WalVersion.PG19);
        s.startLsn(0x612058L);
        s.add(RmgrTable.HEAP, 0x40, 5105, 5040, 0x613450L);
        s.add(RmgrTable.TRANSACTION, 0x00, 34, 0, 0x613478L);
        String csv = StatsFormatter.csv(s, true);
        assertEquals(String.join(",", StatsFormatter.KEYS), csv.lines().findFirst().orElseThrow());
        String heap = csv.lines().filter(l -> l.startsWith("Heap/")).findFirst().orElseThrow();
        String[] f = heap.split(",");
        assertEquals("Heap/HOT_UPDATE", f[0]);
        assertEquals("1", f[1]);
        assertEquals("50", f[2]);
        assertEquals("65", f[3]);
        assertEquals("5040", f[5]);
        assertEquals("100", f[6]);
        assertEquals("5105", f[7]);
        String json = StatsFormatter.json(s, true);
        assertTrue(json.contains("\"start_lsn\": \"0/00612058\""), json);
        assertTrue(json.contains("\"end_lsn\": \"0/00613478\""), json);
        assertTrue(json.contains("{\"resource_manager/record_type\": \"Transaction/COMMIT\", \"count\": 1,"), json);
    }
}
