package org.walprism.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalInputException;
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
 * Every input form (compressed segments, tar archives, archivers' layouts) built from a capture's real segments
 * reads exactly the records the plain directory does, sequentially and in parallel.
 */
class InputFormsTest {

    @TempDir
    Path tmp;

    /** Record count, bytes and a hash over every record's LSN and length, in order. */
    private static long[] digest(Path path, Capture c) {
        long n = 0;
        long h = 0;
        try (WalReader r = WalSources.reader(path, Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                n++;
                h = h * 31 + v.lsn() * 7 + v.totalLength() + v.fpiLength();
            }
        }
        return new long[] {n, h};
    }

    private static ParallelWalScanTest.Sums parallel(Path path, Capture c, long end) {
        return WalSources.scan(new ParallelWalScan<>(ParallelWalScanTest.Sums::new, ParallelWalScanTest.Sums::merge, 3), path, Lsn.bound(c.startLsn()), Lsn.bound(end), 0).sink();
    }

    /** Every form of {@code c}'s segments, by a name saying what it is. */
    private Map<String, Path> forms(Capture c) throws IOException {
        List<Path> segs = WalForms.segments(c.walDir());
        Path base = tmp.resolve(c.name().replace('/', '_'));
        Map<String, Path> f = new LinkedHashMap<>();
        for (Codec codec : Codec.values()) {
            if (codec != Codec.NONE && codec != Codec.LZ4_LINKED) {
                f.put("dir of " + codec, WalForms.compressedDir(segs, base.resolve("dir-" + codec), codec, false));
            }
        }
        f.put("dir of zstd under plain names", WalForms.compressedDir(segs, base.resolve("plainzst"), Codec.ZSTD,
                true));
        // pg_receivewal --compress: the newest segment still .partial (complete here)
        Path partial = WalForms.compressedDir(segs, base.resolve("partial"), Codec.LZ4, false);
        Path last = partial.resolve(segs.get(segs.size() - 1).getFileName() + ".lz4");
        Files.move(last, partial.resolve(last.getFileName() + ".partial"));
        f.put("dir with .lz4.partial", partial);

        f.put("pg_wal.tar", WalForms.tar(base.resolve("pg_wal.tar"), WalForms.members(segs, "", Codec.NONE, 0),
                Codec.NONE));
        f.put("pg_wal.tar shuffled", WalForms.tar(base.resolve("shuffled.tar"),
                WalForms.members(segs, "", Codec.NONE, 7), Codec.NONE));
        List<Member> baseTar = new ArrayList<>();
        baseTar.add(new Member("./PG_VERSION", "16\n".getBytes()));
        baseTar.add(new Member("./base/1/1259", new byte[40000]));
        baseTar.addAll(WalForms.members(segs, "./pg_wal/", Codec.NONE, 3));
        baseTar.add(new Member("./pg_wal/archive_status/" + segs.get(0).getFileName() + ".done", new byte[0]));
        f.put("base.tar with ./pg_wal/", WalForms.tar(base.resolve("base.tar"), baseTar, Codec.NONE));
        f.put("pg_wal.tar of .gz members", WalForms.tar(base.resolve("gzmembers.tar"),
                WalForms.members(segs, "pg_wal/", Codec.GZIP, 5), Codec.NONE));
        f.put("pg_wal.tar.gz", WalForms.tar(base.resolve("pg_wal.tar.gz"), WalForms.members(segs, "", Codec.NONE, 0),
                Codec.GZIP));
        f.put("pg_wal.tar.lz4 shuffled", WalForms.tar(base.resolve("pg_wal.tar.lz4"),
                WalForms.members(segs, "", Codec.NONE, 11), Codec.LZ4));
        f.put("pg_wal.tar.zst of .zst members", WalForms.tar(base.resolve("pg_wal.tar.zst"),
                WalForms.members(segs, "", Codec.ZSTD, 0), Codec.ZSTD));
        f.put("base.tar.bz2", WalForms.tar(base.resolve("base.tar.bz2"), baseTar, Codec.BZIP2));
        f.put("pg_wal.tar.xz", WalForms.tar(base.resolve("pg_wal.tar.xz"), WalForms.members(segs, "", Codec.NONE, 0),
                Codec.XZ));

        Path pgbr = WalForms.pgBackRest(segs, base.resolve("pgbackrest"), "demo", "15-1", Codec.LZ4);
        f.put("pgBackRest repository", pgbr);
        f.put("pgBackRest archive/", pgbr.resolve("archive"));
        f.put("pgBackRest stanza", pgbr.resolve("archive/demo"));
        f.put("pgBackRest archive id", pgbr.resolve("archive/demo/15-1"));
        f.put("WAL-G lzma", WalForms.walG(segs, base.resolve("walg-lzma"), Codec.LZMA));
        f.put("WAL-G zstd wal_005", WalForms.walG(segs, base.resolve("walg-zst"), Codec.ZSTD).resolve("wal_005"));
        Path barman = base.resolve("barman");
        WalForms.barman(segs, barman.resolve("pg"), Codec.GZIP);
        f.put("barman home", barman);
        f.put("barman server", barman.resolve("pg"));
        f.put("barman wals", barman.resolve("pg/wals"));
        // the backup directory pg_basebackup -Ft writes
        Path backup = base.resolve("backup");
        Files.createDirectories(backup);
        WalForms.tar(backup.resolve("base.tar.gz"), List.of(new Member("PG_VERSION", "16\n".getBytes())),
                Codec.GZIP);
        WalForms.tar(backup.resolve("pg_wal.tar.zst"), WalForms.members(segs, "", Codec.NONE, 0), Codec.ZSTD);
        f.put("pg_basebackup -Ft directory", backup);
        return f;
    }

    /**
     * WAL-G's brotli segments ({@code wal_005/<segment>.br}), made by the brotli tool itself (no Java encoder is
     * maintained): read as the plain directory, sequentially and in parallel; a truncated one is an input error
     * naming the file; a {@code .br} file that holds a plain segment is read as plain.
     */
    @ParameterizedTest
    @ValueSource(strings = {"15/vacuum_indexed", "18/pgbench_oltp"})
    void walGBrotliSegmentsReadAsThePlainDirectory(String name) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("sh", "-c", "command -v brotli").start()
                .waitFor() == 0, "the brotli tool is not installed (apt-get install brotli)");
        Capture c = TestData.capture(name);
        Path walg = tmp.resolve("walg-br").resolve("wal_005");
        Files.createDirectories(walg);
        for (Path seg : WalForms.segments(c.walDir())) {
            Process p = new ProcessBuilder("brotli", "-q", "5", "-c", seg.toString())
                    .redirectOutput(walg.resolve(seg.getFileName() + ".br").toFile()).start();
            assertEquals(0, p.waitFor(), "brotli " + seg);
        }
        assertArrayEquals(digest(c.walDir(), c), digest(walg.getParent(), c), name + ": WAL-G brotli");
        ParallelWalScanTest.Sums plainPar = parallel(c.walDir(), c, c.endLsn());
        ParallelWalScanTest.Sums par = parallel(walg, c, c.endLsn());
        assertEquals(plainPar.n, par.n);
        assertArrayEquals(plainPar.counts, par.counts);
        // a plain segment under a .br name: its page header says what it is
        Path plainNamed = tmp.resolve("plain-br");
        Files.createDirectories(plainNamed);
        for (Path seg : WalForms.segments(c.walDir())) {
            Files.copy(seg, plainNamed.resolve(seg.getFileName() + ".br"));
        }
        assertArrayEquals(digest(c.walDir(), c), digest(plainNamed, c), name + ": plain bytes named .br");
        // a truncated brotli segment: one input error naming it, no exception of another kind
        Path cut = tmp.resolve("cut-br");
        Files.createDirectories(cut);
        List<Path> brs;
        try (var l = Files.list(walg)) {
            brs = l.sorted().toList();
        }
        for (Path br : brs) {
            byte[] b = Files.readAllBytes(br);
            Files.write(cut.resolve(br.getFileName()), br.equals(brs.get(0)) ? java.util.Arrays.copyOf(b, b.length / 2)
                    : b);
        }
        RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                () -> digest(cut, c));
        assertTrue(e instanceof WalFormatException, e.toString());
        assertTrue(e.getMessage().contains(brs.get(0).getFileName().toString()), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"13/other_rmgrs", "15/vacuum_indexed", "16/vacuum_noindex", "18/pgbench_oltp",
            "19beta1/vacuum_noindex", "19beta3/vacuum_indexed"})
    void everyFormReadsTheRecordsOfThePlainDirectory(String name) throws IOException {
        Capture c = TestData.capture(name);
        long[] plain = digest(c.walDir(), c);
        assertTrue(plain[0] > 0, name);
        ParallelWalScanTest.Sums plainPar = parallel(c.walDir(), c, c.endLsn());
        ParallelWalScanTest.Sums plainToEnd = parallel(c.walDir(), c, 0);
        for (Map.Entry<String, Path> form : forms(c).entrySet()) {
            String what = name + ": " + form.getKey();
            assertArrayEquals(plain, digest(form.getValue(), c), what);
            ParallelWalScanTest.Sums par = parallel(form.getValue(), c, c.endLsn());
            assertEquals(plainPar.n, par.n, what);
            assertEquals(plainPar.bytes, par.bytes, what);
            assertArrayEquals(plainPar.counts, par.counts, what);
            assertEquals(plainToEnd.n, parallel(form.getValue(), c, 0).n, what + " (to the end of WAL)");
        }
    }

    @Test
    void twelveSegmentsInAnyOrderInsideArchives() throws IOException {
        Capture c = TestData.capture("16/vacuum_indexed_multipass");
        List<Path> segs = WalForms.segments(c.walDir());
        assertEquals(12, segs.size());
        long[] plain = digest(c.walDir(), c);
        ParallelWalScanTest.Sums plainPar = parallel(c.walDir(), c, 0);
        for (Codec archive : List.of(Codec.NONE, Codec.GZIP, Codec.LZ4)) {
            for (Codec member : List.of(Codec.NONE, Codec.ZSTD)) {
                Path tar = WalForms.tar(tmp.resolve("m" + member.suffix() + ".tar" + archive.suffix()),
                        WalForms.members(segs, "pg_wal/", member, 13), archive);
                assertArrayEquals(plain, digest(tar, c), tar.toString());
                assertEquals(plainPar.n, parallel(tar, c, 0).n, tar.toString());
            }
        }
    }

    /**
     * lz4 frames with linked blocks (PostgreSQL's pg_receivewal and pg_basebackup write them; lz4-java's frame
     * reader cannot) are decoded by commons-compress.
     */
    @Test
    void lz4FramesWithLinkedBlocksAsPostgreSQLWritesThem() throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        List<Path> segs = WalForms.segments(c.walDir());
        long[] plain = digest(c.walDir(), c);
        assertArrayEquals(plain, digest(WalForms.compressedDir(segs, tmp.resolve("linked"), Codec.LZ4_LINKED,
                false), c));
        assertArrayEquals(plain, digest(WalForms.tar(tmp.resolve("linked.tar.lz4"), WalForms.members(segs, "",
                Codec.NONE, 0), Codec.LZ4_LINKED), c));
    }

    @Test
    void sixteenMegabyteSegmentsInCompressedFormsAndArchives() throws IOException {
        Capture c = TestData.capture("17/hot_updates_seg16");
        List<Path> segs = WalForms.segments(c.walDir());
        long[] plain = digest(c.walDir(), c);
        assertArrayEquals(plain, digest(WalForms.compressedDir(segs, tmp.resolve("zst"), Codec.ZSTD, false), c));
        assertArrayEquals(plain, digest(WalForms.tar(tmp.resolve("w.tar"), WalForms.members(segs, "pg_wal/",
                Codec.NONE, 0), Codec.NONE), c));
        assertArrayEquals(plain, digest(WalForms.tar(tmp.resolve("w.tar.lz4"), WalForms.members(segs, "",
                Codec.GZIP, 0), Codec.LZ4), c));
    }

    @Test
    void sourcesNameTheLayoutTheyFound() throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        Map<String, Path> f = forms(c);
        assertTrue(firstNotice(f.get("pgBackRest repository")).startsWith("pgBackRest stanza demo in "));
        assertTrue(firstNotice(f.get("WAL-G lzma")).startsWith("WAL-G storage "));
        assertTrue(firstNotice(f.get("barman home")).startsWith("barman server directory "));
        assertTrue(firstNotice(f.get("barman wals")).startsWith("barman WAL archive "));
        assertEquals("lz4-compressed tar archive pg_wal.tar.lz4: 3 WAL segment member(s) of timeline 1 (read front "
                + "to back, on one thread)", firstNotice(f.get("pg_wal.tar.lz4 shuffled")));
        assertEquals("tar archive base.tar: 3 WAL segment member(s) of timeline 1",
                firstNotice(f.get("base.tar with ./pg_wal/")));
        try (ForkableSource s = WalSources.open(f.get("pg_wal.tar.gz"), 0)) {
            assertFalse(s.randomAccess(), "a compressed archive is read on one thread");
        }
        try (ForkableSource s = WalSources.open(f.get("pg_wal.tar"), 0)) {
            assertTrue(s.randomAccess());
        }
        try (ForkableSource s = WalSources.open(f.get("dir with .lz4.partial"), 0)) {
            assertTrue(s.notices().stream().anyMatch(n -> n.toString().endsWith(".lz4.partial is a partial segment: its WAL "
                    + "is read up to where it ends")), s.notices().toString());
        }
    }

    private static String firstNotice(Path p) {
        try (ForkableSource s = WalSources.open(p, 0)) {
            return s.notices().get(0).toString();
        }
    }

    /**
     * pg_receivewal pads a plain {@code .partial} segment with zeros but writes a compressed one only up to where
     * it stopped: both read as never-written WAL past their end, like the zero-padded plain segment.
     */
    @Test
    void partialSegmentEndingEarlyReadsAsNeverWrittenPastItsEnd() throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        List<Path> segs = WalForms.segments(c.walDir());
        Path lastSeg = segs.get(segs.size() - 1);
        String last = lastSeg.getFileName().toString();
        // pg_receivewal stops at a flush position, the end of a record: cut the last segment at the first record end
        // past 300000 bytes
        long segStart = c.segmentSize() * (long) (segs.size() - 1) + firstSegno(c) * c.segmentSize();
        int cut = 0;
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Optional.empty())) {
            RecordView v;
            while ((v = r.nextView()) != null && cut == 0) {
                long end = r.endOfLastRecord();
                if (end - segStart > 300_000) {
                    cut = (int) (end - segStart);
                }
            }
        }
        assertTrue(cut > 300_000 && cut < c.segmentSize(), "cut " + cut);
        byte[] written = java.util.Arrays.copyOf(Files.readAllBytes(lastSeg), cut);
        Path padded = Files.createDirectories(tmp.resolve("padded"));
        Path gz = Files.createDirectories(tmp.resolve("gz"));
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        for (Path p : segs.subList(0, segs.size() - 1)) {
            for (Path d : List.of(padded, gz, plain)) {
                Files.copy(p, d.resolve(p.getFileName()));
            }
        }
        Files.write(padded.resolve(last + ".partial"), java.util.Arrays.copyOf(written, 1 << 20));
        Files.write(gz.resolve(last + ".gz.partial"), Codec.GZIP.compress(written));
        Files.write(plain.resolve(last + ".partial"), written);
        Path tar = WalForms.tar(tmp.resolve("partial.tar.zst"), List.of(
                new Member(segs.get(0).getFileName().toString(), Files.readAllBytes(segs.get(0))),
                new Member(segs.get(1).getFileName().toString(), Files.readAllBytes(segs.get(1))),
                new Member(last + ".lz4.partial", Codec.LZ4.compress(written))), Codec.ZSTD);
        long[] expected = digestToEnd(padded, c);
        assertTrue(expected[0] > 0 && expected[0] < digestToEnd(c.walDir(), c)[0], "the cut loses records");
        assertArrayEquals(expected, digestToEnd(gz, c));
        assertArrayEquals(expected, digestToEnd(plain, c));
        assertArrayEquals(expected, digestToEnd(tar, c));
        try (WalReader r = WalSources.reader(gz, Lsn.bound(c.startLsn()), Optional.empty())) {
            while (r.nextView() != null) {
                // read to the end
            }
            assertTrue(r.endNote() != null && r.endNote().toString().startsWith("end of WAL at 0/00A"),
                    String.valueOf(r.endNote()));
        }
    }

    private static long firstSegno(Capture c) {
        try (ForkableSource s = WalSources.open(c.walDir(), 0)) {
            return s.firstSegment();
        }
    }

    private static long[] digestToEnd(Path path, Capture c) {
        long n = 0;
        long h = 0;
        try (WalReader r = WalSources.reader(path, Lsn.bound(c.startLsn()), Optional.empty())) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                n++;
                h = h * 31 + v.lsn() * 7 + v.totalLength() + v.fpiLength();
            }
        }
        return new long[] {n, h};
    }

    @Test
    void pgBackRestReadsTheNewestArchiveAndSaysWhichOthersExist() throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        List<Path> segs = WalForms.segments(c.walDir());
        Path repo = WalForms.pgBackRest(segs, tmp.resolve("repo"), "main", "15-2", Codec.ZSTD);
        // an older cluster's archive (before a stanza-upgrade): junk that must not be read
        Path old = repo.resolve("archive/main/13-1/0000000100000000");
        Files.createDirectories(old);
        Files.write(old.resolve(segs.get(0).getFileName() + "-" + "0".repeat(40) + ".gz"), new byte[100]);
        assertArrayEquals(digest(c.walDir(), c), digest(repo, c));
        assertEquals("pgBackRest stanza main in " + repo.resolve("archive/main") + ": reading archive 15-2 (the "
                + "newest; also there: 13-1: point -p at one to read it) (1 <16 hex> directory)", firstNotice(repo));
    }

    @Test
    void severalTimelinesReadTimelineOneAsPgWaldumpUnlessTold() throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        List<Path> segs = WalForms.segments(c.walDir());
        Path wals = WalForms.barman(segs, tmp.resolve("pg"), Codec.GZIP).resolve("wals");
        // a promotion's newer timeline (names only: this source is not read here)
        Path tl2 = Files.createDirectories(wals.resolve("0000000200000000"));
        Files.copy(segs.get(2), tl2.resolve("00000002" + segs.get(2).getFileName().toString().substring(8)));
        try (ForkableSource s = WalSources.open(tmp.resolve("pg"), 0)) {
            assertEquals(1, s.timeline());
            assertEquals("segments of timelines 1, 2 are here: reading timeline 1, pg_waldump's default (-t chooses "
                    + "another)", s.notices().get(1).toString());
        }
        try (ForkableSource s = WalSources.open(tmp.resolve("pg"), 2)) {
            assertEquals(2, s.timeline());
            assertEquals(s.firstSegment(), s.nextSegment(-1));
            assertEquals(-1, s.nextSegment(s.firstSegment()));
        }
    }

    @Test
    void severalStanzasOrServersAreTheUsersChoice() throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        List<Path> segs = WalForms.segments(c.walDir());
        Path repo = tmp.resolve("repo");
        WalForms.pgBackRest(segs, repo, "a", "15-1", Codec.GZIP);
        WalForms.pgBackRest(segs, repo, "b", "15-1", Codec.GZIP);
        WalInputException e = assertThrows(WalInputException.class, () -> WalSources.open(repo, 0));
        assertEquals("pgBackRest repository " + repo.resolve("archive") + " has several stanzas (a, b): point -p at "
                + repo.resolve("archive").resolve("<stanza>"), e.getMessage());
        Path home = tmp.resolve("barman");
        WalForms.barman(segs, home.resolve("one"), Codec.NONE);
        WalForms.barman(segs, home.resolve("two"), Codec.NONE);
        e = assertThrows(WalInputException.class, () -> WalSources.open(home, 0));
        assertEquals("barman home " + home + " has several servers (one, two): point -p at one of them",
                e.getMessage());
    }

    @Test
    void tarMemberShorterThanASegmentIsTruncated() throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        List<Path> segs = WalForms.segments(c.walDir());
        List<Member> ms = new ArrayList<>(WalForms.members(segs, "pg_wal/", Codec.NONE, 0));
        Member second = ms.get(1);
        ms.set(1, new Member(second.name(), java.util.Arrays.copyOf(second.data(), 600_000)));
        for (Codec archive : List.of(Codec.NONE, Codec.GZIP)) {
            Path tar = WalForms.tar(tmp.resolve("short.tar" + archive.suffix()), ms, archive);
            TruncatedWalException e = assertThrows(TruncatedWalException.class, () -> digest(tar, c));
            assertEquals(tar.getFileName() + ":" + second.name(), e.file());
            assertTrue(e.getMessage().startsWith("truncated WAL segment: 600000 bytes (expected: 1048576) at LSN "),
                    e.getMessage());
        }
    }

    @Test
    void compressedTarMemberInflatingPastTheSegmentIsOversized() throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        List<Path> segs = WalForms.segments(c.walDir());
        List<Member> ms = new ArrayList<>(WalForms.members(segs, "", Codec.NONE, 0));
        byte[] seg = Files.readAllBytes(segs.get(0));
        byte[] doubled = new byte[seg.length * 2];
        System.arraycopy(seg, 0, doubled, 0, seg.length);
        System.arraycopy(seg, 0, doubled, seg.length, seg.length);
        String name = segs.get(0).getFileName() + ".zst";
        ms.set(0, new Member(name, Codec.ZSTD.compress(doubled)));
        for (Codec archive : List.of(Codec.NONE, Codec.ZSTD)) {
            Path tar = WalForms.tar(tmp.resolve("long.tar" + archive.suffix()), ms, archive);
            WalFormatException e = assertThrows(WalFormatException.class, () -> digest(tar, c));
            assertFalse(e instanceof TruncatedWalException);
            assertEquals(tar.getFileName() + ":" + name, e.file());
            assertEquals("oversized WAL segment: zstd data inflates to 2097152 bytes (expected: 1048576) at "
                    + "LSN 0/00900000 in " + tar.getFileName() + ":" + name + " offset 0x100000", e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"GZIP", "LZ4", "ZSTD", "BZIP2", "XZ", "LZMA", "LZ4_LINKED"})
    void cutCompressedSegmentIsTruncatedAndCorruptOneIsInvalid(String codecName) throws IOException {
        Codec codec = Codec.valueOf(codecName);
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        List<Path> segs = WalForms.segments(c.walDir());
        Path dir = WalForms.compressedDir(segs, tmp.resolve("cut"), codec, false);
        Path second = dir.resolve(segs.get(1).getFileName() + codec.suffix());
        byte[] stored = Files.readAllBytes(second);
        Files.write(second, java.util.Arrays.copyOf(stored, stored.length / 2));
        TruncatedWalException t = assertThrows(TruncatedWalException.class, () -> digest(dir, c));
        assertEquals(second.getFileName().toString(), t.file());
        assertTrue(t.getMessage().startsWith("the ") && t.getMessage().contains(" stream ends early: after "),
                t.getMessage());

        byte[] corrupt = stored.clone();
        for (int i = 64; i < corrupt.length; i += 499) {
            corrupt[i] ^= 0x5A;
        }
        Files.write(second, corrupt);
        WalFormatException e = assertThrows(WalFormatException.class, () -> digest(dir, c));
        assertEquals(second.getFileName().toString(), e.file(), e.getMessage());
    }

    @Test
    void cutTarArchiveIsTruncated() throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        List<Path> segs = WalForms.segments(c.walDir());
        for (Codec archive : List.of(Codec.NONE, Codec.GZIP, Codec.ZSTD)) {
            Path tar = WalForms.tar(tmp.resolve("cut.tar" + archive.suffix()),
                    WalForms.members(segs, "", Codec.NONE, 0), archive);
            byte[] b = Files.readAllBytes(tar);
            Files.write(tar, java.util.Arrays.copyOf(b, b.length / 2));
            TruncatedWalException e = assertThrows(TruncatedWalException.class, () -> WalSources.open(tar, 0));
            assertTrue(e.getMessage().startsWith("truncated tar archive " + tar.getFileName() + ": "),
                    e.getMessage());
        }
    }

    @Test
    void fileThatIsNeitherSegmentNorTarIsRejected() throws IOException {
        Path f = Files.writeString(tmp.resolve("notes.txt"), "hello");
        WalFormatException e = assertThrows(WalFormatException.class, () -> WalSources.open(f, 0));
        assertEquals("not a WAL segment file name, nor a tar archive: " + f, e.getMessage());
        Path emptyTar = WalForms.tar(tmp.resolve("empty.tar"), List.of(new Member("x", new byte[3])), Codec.NONE);
        e = assertThrows(WalFormatException.class, () -> WalSources.open(emptyTar, 0));
        assertInstanceOf(WalInputException.class, e);
        assertEquals("no WAL segment files of timeline 1 in tar archive " + emptyTar, e.getMessage());
    }

    @Test
    void storedNamesOfEveryArchiver() {
        String seg = "000000010000000A000000FE";
        assertEquals(new StoredSegmentName(seg, false, Compression.NONE), StoredSegmentName.parse(seg));
        assertEquals(new StoredSegmentName(seg, false, Compression.ZSTD), StoredSegmentName.parse(seg + ".zst"));
        assertEquals(new StoredSegmentName(seg, true, Compression.LZ4), StoredSegmentName.parse(seg + ".lz4.partial"));
        assertEquals(new StoredSegmentName(seg, true, Compression.NONE), StoredSegmentName.parse(seg + ".partial"));
        String sha = "0123456789abcdef0123456789abcdef01234567";
        assertEquals(new StoredSegmentName(seg, false, Compression.GZIP),
                StoredSegmentName.parse(seg + "-" + sha + ".gz"));
        assertEquals(new StoredSegmentName(seg, false, Compression.NONE), StoredSegmentName.parse(seg + "-" + sha));
        assertEquals(new StoredSegmentName(seg, true, Compression.BZIP2),
                StoredSegmentName.parse(seg + ".partial-" + sha + ".bz2"));
        assertEquals(new StoredSegmentName(seg, false, Compression.LZMA), StoredSegmentName.parse(seg + ".lzma"));
        assertEquals(null, StoredSegmentName.parse(seg + ".history"));
        assertEquals(null, StoredSegmentName.parse("00000002.history"));
        assertEquals(null, StoredSegmentName.parse(seg + ".00000028.backup"));
        assertEquals(new StoredSegmentName(seg, false, Compression.BROTLI), StoredSegmentName.parse(seg + ".br"));
    }
}
