package org.walprism.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.read.TimelineHistory;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.testdata.WalForms.Codec;

/**
 * Timeline history files as PostgreSQL writes them (timeline.c writeTimeLineHistory) parse into the timelines and
 * switch points readTimeLineHistory gives, pick for each segment the timeline recovery reads it from, and broken
 * ones are one-line errors naming the file and the line.
 */
class TimelineHistoryTest {

    private static final long MB = 1 << 20;

    private static TimelineHistory parse(String text, int target) {
        return TimelineHistory.parse(text.getBytes(StandardCharsets.UTF_8), target, "00000003.history");
    }

    @Test
    void parsesTheHistoryARealPromotionWrote() throws IOException {
        Capture c = TestData.timelineCapture("15/promotion");
        byte[] file = Files.readAllBytes(c.walDir().resolve("00000003.history"));
        TimelineHistory h = TimelineHistory.parse(file, 3, "00000003.history");
        long s1 = TestData.parseLsn(c.meta("switch_1"));
        long s2 = TestData.parseLsn(c.meta("switch_2"));
        assertEquals(List.of(new TimelineHistory.Entry(1, 0, s1), new TimelineHistory.Entry(2, s1, s2),
                new TimelineHistory.Entry(3, s2, 0)), h.entries());
        assertEquals(3, h.target());
        assertTrue(h.fromFile());
        assertTrue(h.contains(1) && h.contains(2) && h.contains(3));
        assertFalse(h.contains(4));
        // segment of each switch point: the new timeline's file (it holds the old WAL up to the switch)
        assertEquals(2, h.timelineOfSegment(s1 / MB, MB));
        assertEquals(3, h.timelineOfSegment(s2 / MB, MB));
        assertEquals(1, h.timelineOfSegment(s1 / MB - 1, MB));
        assertEquals(2, h.timelineOfSegment(s2 / MB - 1, MB));
        assertEquals(3, h.timelineOfSegment(s2 / MB + 5, MB));
    }

    @Test
    void switchAtASegmentBoundaryLeavesTheSegmentBeforeToTheOldTimeline() {
        TimelineHistory h = parse("1\t0/3000000\tno recovery target specified\n", 2);
        assertEquals(1, h.timelineOfSegment(2, MB * 16));
        assertEquals(2, h.timelineOfSegment(3, MB * 16));
    }

    @Test
    void skipsCommentsBlankLinesAndTheReason() {
        TimelineHistory h = parse("# made by hand\n\n   # indented comment\n1 0/9D3A20 anything at all\n"
                + "2\t0/B08C58\tbefore 2000-01-01 00:00:00+00\n", 3);
        assertEquals(3, h.entries().size());
        assertEquals(0xB08C58L, h.entries().get(1).end());
    }

    @Test
    void aTimelineWithoutHistoryReadsOnlyItsOwnSegments() {
        TimelineHistory h = TimelineHistory.of(2);
        assertFalse(h.fromFile());
        assertEquals(2, h.timelineOfSegment(0, MB));
        assertEquals(2, h.timelineOfSegment(12345, MB));
    }

    @Test
    void rejectsALineWithoutATimelineId() {
        WalFormatException e = assertThrows(WalFormatException.class, () -> parse("1\t0/100\tx\nabc\t0/200\n", 3));
        assertEquals("syntax error in history file 00000003.history line 2: \"abc\\t0/200\" (expected: a numeric "
                + "timeline ID)", e.getMessage());
    }

    @Test
    void rejectsALineWithoutASwitchPoint() {
        WalFormatException e = assertThrows(WalFormatException.class, () -> parse("1\tnowhere\n", 3));
        assertEquals("syntax error in history file 00000003.history line 1: \"1\\tnowhere\" (expected: a write-ahead "
                + "log switchpoint location)", e.getMessage());
    }

    @Test
    void rejectsTimelinesThatDoNotIncrease() {
        WalFormatException e = assertThrows(WalFormatException.class,
                () -> parse("2\t0/100\tx\n2\t0/200\ty\n", 3));
        assertEquals("invalid data in history file 00000003.history line 2: \"2\\t0/200\\ty\" (expected: timeline IDs "
                + "in increasing sequence)", e.getMessage());
    }

    @Test
    void rejectsATimelineNotBelowTheFilesOwn() {
        WalFormatException e = assertThrows(WalFormatException.class, () -> parse("1\t0/100\n3\t0/200\n", 3));
        assertEquals("invalid data in history file 00000003.history: timeline 3 is not below the file's own "
                + "timeline 3", e.getMessage());
    }

    @Test
    void rejectsASwitchPointGoingBackwards() {
        WalFormatException e = assertThrows(WalFormatException.class, () -> parse("1\t0/9D3A20\n2\t0/900000\n", 3));
        assertEquals("invalid data in history file 00000003.history line 2: \"2\\t0/900000\" (expected: switch points "
                + "in increasing sequence, at or after 0/009D3A20)", e.getMessage());
    }

    @Test
    void readsACompressedHistoryAndRefusesAnOversizedOne() throws IOException {
        byte[] text = "1\t0/9D3A20\tno recovery target specified\n".getBytes(StandardCharsets.US_ASCII);
        TimelineHistory h = HistoryFiles.read(new ByteArrayInputStream(Codec.LZ4.compress(text)), 2,
                "00000002.history.lz4");
        assertEquals(0x9D3A20L, h.entries().get(0).end());
        byte[] big = new byte[HistoryFiles.MAX_FILE_SIZE + 10];
        java.util.Arrays.fill(big, (byte) '#');
        WalFormatException e = assertThrows(WalFormatException.class,
                () -> HistoryFiles.read(new ByteArrayInputStream(Codec.GZIP.compress(big)), 2, "00000002.history"));
        assertEquals("history file 00000002.history is larger than 1048576 bytes: not a timeline history",
                e.getMessage());
    }

    @Test
    void recognisesHistoryFileNamesAsArchiversStoreThem() {
        assertEquals(3, HistoryFiles.timelineOfFileName("00000003.history"));
        assertEquals(0x1A, HistoryFiles.timelineOfFileName("0000001A.history.gz"));
        assertEquals(2, HistoryFiles.timelineOfFileName("00000002.history.lz4"));
        assertEquals(2, HistoryFiles.timelineOfFileName(
                "00000002.history-0123456789abcdef0123456789abcdef01234567.gz"));
        assertEquals(-1, HistoryFiles.timelineOfFileName("00000000.history"));
        assertEquals(-1, HistoryFiles.timelineOfFileName("0000001a.history"));
        assertEquals(-1, HistoryFiles.timelineOfFileName("00000003.history.backup"));
        assertEquals(-1, HistoryFiles.timelineOfFileName("000000030000000000000001"));
    }
}
