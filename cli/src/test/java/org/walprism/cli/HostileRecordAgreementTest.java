package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.cli.CliRun.Result;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.write.RecordBuilder;
import org.walprism.codec.write.RecordEncoder;
import org.walprism.codec.write.WalWriter;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Issue 15 item 5, as a property: a CRC-valid record whose main data is cut short or carries trailing bytes gets
 * the same decision from every reading command, sequential and parallel: the same exit code and the same first
 * stderr line (an error naming the record, or the end-of-WAL note when every command accepts it; {@code diff}
 * prints no note).
 *
 * <p>The hostile records are made from real records of corpus captures of every major present (one example of
 * each record type found): main data shortened by 1..n bytes, or n bytes appended, then encoded again by the
 * codec's {@link RecordEncoder} (lengths and CRC recomputed) and written by the {@link WalWriter} as the first
 * record to start in a segment, after filler records from the same capture on the previous segment's last pages
 * (so that {@code -j 2} reads it in a second chunk).
 *
 * <p>The normal run checks a seeded sample of {@value #DEFAULT_CASES} cases; {@code -Dwalprism.hostile.cases=0}
 * checks all of them (and {@code -Dwalprism.hostile.cut=N} sets n, default {@value #DEFAULT_CUT};
 * {@code -Dwalprism.hostile.seed=S} another sample).
 */
class HostileRecordAgreementTest {
    private static final int DEFAULT_CASES = 20;
    private static final int DEFAULT_CUT = 4;
    private static final int SEG = 1 << 20;
    private static final int BLCKSZ = 8192;
    /** Captures of every major with many record types. */
    private static final List<String> CAPTURES = List.of("13/other_rmgrs", "13/vacuum_indexed", "14/other_rmgrs",
            "15/other_rmgrs", "15/pgbench_oltp", "16/other_rmgrs", "16/vacuum_indexed", "17/other_rmgrs",
            "17/vacuum_indexed", "18/other_rmgrs", "18/vacuum_indexed", "19beta1/vacuum_indexed", "19beta1/hot_updates",
            "19beta3/vacuum_indexed");

    @TempDir
    Path tmp;

    /** One hostile record: where its example came from and how it was changed. */
    private record Case(String capture, DecodedRecord example, List<DecodedRecord> filler, int delta) {
        String name() {
            return capture + " " + example.rmid() + "/0x" + Integer.toHexString(example.info()) + " at "
                    + Lsn.format(example.recordLsn().value(), true) + (delta < 0 ? " main data cut by " + -delta
                    : " with " + delta + " trailing bytes");
        }
    }

    @Test
    void everyCommandMakesTheSameDecisionOnEveryHostileRecord() throws IOException {
        int maxCases = Integer.getInteger("walprism.hostile.cases", DEFAULT_CASES);
        int cut = Integer.getInteger("walprism.hostile.cut", DEFAULT_CUT);
        long seed = Long.getLong("walprism.hostile.seed", 15);
        long t0 = System.nanoTime();
        List<Case> all = cases(cut);
        long t1 = System.nanoTime();
        List<Case> chosen = new ArrayList<>(all);
        Collections.shuffle(chosen, new Random(seed));
        if (maxCases > 0 && chosen.size() > maxCases) {
            chosen = chosen.subList(0, maxCases);
        }
        int rejected = 0;
        int n = 0;
        for (Case c : chosen) {
            Path dir = tmp.resolve("wal" + n++);
            long start = write(c, dir);
            Result agreed = runAll(c, dir, start);
            if (agreed.code() != 0) {
                rejected++;
            }
        }
        System.out.printf("hostile records: %d made (%d record types from %d captures, %d ms), %d checked (%d ms),"
                + " %d rejected and %d accepted by every command%n", all.size(), all.stream().map(c -> c.capture + c.example.rmid()
                + "/" + c.example.info()).distinct().count(), CAPTURES.size(), (t1 - t0) / 1_000_000, chosen.size(),
                (System.nanoTime() - t1) / 1_000_000, rejected,
                chosen.size() - rejected);
        assertTrue(rejected > 0, "some hostile records are rejected");
        assertTrue(rejected < chosen.size() || chosen.size() < 10, "some hostile records are accepted");
    }

    /** Every hostile record of every capture: one example per record type, each delta. */
    private static List<Case> cases(int cut) {
        List<Case> out = new ArrayList<>();
        for (String name : CAPTURES) {
            Capture cap;
            try {
                cap = TestData.capture(name);
            } catch (RuntimeException e) {
                continue; // a capture this checkout does not have
            }
            Map<Integer, DecodedRecord> examples = new LinkedHashMap<>();
            List<DecodedRecord> filler = new ArrayList<>();
            try (WalReader r = WalSources.reader(cap.walDir(), Lsn.bound(cap.startLsn()), Lsn.bound(cap.endLsn()))) {
                for (DecodedRecord d = r.next(); d != null; d = r.next()) {
                    if (d.totalLength() > 2048) {
                        continue; // full-page images say nothing of the payload rules and slow the test
                    }
                    examples.putIfAbsent(d.rmid() << 8 | d.info(), d);
                    if (filler.size() < 4 && d.totalLength() <= 200 && d.rmid() != 0) {
                        filler.add(d);
                    }
                }
            }
            for (DecodedRecord d : examples.values()) {
                int main = d.mainData() == null ? 0 : d.mainData().length;
                for (int k = 1; k <= Math.min(cut, main); k++) {
                    out.add(new Case(name, d, filler, -k));
                }
                out.add(new Case(name, d, filler, 1));
                if (cut > 1) {
                    out.add(new Case(name, d, filler, cut));
                }
            }
        }
        out.sort(Comparator.comparing(Case::name));
        return out;
    }

    /** Writes the filler and then the hostile record of {@code c} to {@code dir}; returns the first LSN. */
    private static long write(Case c, Path dir) throws IOException {
        DecodedRecord d = c.example;
        byte[] main = d.mainData() == null ? new byte[0] : d.mainData();
        byte[] changed = Arrays.copyOf(main, main.length + c.delta);
        if (c.delta > 0) {
            for (int i = main.length; i < changed.length; i++) {
                changed[i] = (byte) (0x5A + i); // trailing bytes
            }
        }
        byte[] hostile = RecordBuilder.of(d.version(), d.rmid(), d.info()).xid(d.xid()).origin(d.origin())
                .toplevelXid(d.toplevelXid()).mainData(changed)
                .longMainDataHeader(d.longMainDataHeader() && changed.length > 0).blocksAsGiven(d.blocks()).build();
        long start = 2L * SEG - 2 * BLCKSZ + 24;
        WalWriter.Options o = WalWriter.options(d.version()).segmentSize(SEG).timeline(1).startLsn(start).prevLsn(0);
        try (WalWriter w = WalWriter.create(dir, o)) {
            // filler until one crosses into the next segment: the hostile record is the first to start there
            int i = 0;
            while (w.insertPosition() < 2L * SEG) {
                w.append(RecordEncoder.encode(c.filler.get(i++ % c.filler.size())));
            }
            w.append(hostile);
        }
        return start;
    }

    /**
     * Runs every reading command (dump, dump -q, stats, --stats=record, --categories at -j 1 and -j 2; vacuums;
     * diff of the range with itself); all must agree. Returns the agreed result.
     */
    private static Result runAll(Case c, Path dir, long start) {
        String p = dir.toString();
        String s = Lsn.format(start, true);
        List<String[]> commands = new ArrayList<>();
        for (String j : List.of("1", "2")) {
            commands.add(new String[] {"dump", "-p", p, "-s", s, "-j", j});
            commands.add(new String[] {"dump", "-q", "-p", p, "-s", s, "-j", j});
            commands.add(new String[] {"stats", "-p", p, "-s", s, "-j", j});
            commands.add(new String[] {"stats", "--stats=record", "-p", p, "-s", s, "-j", j});
            commands.add(new String[] {"stats", "--categories", "-p", p, "-s", s, "-j", j});
        }
        commands.add(new String[] {"vacuums", "-p", p, "-s", s});
        commands.add(new String[] {"diff", p + ":" + s + ":", p + ":" + s + ":"});
        Result first = null;
        for (String[] cmd : commands) {
            Result r = CliRun.run(cmd);
            String what = c.name() + ": " + String.join(" ", cmd);
            assertFalse(r.err().contains("\tat "), what + ": stack trace: " + r.err());
            assertNotEquals(ExitCode.INTERNAL.code(), r.code(), what + ": " + r.err());
            if (first == null) {
                first = r;
            } else {
                assertEquals(first.code(), r.code(), what + ": " + r.err() + " / dump: " + first.err());
                if (first.code() != 0 || !cmd[0].equals("diff")) {
                    // diff prints no end-of-WAL note
                    assertEquals(firstLine(first.err()), firstLine(r.err()), what);
                }
            }
        }
        if (first.code() == 0) {
            // accepted: the hostile record was read as a record (dump printed it)
            assertTrue(first.out().lines().count() >= 2, c.name() + ": " + first.out());
        }
        return first;
    }

    private static String firstLine(String s) {
        int i = s.indexOf('\n');
        return i < 0 ? s : s.substring(0, i);
    }
}
