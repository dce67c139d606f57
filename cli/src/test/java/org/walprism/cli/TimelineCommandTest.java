package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.cli.CliRun.Result;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.testdata.WalForms;
import org.walprism.testdata.WalForms.Codec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code -t} and timeline switches, on WAL of two real standby promotions ({@code testdata/timelines/15/promotion},
 * timelines 1 -> 2 -> 3): per timeline, {@code dump} and {@code stats --stats=record} print what pg_waldump 15
 * {@code -t N} printed; across the switches {@code dump}, {@code stats} and {@code stats --categories} agree
 * whatever {@code -j}, and with the other input forms; {@code -t} is read as pg_waldump 16+ reads it; a broken
 * history is one error line naming the file and the line.
 */
class TimelineCommandTest {

    private static final Capture C = TestData.timelineCapture("15/promotion");
    private static final String START = C.meta("start_lsn");
    private static final String S1 = C.meta("switch_1");
    private static final String S2 = C.meta("switch_2");
    private static final String END = C.meta("end_lsn");

    @TempDir
    Path tmp;

    private static Result run(String... args) {
        return CliRun.run(args);
    }

    private static String wal() {
        return C.walDir().toString();
    }

    @Test
    void dumpOfEachTimelineEqualsPgWaldump() {
        String[][] parts = {{"1", START, S1}, {"2", S1, S2}, {"3", S2, END}};
        for (String[] p : parts) {
            Result r = run("dump", "-p", wal(), "-t", p[0], "-s", p[1], "-e", p[2]);
            assertEquals(0, r.code(), r.err());
            assertEquals(C.oracleText("waldump-tli" + p[0] + ".txt"), r.out(), "timeline " + p[0]);
            Result s = run("stats", "-p", wal(), "-t", p[0], "-s", p[1], "-e", p[2], "--stats=record");
            assertEquals(C.oracleText("waldump-tli" + p[0] + "-stats-record.txt"), s.out(), "timeline " + p[0]);
        }
    }

    @Test
    void dumpOfTheNewTimelinesCopyOfTheSwitchSegmentEqualsPgWaldump() {
        // pg_waldump -t 2 from the start of the segment holding the first switch: timeline 1's records copied into
        // timeline 2's file, the switch, timeline 2's records
        long s1 = TestData.parseLsn(S1);
        String segStart = String.format("%X/%08X", (s1 - s1 % C.segmentSize()) >>> 32, (s1 - s1 % C.segmentSize()));
        Result r = run("dump", "-p", wal(), "-t", "2", "-s", segStart, "-e", S2);
        assertEquals(C.oracleText("waldump-tli2-cross.txt"), r.out());
    }

    @Test
    void theCrossingRangeIsTheSameWhateverTheJobs() {
        for (String[] cmd : List.of(new String[] {"stats", "--format=json"}, new String[] {"stats", "--stats=record"},
                new String[] {"stats", "--categories", "--format=json"}, new String[] {"dump", "-b"})) {
            List<String> outs = new ArrayList<>();
            for (String jobs : List.of("1", "2", "3")) {
                List<String> a = new ArrayList<>(List.of(cmd));
                a.addAll(List.of("-p", wal(), "-t", "3", "-s", START, "-e", END, "-j", jobs));
                Result r = run(a.toArray(String[]::new));
                assertEquals(0, r.code(), r.err());
                outs.add(r.out());
            }
            assertEquals(outs.get(0), outs.get(1), String.join(" ", cmd));
            assertEquals(outs.get(0), outs.get(2), String.join(" ", cmd));
        }
        Result r = run("stats", "-p", wal(), "-t", "3", "-s", START, "-e", END);
        // the switch points of the history file, in the form the WAL's major (15) prints LSNs
        WalVersion v = WalVersion.fromLabel(C.versionLabel());
        assertEquals("walprism: note: timeline 3 (00000003.history): timeline 1 up to " + Lsn.parse(S1).format(v)
                + ", timeline 2 up to " + Lsn.parse(S2).format(v) + ", then timeline 3\n", r.err());
    }

    @Test
    void everyInputFormPrintsWhatTheDirectoryPrints() throws IOException {
        List<Path> segs = new ArrayList<>();
        List<Path> histories = new ArrayList<>();
        for (Path p : WalForms.segments(C.walDir())) {
            (p.getFileName().toString().endsWith(".history") ? histories : segs).add(p);
        }
        List<WalForms.Member> members = new ArrayList<>(WalForms.members(segs, "pg_wal/", Codec.NONE, 0));
        for (Path h : histories) {
            members.add(new WalForms.Member("pg_wal/" + h.getFileName(), Files.readAllBytes(h)));
        }
        Path tar = WalForms.tar(tmp.resolve("pg_wal.tar.gz"), members, Codec.GZIP);
        Path barman = WalForms.barman(segs, tmp.resolve("barman"), Codec.BZIP2);
        for (Path h : histories) {
            Files.copy(h, barman.resolve("wals").resolve(h.getFileName()));
        }
        String expected = run("stats", "-p", wal(), "-t", "3", "-s", START, "-e", END, "--stats=record").out();
        for (Path form : List.of(tar, barman)) {
            Result r = run("stats", "-p", form.toString(), "-t", "3", "-s", START, "-e", END, "--stats=record");
            assertEquals(0, r.code(), r.err());
            assertEquals(expected, r.out(), form.getFileName().toString());
        }
    }

