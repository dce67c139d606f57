package org.walprism.codec.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.testdata.PgWaldump;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.RelFileLocator;

/**
 * Segments written by {@link WalWriter} are read by the real pg_waldump of the same major with no error,
 * and its {@code --stats=record} table and per-record lines equal what was written.
 *
 * <p>pg_waldump is looked up at the path in the system property / environment variable
 * {@code walprism.pg_waldump.N} / {@code WALPRISM_PG_WALDUMP_N}, else at {@code /usr/lib/postgresql/N/bin/pg_waldump}
 * (Debian package postgresql-N) and in the capture tool's cache (13/18 built from Debian's sources, 14/16/17
 * Ubuntu's binaries) ({@code $WALPRISM_CACHE},
 * {@code /var/cache/walprism} or {@code ~/.cache/walprism}, then {@code waldump/N/pg_waldump}); a test whose
 * binary is absent is skipped with a message saying so.
 */
class PgWaldumpAcceptanceTest {
    private static final int MIB = 1024 * 1024;
    private static final RelFileLocator REL = new RelFileLocator(1663, 5, 16391);
    private static final RelFileLocator CATALOG = new RelFileLocator(1663, 5, 1259);

    @TempDir
    Path dir;

    /** What was written: start LSN, pg_waldump's "rmgr/TYPE" name, xl_tot_len and FPI length. */
    record Written(long lsn, String name, int total, int fpi) {
    }

    static Path waldump(int major) {
        Optional<Path> bin = PgWaldump.find(major);
        assumeTrue(bin.isPresent(), "pg_waldump " + major + " not found at " + PgWaldump.candidates(major)
                + " (install Debian package postgresql-" + major + ", build it with testdata/capture, or set "
                + "-Dwalprism.pg_waldump." + major + "=PATH)");
        return bin.get();
    }

    @Test
    void pgWaldump15ReadsWrittenSegments() throws Exception {
        check(WalVersion.PG15, waldump(15), MIB);
    }

    @Test
    void pgWaldump15ReadsWrittenSegmentsOf64MiB() throws Exception {
        check(WalVersion.PG15, waldump(15), 64 * MIB);
    }

    @Test
    void pgWaldump13ReadsWrittenSegments() throws Exception {
        check(WalVersion.PG13, waldump(13), MIB);
    }

    @Test
    void pgWaldump18ReadsWrittenSegments() throws Exception {
        check(WalVersion.PG18, waldump(18), MIB);
    }

    /** pg_waldump 19 (19rc1): Debian experimental's package (testdata/capture/prereqs.sh --sid). */
    @Test
    void pgWaldump19ReadsWrittenSegments() throws Exception {
        check(WalVersion.PG19, waldump(19), MIB);
    }

    /** pg_waldump 14, 16 and 17: Ubuntu's packages (testdata/capture/prereqs.sh --waldump 14/16/17). */
    @Test
    void pgWaldump14ReadsWrittenSegments() throws Exception {
        check(WalVersion.PG14, waldump(14), MIB);
    }

    @Test
    void pgWaldump16ReadsWrittenSegments() throws Exception {
        check(WalVersion.PG16, waldump(16), MIB);
    }

    @Test
    void pgWaldump17ReadsWrittenSegments() throws Exception {
        check(WalVersion.PG17, waldump(17), MIB);
    }

    /** A standard heap page: pd_lower 40, pd_upper 7800, the rest a pattern. */
    static byte[] heapPage(int seed) {
        byte[] page = new byte[BlockImage.BLCKSZ];
        for (int i = 0; i < page.length; i++) {
            page[i] = (byte) (i * 7 + seed);
        }
        page[12] = 40;                      // pd_lower = 40
        page[13] = 0;
        page[14] = (byte) (7800 & 0xFF);    // pd_upper = 7800
        page[15] = (byte) (7800 >> 8);
        return page;
    }

