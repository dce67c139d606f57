package org.walprism.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFileName;
import org.walprism.codec.read.LiveSource;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The following reader ({@link WalReader#follow}) over live sources, with real captures: WAL delivered at arbitrary
 * byte boundaries ({@link ReceivedWal}) and a {@code pg_wal} directory written while it is read
 * ({@link FollowedDirectory}: partly written pages, a recycled segment file under the next name, segment switches)
 * give exactly the records a reader of the finished files gives. The live server tests are in the cli module
 * (LiveWalTest).
 */
class LiveSourceTest {

    @TempDir
    Path tmp;

    /** lsn, length, rmgr and info of each record: enough to tell a lost, doubled or misread record. */
    private static List<String> records(WalReader r) {
        List<String> out = new ArrayList<>();
        RecordView v;
        while ((v = r.nextView()) != null) {
            out.add(Lsn.format(v.lsn(), true) + " " + v.totalLength() + " " + v.rmid() + " " + v.info() + " "
                    + Long.toHexString(v.prev()));
        }
        return out;
    }

    private static byte[] segmentBytes(Capture c) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(c.walDir())) {
            files = s.filter(p -> WalFileName.isSegmentName(p.getFileName().toString())).sorted().toList();
        }
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        for (Path f : files) {
            all.write(Files.readAllBytes(f));
        }
        return all.toByteArray();
    }

    private static long firstSegment(Capture c) throws IOException {
        try (Stream<Path> s = Files.list(c.walDir())) {
            String n = s.map(p -> p.getFileName().toString()).filter(WalFileName::isSegmentName).sorted().findFirst()
                    .orElseThrow();
            return WalFileName.segno(n, c.segmentSize());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"17/wal_switch", "13/other_rmgrs", "18/vacuum_indexed", "16/hot_updates"})
    void bytesAtArbitraryBoundariesGiveTheRecordsOfTheFiles(String name) throws IOException {
        Capture c = TestData.capture(name);
        List<String> expected;
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Optional.empty())) {
            expected = records(r);
        }
        byte[] all = segmentBytes(c);
        long base = firstSegment(c) * c.segmentSize();
        Random rnd = new Random(name.hashCode());
        ReceivedWal wal = new ReceivedWal(1, c.segmentSize(), base);
        int[] sent = {0};
        wal.feed(new ReceivedWal.Feed() {
            @Override
            public boolean pump(ReceivedWal into, long readerLsn, long timeoutMillis) {
                // a few messages of 1 byte to 64 KiB: record headers, pages and segments cut anywhere
                for (int m = rnd.nextInt(4); m >= 0 && sent[0] < all.length; m--) {
                    int n = Math.min(all.length - sent[0], 1 + rnd.nextInt(rnd.nextBoolean() ? 100 : 65536));
                    into.receive(base + sent[0], ByteBuffer.wrap(all, sent[0], n));
                    sent[0] += n;
                }
                return true;
            }

            @Override
            public void close() {
            }
        });
        List<String> got;
        try (WalReader r = WalReader.follow(wal, Lsn.bound(c.startLsn()), Optional.empty(), lsn -> sent[0] < all.length)) {
            got = records(r);
        }
        assertEquals(expected, got);
        assertTrue(expected.size() > 100, "records: " + expected.size());
    }

    @Test
    void bytesReceivedAgainFromAnEarlierPageReplaceWhatWasReceived() throws IOException {
        // a reconnection streams again from the start of the page where reading stopped
        Capture c = TestData.capture("17/wal_switch");
        List<String> expected;
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Optional.empty())) {
            expected = records(r);
        }
        byte[] all = segmentBytes(c);
        long base = firstSegment(c) * c.segmentSize();
        ReceivedWal wal = new ReceivedWal(1, c.segmentSize(), base);
        int[] sent = {0};
        int[] pumps = {0};
        wal.feed(new ReceivedWal.Feed() {
            @Override
            public boolean pump(ReceivedWal into, long readerLsn, long timeoutMillis) {
                if (++pumps[0] % 3 == 0) {
                    // the sender starts again from the reader's page (or where it stopped, if the reader waits
                    // beyond: after a segment switch)
                    long from = Math.min(readerLsn - readerLsn % 8192, into.receivedEnd());
                    into.rewind(from);
                    sent[0] = (int) (from - base);
                }
                int n = Math.min(all.length - sent[0], 20000);
                into.receive(base + sent[0], ByteBuffer.wrap(all, sent[0], n));
                sent[0] += n;
                return true;
            }

            @Override
            public void close() {
            }
        });
        List<String> got;
        try (WalReader r = WalReader.follow(wal, Lsn.bound(c.startLsn()), Optional.empty(), lsn -> sent[0] < all.length)) {
            got = records(r);
        }
        assertEquals(expected, got);
    }

    /**
     * A server's pg_wal as the reader sees it: segment N written a few kilobytes at a time (pages half written,
     * records cut), segment N+1 first a recycled file (an older segment's bytes under the new name), then
     * overwritten in place as the server does, after an XLOG_SWITCH in the capture.
     */
    @ParameterizedTest
    @ValueSource(strings = {"17/wal_switch", "13/other_rmgrs"})
    void aDirectoryWrittenWhileFollowedGivesTheRecordsOfTheFiles(String name) throws IOException {
        Capture c = TestData.capture(name);
        List<String> expected;
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Optional.empty())) {
            expected = records(r);
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(c.walDir())) {
            files = s.filter(p -> WalFileName.isSegmentName(p.getFileName().toString())).sorted().toList();
        }
        Path dir = tmp.resolve("pg_wal");
        Files.createDirectories(dir);
        int segSize = c.segmentSize();
        // every segment starts as a recycled file: the bytes of the capture's first segment (older addresses),
        // except the first, which starts zero-filled (a new file)
        byte[] oldest = Files.readAllBytes(files.get(0));
        for (int i = 0; i < files.size(); i++) {
            Files.write(dir.resolve(files.get(i).getFileName()), i == 0 ? new byte[segSize] : oldest);
        }
        // writes of 1 to 12 KiB, segment after segment, some of them torn in two halves written in two steps
        Random rnd = new Random(name.hashCode());
        List<Object[]> steps = new ArrayList<>();
        for (Path f : files) {
            byte[] b = Files.readAllBytes(f);
            for (int off = 0; off < b.length; ) {
                int n = Math.min(b.length - off, 1 + rnd.nextInt(12288));
                steps.add(new Object[] {dir.resolve(f.getFileName()), off, b, n});
                off += n;
            }
        }
        int[] next = {0};
        boolean[] lastLook = {false};
        WalReader.Idle idle = lsn -> {
            if (next[0] == steps.size()) {
                // after the last write, one more look at the files before the reader is told to stop
                boolean again = !lastLook[0];
                lastLook[0] = true;
                return again;
            }
            for (int k = 1 + rnd.nextInt(20); k > 0 && next[0] < steps.size(); k--, next[0]++) {
                Object[] st = steps.get(next[0]);
                write((Path) st[0], (int) st[1], (byte[]) st[2], (int) st[3]);
            }
            return true;
        };
        FollowedDirectory src = FollowedDirectory.open(dir, 1);
        List<String> got;
        try (WalReader r = WalReader.follow(new NoSleep(src), Lsn.bound(c.startLsn()), Optional.empty(), idle)) {
            got = records(r);
        }
        assertEquals(expected, got);
    }

    private static void write(Path file, int off, byte[] bytes, int n) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.wrap(bytes, off, n);
            while (b.hasRemaining()) {
                ch.write(b, off + (b.position() - off));
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aSegmentRemovedWhileFollowedIsAnError() throws IOException {
        Capture c = TestData.capture("13/other_rmgrs");
        Path dir = tmp.resolve("pg_wal");
        Files.createDirectories(dir);
        List<Path> files;
        try (Stream<Path> s = Files.list(c.walDir())) {
            files = s.filter(p -> WalFileName.isSegmentName(p.getFileName().toString())).sorted().toList();
        }
        Path first = dir.resolve(files.get(0).getFileName());
        byte[] b = Files.readAllBytes(files.get(0));
        Files.write(first, java.util.Arrays.copyOf(b, 300_000)); // the rest not written yet
        Files.write(dir.resolve(files.get(1).getFileName()), b); // recycled: older addresses
        long firstSegment = WalFileName.segno(files.get(0).getFileName().toString(), c.segmentSize());
        int[] calls = {0};
        WalReader.Idle idle = lsn -> {
            assertEquals(firstSegment, lsn.value() / c.segmentSize(), "waits in the first segment");
            if (calls[0]++ == 0) {
                try {
                    Files.delete(first); // the server removed it: the reader had not finished it
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            return calls[0] < 5;
        };
        try (WalReader r = WalReader.follow(new NoSleep(FollowedDirectory.open(dir, 1)), Lsn.bound(c.startLsn()), Optional.empty(), idle)) {
            TruncatedWalException e = assertThrows(TruncatedWalException.class, () -> records(r));
            assertTrue(e.getMessage().contains("was removed while it was read"), e.getMessage());
        }
    }

    /** A followed directory whose waits return at once: the test writes the files in the reader's idle calls. */
    private record NoSleep(FollowedDirectory d) implements LiveSource {
        @Override
        public boolean await(long lsn, long timeoutMillis) {
            return d.await(lsn, 0);
        }

        @Override
        public int timeline() {
            return d.timeline();
        }

        @Override
        public int segmentSize() {
            return d.segmentSize();
        }

        @Override
        public long firstSegment() {
            return d.firstSegment();
        }

        @Override
        public long nextSegment(long segno) {
            return d.nextSegment(segno);
        }

        @Override
        public boolean read(long segno, int offset, byte[] dst, int dstOffset, int length) {
            return d.read(segno, offset, dst, dstOffset, length);
        }

        @Override
        public String segmentName(long segno) {
            return d.segmentName(segno);
        }

        @Override
        public void close() {
            d.close();
        }
    }
}