    @Test
    void withoutTTimelineOneIsReadAndTheHistoryIsNamed() {
        Result r = run("stats", "-p", wal(), "-s", START);
        assertEquals(0, r.code(), r.err());
        assertEquals("walprism: note: segments of timelines 1, 2, 3 are here: reading timeline 1, pg_waldump's "
                + "default (-t chooses another; -t 3 follows its history across the timeline switches)",
                r.err().lines().findFirst().orElseThrow());
        assertTrue(r.err().contains("end of WAL at " + Lsn.parse(S1).format(WalVersion.fromLabel(C.versionLabel()))),
                r.err());
    }

    @Test
    void startsegNamesTheTimeline() {
        // STARTSEG of timeline 2: timeline 2, from that segment, following 00000002.history
        long s1 = TestData.parseLsn(S1);
        String seg = String.format("%08X%08X%08X", 2, 0, s1 / C.segmentSize());
        Result r = run("dump", C.walDir().resolve(seg).toString(), "-s", S1, "-n", "1");
        assertEquals(0, r.code(), r.err());
        assertEquals(C.oracleText("waldump-tli2.txt").lines().findFirst().orElseThrow() + "\n", r.out());
    }

    @Test
    void timelineIsReadAsPgWaldumpReadsIt() {
        WalRangeOptions.TimelineConverter t = new WalRangeOptions.TimelineConverter();
        assertEquals(3L, t.convert("3"));
        assertEquals(26L, t.convert("0x1A"));
        assertEquals(26L, t.convert("0X1a"));
        assertEquals(8L, t.convert("010"));
        assertEquals(3L, t.convert("  3 "));
        assertEquals(3L, t.convert("+3"));
        assertEquals(4294967295L, t.convert("4294967295"));
        assertEquals(4294967295L, t.convert("0xFFFFFFFF"));
        for (String bad : List.of("3x", "08", "0x", "x3", "three", "+", "3 4")) {
            TypeConversionException e = assertThrows(TypeConversionException.class, () -> t.convert(bad), bad);
            assertEquals("invalid value \"" + bad + "\" for option -t/--timeline", e.getMessage());
        }
        for (String out : List.of("0", "-1", "-0x3", "4294967296", "0x100000000", "99999999999999999999999", "", " ")) {
            TypeConversionException e = assertThrows(TypeConversionException.class, () -> t.convert(out), out);
            assertEquals("-t/--timeline must be in range 1..4294967295", e.getMessage());
        }
        Result r = run("stats", "-p", wal(), "-t", "08");
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertEquals("walprism: error: Invalid value for option '--timeline': invalid value \"08\" for option "
                + "-t/--timeline (try \"walprism stats --help\")\n", r.err());
    }

    @Test
    void aTimelineWithoutSegmentsIsAnInputError() {
        Result r = run("stats", "-p", wal(), "-t", "0x10");
        assertEquals(ExitCode.INPUT.code(), r.code());
        assertEquals("walprism: error: no WAL segment files of timeline 16 in " + wal() + "\n", r.err());
    }

    @Test
    void aBrokenHistoryIsOneLineNamingFileAndLine() throws IOException {
        for (String[] bad : List.of(
                new String[] {"1\t0/9D3A20\tx\n2\tsomewhere\n", "syntax error in history file 00000003.history line 2: "
                        + "\"2\\tsomewhere\" (expected: a write-ahead log switchpoint location)"},
                new String[] {"# ok\n2\t0/9D3A20\tx\n1\t0/B08C58\n", "invalid data in history file 00000003.history "
                        + "line 3: \"1\\t0/B08C58\" (expected: timeline IDs in increasing sequence)"},
                new String[] {"1\t0/B08C58\tx\n2\t0/9D3A20\n", "invalid data in history file 00000003.history line 2: "
                        + "\"2\\t0/9D3A20\" (expected: switch points in increasing sequence, at or after 0/00B08C58)"},
                new String[] {"1\t0/9D3A20\tx\nsome text\n", "syntax error in history file 00000003.history line 2: "
                        + "\"some text\" (expected: a numeric timeline ID)"})) {
            Path dir = Files.createTempDirectory(tmp, "bad");
            for (Path p : WalForms.segments(C.walDir())) {
                if (!p.getFileName().toString().equals("00000003.history")) {
                    Files.copy(p, dir.resolve(p.getFileName()));
                }
            }
            Files.writeString(dir.resolve("00000003.history"), bad[0]);
            for (String cmd : List.of("stats", "dump")) {
                Result r = run(cmd, "-p", dir.toString(), "-t", "3", "-s", START, "-e", END);
                assertEquals(ExitCode.INVALID_WAL.code(), r.code(), r.err());
                assertEquals("walprism: error: " + bad[1] + "\n", r.err());
                assertEquals("", r.out());
            }
        }
    }
}