    private static byte[] bytes(int len, int seed) {
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) {
            b[i] = (byte) (i * 13 + seed);
        }
        return b;
    }

    private static final class Log {
        final WalWriter w;
        final List<Written> written = new ArrayList<>();

        Log(WalWriter w) {
            this.w = w;
        }

        void add(String name, byte[] rec) {
            add(name, rec, 0);
        }

        /** Appends {@code rec}, which carries {@code fpi} bytes of stored images. */
        void add(String name, byte[] rec, int fpi) {
            long lsn = w.append(rec);
            if (lsn != -1) {
                written.add(new Written(lsn, name, rec.length, fpi));
            }
        }
    }

    private void check(WalVersion v, Path bin, int segSize) throws Exception {
        Log log;
        try (WalWriter w = WalWriter.create(dir, WalWriter.options(v).segmentSize(segSize).systemId(0x6B0C7ACE82F4912EL))) {
            log = new Log(w);
            boolean topxid = org.walprism.codec.record.RecordView.hasToplevelXid(v);
            for (int round = 0; round < 40; round++) {
                log.add("XLOG/NOOP", RecordBuilder.of(v, 0, 0x20).mainData(bytes(10 + round * 97, round)).build());
                log.add("XLOG/NOOP", RecordBuilder.of(v, 0, 0x20).xid(700 + round).origin(3).build());
                if (topxid) {
                    log.add("XLOG/NOOP", RecordBuilder.of(v, 0, 0x20).xid(800 + round).toplevelXid(799)
                            .mainData(bytes(300, round)).build());
                }
                log.add("XLOG/NEXTOID", RecordBuilder.of(v, 0, 0x30).mainData(new byte[] {0, 0x40, 0, 0}).build());
                BlockImage holed = RecordBuilder.pageImage(v, heapPage(round), true, true);
                BlockImage whole = RecordBuilder.pageImage(v, heapPage(round + 1), false, true);
                log.add("XLOG/FPI", RecordBuilder.of(v, 0, 0xB0)
                        .block(0, REL, 0, round, false, holed, new byte[0])
                        .block(1, REL, 0, round + 1000, false, whole, new byte[0])
                        .block(2, CATALOG, 1, 2, false, whole, new byte[0]).build(),
                        holed.bytes().length + 2 * whole.bytes().length);
                log.add("XLOG/FPI_FOR_HINT", RecordBuilder.of(v, 0, 0xA0)
                        .block(0, REL, 1, round, false, whole, new byte[0]).build(), whole.bytes().length);
                // xl_heap_visible => cutoff xid / snapshotConflictHorizon: uint32, flags: uint8;
                // block 0 the VM page, block 1 the heap page (same relation, so SAME_REL)
                if ("VISIBLE".equals(org.walprism.codec.rmgr.RmgrTable.recordTypeName(v, 9, 0x40))) {
                    log.add("Heap2/VISIBLE", RecordBuilder.of(v, 9, 0x40)
                            .block(0, REL, 2, 0, false, new byte[0])
                            .block(1, REL, 0, round, false, new byte[0])
                            .mainData(new byte[] {(byte) 0xB8, 2, 0, 0, 3}).build());
                } else {
                    // 19 has no VISIBLE (its prune record carries the VM bits): xl_heap_new_cid => top_xid, cmin,
                    // cmax, combocid: uint32; target_locator: 3 x uint32; target_tid: 6 bytes (34 bytes, no block)
                    log.add("Heap2/NEW_CID", RecordBuilder.of(v, 9, 0x70).xid(900 + round)
                            .mainData(bytes(34, round)).build());
                }
                if (round % 10 == 9) {
                    log.add("XLOG/NOOP", RecordBuilder.of(v, 0, 0x20).mainData(bytes(segSize + 5000, round)).build());
                    log.add("XLOG/SWITCH", RecordBuilder.of(v, 0, 0x40).build());
                }
            }
            log.add("XLOG/NOOP", RecordBuilder.of(v, 0, 0x20).mainData(bytes(20, 1)).build());
        }
        long start = log.written.get(0).lsn();
        long end = log.w.endLsn();

        // per-record lines: lsn and len (rec/tot) of every record, in order
        Result plain = run(bin, "-p", dir.toString(), "-s", Lsn.format(start, false), "-e", Lsn.format(end, false));
        assertEquals("", plain.err, "pg_waldump stderr");
        assertEquals(0, plain.exit, "pg_waldump exit status");
        List<String> lines = plain.out.lines().toList();
        assertEquals(log.written.size(), lines.size());
        Pattern line = Pattern.compile("^rmgr: (\\S+)\\s+len \\(rec/tot\\):\\s+(\\d+)/\\s*(\\d+), tx:\\s+\\d+, lsn: (\\S+), prev (\\S+), desc: (\\S+).*");
        for (int i = 0; i < lines.size(); i++) {
            Written wr = log.written.get(i);
            Matcher m = line.matcher(lines.get(i));
            assertEquals(true, m.matches(), lines.get(i));
            assertEquals(wr.name(), m.group(1) + "/" + m.group(6), lines.get(i));
            assertEquals(wr.total() - wr.fpi(), Integer.parseInt(m.group(2)), lines.get(i));
            assertEquals(wr.total(), Integer.parseInt(m.group(3)), lines.get(i));
            assertEquals(Lsn.format(wr.lsn(), true), m.group(4), lines.get(i));
            assertEquals(Lsn.format(i == 0 ? 0 : log.written.get(i - 1).lsn(), true), m.group(5), lines.get(i));
        }

        // --stats=record: N, record size and FPI size per type
        Result stats = run(bin, "-p", dir.toString(), "-s", Lsn.format(start, false), "-e", Lsn.format(end, false),
                "--stats=record");
        assertEquals("", stats.err, "pg_waldump --stats=record stderr");
        assertEquals(0, stats.exit);
        Map<String, List<Long>> expected = new TreeMap<>();
        for (Written wr : log.written) {
            List<Long> row = expected.computeIfAbsent(wr.name(), k -> new ArrayList<>(List.of(0L, 0L, 0L)));
            row.set(0, row.get(0) + 1);
            row.set(1, row.get(1) + wr.total() - wr.fpi());
            row.set(2, row.get(2) + wr.fpi());
        }
        Pattern row = Pattern.compile("^(\\S+/\\S+)\\s+(\\d+) \\(\\s*[\\d.]+\\)\\s+(\\d+) \\(\\s*[\\d.]+\\)\\s+(\\d+) \\(.*");
        Map<String, List<Long>> actual = new TreeMap<>();
        for (String l : stats.out.lines().toList()) {
            Matcher m = row.matcher(l);
            if (m.matches()) {
                actual.put(m.group(1), List.of(Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                        Long.parseLong(m.group(4))));
            }
        }
        assertEquals(expected, actual, stats.out);

        // read to the end without -e: the only complaint is the zeroed space after the last record
        Result all = run(bin, "-p", dir.toString(), "-s", Lsn.format(start, false), "--stats");
        long zeroAt = (end + 7) & ~7L;
        String where = Lsn.format(zeroAt, v.atLeast(WalVersion.PG19_BETA1)); // 19's messages pad %X/%08X
        assertEquals(true, all.err.contains("invalid record length at " + where), all.err);
    }

    record Result(int exit, String out, String err) {
    }

    private static Result run(Path bin, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(bin.toString());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("pg_waldump did not finish");
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }
}
