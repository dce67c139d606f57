package org.walprism.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** What every capture must satisfy: its files exist, its segments cover the range, its oracle files parse and agree. */
final class CaptureChecks {

    private static final Pattern LSN = Pattern.compile("[0-9A-F]{1,8}/[0-9A-F]{1,8}");
    private static final Pattern WALDUMP_LINE = Pattern.compile(
            "^rmgr: \\S+ +len \\(rec/tot\\): +\\d+/ *\\d+, tx: +\\d+, lsn: ([0-9A-F]+/[0-9A-F]+), prev ([0-9A-F]+/[0-9A-F]+), desc: .*");
    private static final Pattern STATS_HEAD = Pattern.compile("^WAL statistics between (\\S+) and (\\S+):$");
    private static final Pattern STATS_TOTAL = Pattern.compile("^Total +(\\d+) .*");

    private CaptureChecks() {
    }

    static void check(Capture c) throws IOException {
        for (String f : c.storedFiles()) {
            Path p = c.storedDir().resolve(f);
            assertTrue(Files.isRegularFile(p), c.name() + ": listed file missing: " + p);
            assertTrue(Files.size(p) > 0, c.name() + ": empty file " + p);
        }
        assertTrue(c.segmentSize() >= 1 << 20 && Integer.bitCount(c.segmentSize()) == 1, "segment size " + c.segmentSize());
        assertTrue(Long.compareUnsigned(c.startLsn(), c.endLsn()) < 0, c.name() + ": empty LSN range");

        // segments: uncompressed, full size, consecutive, and covering the measured range
        Path wal = c.walDir();
        List<String> segs = c.segments();
        assertFalse(segs.isEmpty(), c.name() + ": no segments");
        try (Stream<Path> s = Files.list(wal)) {
            assertEquals(segs, s.map(p -> p.getFileName().toString()).sorted().toList(), c.name() + ": walDir content");
        }
        long first = -1;
        for (int i = 0; i < segs.size(); i++) {
            String seg = segs.get(i);
            assertTrue(seg.matches("[0-9A-F]{24}"), "segment name " + seg);
            assertEquals(c.segmentSize(), Files.size(wal.resolve(seg)), c.name() + ": size of " + seg);
            long segsPerId = 0x1_0000_0000L / c.segmentSize();
            long no = Long.parseLong(seg.substring(8, 16), 16) * segsPerId + Long.parseLong(seg.substring(16), 16);
            if (i == 0) {
                first = no;
            } else {
                assertEquals(first + i, no, c.name() + ": segments not consecutive at " + seg);
            }
        }
        long begin = first * c.segmentSize();
        long end = (first + segs.size()) * (long) c.segmentSize();
        assertTrue(c.startLsn() >= begin && c.endLsn() <= end, c.name() + ": segments do not cover the range");

        // PostgreSQL 14 has neither pg_walinspect nor a pg_waldump build here: its captures are decode-only
        assertTrue(c.versionLabel().equals("14") || !c.oracles().isEmpty(), c.name() + ": no oracle");
        for (String o : c.oracles()) {
            Path p = c.oracle(o);
            assertTrue(Files.size(p) > 0, c.name() + ": empty oracle " + o);
            List<String> lines = Files.readAllLines(p);
            switch (o) {
                case "stats.tsv" -> checkStats(c, lines);
                case "records.tsv" -> checkRecords(c, lines);
                case "blocks.tsv" -> checkBlocks(c, lines);
                case "blocks-md5.tsv" -> checkBlocksMd5(c, lines);
                case "waldump-fullpage.sha256" -> checkFullPages(c, lines);
                case "waldump.txt" -> checkWaldump(c, lines, false);
                case "waldump-b.txt" -> checkWaldump(c, lines, true);
                case "waldump-stats.txt", "waldump-stats-record.txt" -> checkWaldumpStats(c, o, lines);
                default -> throw new AssertionError(c.name() + ": unknown oracle kind " + o);
            }
        }
    }

    private static void checkStats(Capture c, List<String> lines) {
        long total = 0;
        for (String l : lines) {
            String[] f = l.split("\t", -1);
            assertEquals(5, f.length, c.name() + " stats.tsv: " + l);
            assertTrue(f[0].contains("/"), c.name() + " stats.tsv type: " + l);
            long n = Long.parseLong(f[1]);
            assertEquals(Long.parseLong(f[4]), Long.parseLong(f[2]) + Long.parseLong(f[3]), c.name() + " stats.tsv sizes: " + l);
            total += n;
        }
        if (c.records() >= 0) {
            assertEquals(c.records(), total, c.name() + ": stats.tsv counts vs records");
        }
    }

