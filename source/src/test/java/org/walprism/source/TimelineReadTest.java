package org.walprism.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.read.ForkableSource;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.testdata.WalForms;
import org.walprism.testdata.WalForms.Codec;
import org.walprism.testdata.WalForms.Member;

/**
 * Reading across real standby promotions ({@code testdata/timelines/15/promotion}: timelines 1 -> 2 -> 3): with the
 * history of timeline 3 the reader takes each segment from the file recovery would use and reads the range
 * pg_walinspect read on the promoted server (records.tsv), in every input form, sequentially and in parallel.
 */
class TimelineReadTest {

    private static final Capture C = TestData.timelineCapture("15/promotion");

    @TempDir
    Path tmp;

    /** The start LSN of every record of [start, end) on timeline {@code tli} of {@code path}. */
    private static List<Long> lsns(Path path, int tli) {
        return lsns(path, tli, C.endLsn());
    }

    private static List<Long> lsns(Path path, int tli, long end) {
        List<Long> out = new ArrayList<>();
        try (WalReader r = WalSources.reader(path, Lsn.bound(C.startLsn()), Lsn.bound(end), tli)) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                out.add(v.lsn());
            }
        }
        return out;
    }

    private static List<Long> oracleLsns() {
        return C.oracleText("records.tsv").lines().filter(l -> !l.isBlank())
                .map(l -> TestData.parseLsn(l.substring(0, l.indexOf('\t')))).toList();
    }

    @Test
    void readsEachSegmentFromTheTimelineThatHoldsItsEnd() {
        long s1 = TestData.parseLsn(C.meta("switch_1"));
        long s2 = TestData.parseLsn(C.meta("switch_2"));
        try (ForkableSource src = WalSources.open(C.walDir(), 3)) {
            int seg = src.segmentSize();
            assertTrue(src.history().fromFile());
            for (long s = src.firstSegment(); s >= 0; s = src.nextSegment(s)) {
                int expected = s < s1 / seg ? 1 : s < s2 / seg ? 2 : 3;
                assertEquals(WalFileName.of(expected, s, seg), src.segmentName(s), "segment " + s);
            }
            assertEquals(s1 / seg, src.firstSegment(), "the range starts in the segment of the first switch");
        }
    }

    @Test
    void crossingRangeEqualsPgWalinspectOnThePromotedServer() {
        assertEquals(oracleLsns(), lsns(C.walDir(), 3));
    }

    @Test
    void parallelScanEqualsSequentialAcrossTheSwitches() {
        for (long end : new long[] {C.endLsn(), 0}) {
            ParallelWalScanTest.Sums par = WalSources.scan(new ParallelWalScan<>(ParallelWalScanTest.Sums::new,
                    ParallelWalScanTest.Sums::merge, 3), C.walDir(), Lsn.bound(C.startLsn()), Lsn.bound(end), 3).sink();
            ParallelWalScanTest.Sums seq = WalSources.scan(new ParallelWalScan<>(ParallelWalScanTest.Sums::new,
                    ParallelWalScanTest.Sums::merge, 1), C.walDir(), Lsn.bound(C.startLsn()), Lsn.bound(end), 3).sink();
            // without an end the closing XLOG_SWITCH is read too, then the WAL ends
            assertEquals(oracleLsns().size() + (end == 0 ? 1 : 0), seq.n, "end " + end);
            assertEquals(List.of(seq.n, seq.bytes, seq.fpi, java.util.Arrays.toString(seq.counts)),
                    List.of(par.n, par.bytes, par.fpi, java.util.Arrays.toString(par.counts)), "end " + end);
        }
    }

    @Test
    void withoutAHistoryATimelineIsReadAlone() throws IOException {
        // timeline 1 has no history: its WAL ends where the first promotion began timeline 2
        long s1 = TestData.parseLsn(C.meta("switch_1"));
        List<Long> all = oracleLsns();
        List<Long> before = all.stream().filter(l -> l < s1).toList();
        try (WalReader r = WalSources.reader(C.walDir(), Lsn.bound(C.startLsn()), Optional.empty(), 1)) {
            List<Long> got = new ArrayList<>();
            RecordView v;
            while ((v = r.nextView()) != null) {
                got.add(v.lsn());
            }
            assertEquals(before, got);
            assertTrue(r.endNote().toString().startsWith("end of WAL at 0/009D3A20"), r.endNote().toString());
        }
        // timeline 3 without its history file: only timeline 3's segments, as pg_waldump -t 3 reads them
        Path dir = copy(C.walDir(), tmp.resolve("no-history"), n -> !n.equals("00000003.history"));
        try (ForkableSource src = WalSources.open(dir, 3)) {
            assertEquals(TestData.parseLsn(C.meta("switch_2")) / src.segmentSize(), src.firstSegment());
        }
    }

    @Test
    void anOldTimelinesSegmentsPastItsSwitchAreNotRead() throws IOException {
        // the old primary went on writing timeline 1 after the switch: its later segment is not in the history's WAL
        Path dir = copy(C.walDir(), tmp.resolve("diverged"), n -> true);
        long s1 = TestData.parseLsn(C.meta("switch_1"));
        Files.copy(dir.resolve(WalFileName.of(1, s1 / C.segmentSize(), C.segmentSize())),
                dir.resolve(WalFileName.of(1, s1 / C.segmentSize() + 1, C.segmentSize())));
        assertEquals(oracleLsns(), lsns(dir, 3));
        long s2 = TestData.parseLsn(C.meta("switch_2"));
        assertEquals(oracleLsns().stream().filter(l -> l < s2).toList(), lsns(dir, 2, s2));
    }

    @Test
    void aPageOfATimelineOutsideTheHistoryIsAnError() throws IOException {
        // a history without timeline 1: the copy of timeline 1's WAL in timeline 2's segment carries xlp_tli 1
        Path dir = copy(C.walDir(), tmp.resolve("bad"), n -> !n.endsWith(".history"));
        Files.writeString(dir.resolve("00000003.history"), "2\t" + C.meta("switch_2") + "\tno recovery target\n");
        WalFormatException e = assertThrows(WalFormatException.class, () -> lsns(dir, 3));
        assertTrue(e.getMessage().startsWith("unexpected timeline ID 1 (the timelines of 00000003.history are 2, 3)"
                + " at LSN 0/00900000 in 000000020000000000000009"), e.getMessage());
    }

    @Test
    void aBrokenHistoryIsAnErrorNamingFileAndLine() throws IOException {
        Path dir = copy(C.walDir(), tmp.resolve("broken"), n -> !n.equals("00000003.history"));
        Files.writeString(dir.resolve("00000003.history"), "1\t0/9D3A20\tx\n2\t0/9D0000\ty\n");
        WalFormatException e = assertThrows(WalFormatException.class, () -> WalSources.open(dir, 3));
        assertTrue(e.getMessage().startsWith("invalid data in history file 00000003.history line 2:"), e.getMessage());
    }

    @Test
    void everyInputFormFollowsTheHistory() throws IOException {
        List<Long> expected = oracleLsns();
        for (Map.Entry<String, Path> f : forms().entrySet()) {
            assertEquals(expected, lsns(f.getValue(), 3), f.getKey());
        }
    }

    /** The capture's segments and histories as each archiver and pg_basebackup keep them. */
    private Map<String, Path> forms() throws IOException {
        List<Path> segs = new ArrayList<>();
        List<Path> histories = new ArrayList<>();
        for (Path p : WalForms.segments(C.walDir())) {
            (WalFileName.isSegmentName(p.getFileName().toString()) ? segs : histories).add(p);
        }
        Map<String, Path> forms = new LinkedHashMap<>();
        List<Member> members = new ArrayList<>(WalForms.members(segs, "pg_wal/", Codec.NONE, 7));
        for (Path h : histories) {
            members.add(new Member("pg_wal/" + h.getFileName(), Files.readAllBytes(h)));
        }
        forms.put("pg_wal.tar", WalForms.tar(tmp.resolve("pg_wal.tar"), members, Codec.NONE));
        forms.put("pg_wal.tar.zst", WalForms.tar(tmp.resolve("pg_wal.tar.zst"), members, Codec.ZSTD));
        Path repo = WalForms.pgBackRest(segs, tmp.resolve("pgbackrest"), "main", "15-1", Codec.GZIP);
        Path archiveId = repo.resolve("archive/main/15-1");
        for (Path h : histories) {
            Files.copy(h, archiveId.resolve(h.getFileName()));
        }
        forms.put("pgBackRest", repo);
        Path walg = WalForms.walG(segs, tmp.resolve("walg"), Codec.LZ4);
        for (Path h : histories) {
            Files.write(walg.resolve("wal_005").resolve(h.getFileName() + ".lz4"),
                    Codec.LZ4.compress(Files.readAllBytes(h)));
        }
        forms.put("WAL-G", walg);
        Path barman = WalForms.barman(segs, tmp.resolve("barman/main"), Codec.GZIP);
        for (Path h : histories) {
            Files.copy(h, barman.resolve("wals").resolve(h.getFileName()));
        }
        forms.put("barman", barman);
        forms.put("zstd segment files", WalForms.compressedDir(segs, tmp.resolve("zst"), Codec.ZSTD, false));
        for (Path h : histories) {
            Files.copy(h, tmp.resolve("zst").resolve(h.getFileName()));
        }
        return forms;
    }

    private static Path copy(Path from, Path to, java.util.function.Predicate<String> keep) throws IOException {
        Files.createDirectories(to);
        for (Path p : WalForms.segments(from)) {
            if (keep.test(p.getFileName().toString())) {
                Files.copy(p, to.resolve(p.getFileName()));
            }
        }
        return to;
    }
}