    private static void checkRecords(Capture c, List<String> lines) {
        assertEquals(c.records(), lines.size(), c.name() + ": records in manifest vs records.tsv");
        long prevEnd = -1;
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split("\t", -1);
            assertEquals(11, f.length, c.name() + " records.tsv: " + lines.get(i));
            long start = TestData.parseLsn(f[0]);
            long end = TestData.parseLsn(f[1]);
            TestData.parseLsn(f[2]);
            Long.parseLong(f[3]);
            Long.parseLong(f[6]);
            Long.parseLong(f[7]);
            Long.parseLong(f[8]);
            if (i == 0) {
                assertEquals(c.startLsn(), start, c.name() + ": first record vs start LSN");
            } else {
                assertTrue(start >= prevEnd, c.name() + ": records out of order at " + f[0]);
            }
            assertTrue(end > start, c.name() + ": record end before start at " + f[0]);
            prevEnd = end;
        }
        assertEquals(c.endLsn(), prevEnd, c.name() + ": last record's end vs end LSN");
    }

    private static void checkBlocks(Capture c, List<String> lines) {
        for (String l : lines) {
            String[] f = l.split("\t", -1);
            assertEquals(13, f.length, c.name() + " blocks.tsv: " + l);
            long lsn = TestData.parseLsn(f[0]);
            assertTrue(lsn >= c.startLsn() && lsn < c.endLsn(), c.name() + " blocks.tsv LSN outside range: " + l);
            for (int i : new int[] {1, 2, 3, 4, 5, 6, 8, 9, 10, 11}) {
                Long.parseLong(f[i]);
            }
        }
    }

    private static final Pattern MD5 = Pattern.compile("|[0-9a-f]{32}");
    private static final Pattern FULLPAGE = Pattern.compile(
            "[0-9a-f]{64}  ([0-9A-F]{8})-([0-9A-F]{8})-([0-9A-F]{8})\\.\\d+\\.\\d+\\.\\d+\\.\\d+_(main|fsm|vm|init)");

    /** One row per block reference of blocks.tsv, same LSNs and block ids, md5s or empty. */
    private static void checkBlocksMd5(Capture c, List<String> lines) throws IOException {
        List<String> keys = new ArrayList<>();
        for (String l : lines) {
            String[] f = l.split("\t", -1);
            assertEquals(4, f.length, c.name() + " blocks-md5.tsv: " + l);
            assertTrue(MD5.matcher(f[2]).matches() && MD5.matcher(f[3]).matches(), c.name() + " blocks-md5.tsv: " + l);
            keys.add(f[0] + "\t" + f[1]);
        }
        if (c.has("blocks.tsv")) {
            List<String> blocks = Files.readAllLines(c.oracle("blocks.tsv")).stream()
                    .map(l -> l.split("\t", -1))
                    .map(f -> f[0] + "\t" + f[1])
                    .toList();
            assertEquals(blocks, keys, c.name() + ": blocks-md5.tsv rows vs blocks.tsv");
        }
    }

    /** sha256sum lines of pg_waldump's --save-fullpage files, sorted by name, one per image of blocks.tsv. */
    private static void checkFullPages(Capture c, List<String> lines) throws IOException {
        String prev = "";
        for (String l : lines) {
            Matcher m = FULLPAGE.matcher(l);
            assertTrue(m.matches(), c.name() + " waldump-fullpage.sha256: " + l);
            long lsn = Long.parseLong(m.group(2), 16) << 32 | Long.parseLong(m.group(3), 16);
            assertTrue(lsn >= c.startLsn() && lsn < c.endLsn(), c.name() + " fullpage LSN outside range: " + l);
            String name = l.substring(66);
            assertTrue(name.compareTo(prev) > 0, c.name() + " waldump-fullpage.sha256 not sorted at " + name);
            prev = name;
        }
        if (c.has("blocks.tsv")) {
            long images = Files.readAllLines(c.oracle("blocks.tsv")).stream()
                    .filter(l -> Long.parseLong(l.split("\t", -1)[11]) > 0)
                    .count();
            assertEquals(images, lines.size(), c.name() + ": saved pages vs images in blocks.tsv");
        }
    }

    private static void checkWaldump(Capture c, List<String> lines, boolean blocks) {
        List<Long> lsns = new ArrayList<>();
        for (String l : lines) {
            if (blocks && l.startsWith("\tblkref #")) {
                continue;
            }
            Matcher m = WALDUMP_LINE.matcher(l);
            assertTrue(m.matches(), c.name() + " pg_waldump line: " + l);
            lsns.add(TestData.parseLsn(m.group(1)));
        }
        assertFalse(lsns.isEmpty(), c.name() + ": pg_waldump printed no record");
        assertEquals(c.startLsn(), lsns.get(0), c.name() + ": pg_waldump first record vs start LSN");
        if (c.records() >= 0) {
            assertEquals(c.records(), lsns.size(), c.name() + ": pg_waldump record count");
        }
    }

    private static void checkWaldumpStats(Capture c, String o, List<String> lines) {
        Matcher head = STATS_HEAD.matcher(lines.get(0));
        if (head.matches()) {
            assertTrue(LSN.matcher(head.group(1)).matches() && LSN.matcher(head.group(2)).matches(), lines.get(0));
            assertEquals(c.startLsn(), TestData.parseLsn(head.group(1)), c.name() + " " + o + ": start");
            assertEquals(c.endLsn(), TestData.parseLsn(head.group(2)), c.name() + " " + o + ": end");
        } else {
            // pg_waldump 13 and 14 print no "WAL statistics between" line (15 added it): the table starts at once
            assertTrue(lines.get(0).startsWith("Type ") && List.of("13", "14").contains(c.versionLabel()),
                    c.name() + " " + o + " first line: " + lines.get(0));
        }
        Matcher total = STATS_TOTAL.matcher(lines.get(lines.size() - 1));
        assertTrue(total.matches(), c.name() + " " + o + " last line: " + lines.get(lines.size() - 1));
        if (c.records() >= 0) {
            assertEquals(c.records(), Long.parseLong(total.group(1)), c.name() + " " + o + ": total records");
        }
    }
}
