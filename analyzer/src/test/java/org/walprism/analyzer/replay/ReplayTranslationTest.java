package org.walprism.analyzer.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.analyzer.desc.RecordCheck;
import org.walprism.analyzer.generate.PlanEncoder;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.testdata.Capture;
import org.walprism.testdata.PgWaldump;
import org.walprism.testdata.TestData;

/**
 * Every corpus capture replayed into every major holds records of the target's layout: each one passes the checks
 * {@code dump} makes ({@link RecordCheck}), and the stream written as segments is read by the real pg_waldump of the
 * target major, every record printed with its desc, without an error. A replay that cannot be made faithfully
 * fails with one message naming the record's LSN and segment file; the only such cases in the corpus are named here.
 */
class ReplayTranslationTest {
    /** The replays that must fail, and why: what the target major cannot hold. */
    private static final List<Pattern> EXPECTED_FAILURES = List.of(
            // 13 and 14 have no lz4 or zstd image compression (xlogrecord.h BKPIMAGE_COMPRESS_*, 15+)
            Pattern.compile("(lz4|zstd) image compression does not exist in PostgreSQL 1[34] at LSN \\S+ in [0-9A-F]{24} "
                    + "offset 0x[0-9A-F]+"),
            // a bottom-up deletion (14+) that shrinks posting lists has no 13 xl_btree_delete form
            Pattern.compile("cannot translate Btree/DELETE from PostgreSQL (1[4-9]|master) to 13: \\d+ posting-list "
                    + "updates \\(13 deletes whole index tuples only\\) at LSN \\S+ in [0-9A-F]{24} offset 0x[0-9A-F]+"),
            // 19's xl_multixact_truncate logs the new oldest multixact and offset only; 13-18 log both ends of the
            // truncated ranges (access/multixact.h)
            Pattern.compile("cannot translate MultiXact/TRUNCATE_ID from PostgreSQL 19 to 1[3-8]: 19 does not log the start"
                    + " of the truncated ranges that 13-18 log at LSN \\S+ in [0-9A-F]{24} offset 0x[0-9A-F]+"));

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"13", "14", "15", "16", "17", "18", "19", "19beta1", "19beta3"})
    void everyCaptureReplayedIntoTheMajorIsValidThere(String label) throws Exception {
        WalVersion target = WalVersion.fromLabel(label);
        Path waldump = waldump(target);
        List<String> problems = new ArrayList<>();
        int replays = 0;
        int dumped = 0;
        for (Capture c : TestData.captures()) {
            Replayer.Result r;
            try {
                r = Replayer.replay(c.storedDir().resolve("wal"), c.startLsn(), c.endLsn(), target);
            } catch (WalFormatException e) {
                if (EXPECTED_FAILURES.stream().noneMatch(p -> p.matcher(e.getMessage()).matches())) {
                    problems.add(c.name() + ": unexpected failure: " + e.getMessage());
                }
                continue;
            }
            replays++;
            RecordCheck check = new RecordCheck();
            for (PlanEncoder.Encoded e : r.after()) {
                try {
                    check.check(RecordView.of(target, e.bytes(), 0x1000000L));
                } catch (WalFormatException ex) {
                    problems.add(c.name() + ": " + RmgrTable.name(target, e.rmid()) + " info 0x"
                            + Integer.toHexString(e.info()) + ": " + ex.getMessage());
                    break;
                }
            }
            if (waldump != null && !r.after().isEmpty()) {
                Path dir = Files.createDirectories(tmp.resolve(c.name().replace('/', '_') + "-" + label));
                long end = ReplayDiff.write(r, dir);
                // the stream is written in the source's timeline (2 for a promoted server's range)
                PgWaldump.Run run = run(waldump, "-p", dir.toString(), "-t", String.valueOf(r.timeline()), "-s",
                        Lsn.format(r.firstLsn(), false), "-e", Lsn.format(end, false));
                long lines = run.out().lines().count();
                if (run.exit() != 0 || !run.err().isEmpty() || lines != r.after().size()) {
                    problems.add(c.name() + ": pg_waldump " + label + " exit " + run.exit() + ", " + lines + " of "
                            + r.after().size() + " records: " + run.err().lines().findFirst().orElse(""));
                }
                dumped++;
                deleteAll(dir);
            }
        }
        assertEquals(List.of(), problems, "replayed into " + label);
        assertTrue(replays >= 60, "replays: " + replays);
        System.out.println("replayed into " + label + ": " + replays + " captures, " + dumped + " read by pg_waldump");
    }

    /** Records of one fixed main-data size and no block: their translated size must be the real target's. */
    private static final java.util.Set<String> FIXED = java.util.Set.of("XLOG/CHECKPOINT_ONLINE",
            "XLOG/CHECKPOINT_SHUTDOWN", "XLOG/CHECKPOINT_REDO", "CLOG/ZEROPAGE", "CLOG/TRUNCATE", "CommitTs/ZEROPAGE",
            "CommitTs/TRUNCATE", "MultiXact/ZERO_OFF_PAGE", "MultiXact/ZERO_MEM_PAGE", "MultiXact/TRUNCATE_ID",
            "Btree/REUSE_PAGE", "Gist/PAGE_REUSE", "Database/DROP", "XLOG/END_OF_RECOVERY");

    /**
     * The capture wins: for each workload captured by two majors, the records of fixed size that the source
     * replayed into the other major holds have exactly the sizes ({@code xl_tot_len}) the other major's real capture
     * has for the same record types; and a record type the real capture never has does not appear.
     */
    @org.junit.jupiter.api.Test
    void translatedFixedSizeRecordsHaveTheSizesOfTheRealTargetCapture() {
        List<String> problems = new ArrayList<>();
        int compared = 0;
        java.util.Map<String, java.util.Map<String, java.util.Set<Integer>>> real0 = new java.util.HashMap<>();
        for (Capture src : TestData.captures()) {
            for (Capture real : TestData.captures()) {
                if (real.versionLabel().equals(src.versionLabel()) || !real.workload().equals(src.workload())
                        || real.name().equals(src.name()) || !real.name().endsWith("/" + src.workload())
                        || !src.name().endsWith("/" + src.workload())) {
                    continue;
                }
                WalVersion to = WalVersion.fromLabel(real.versionLabel());
                java.util.Map<String, java.util.Set<Integer>> want = real0.computeIfAbsent(real.name(), n -> sizes(to,
                        Replayer.replay(real.storedDir().resolve("wal"), real.startLsn(), real.endLsn(), to).before()));
                java.util.Map<String, java.util.Set<Integer>> got;
                try {
                    got = sizes(to, Replayer.replay(src.storedDir().resolve("wal"), src.startLsn(), src.endLsn(),
                            to).after());
                } catch (WalFormatException e) {
                    continue; // an expected failure (everyCaptureReplayedIntoTheMajorIsValidThere)
                }
                for (var e : got.entrySet()) {
                    java.util.Set<Integer> w = want.get(e.getKey());
                    if (w != null && !w.containsAll(e.getValue())) {
                        problems.add(src.name() + " as " + real.versionLabel() + ": " + e.getKey() + " sizes "
                                + e.getValue() + ", real " + real.name() + " has " + w);
                    }
                    if (w != null) {
                        compared++;
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(compared >= 100, "compared: " + compared);
        System.out.println("fixed-size record types compared with real target captures: " + compared);
    }

    /**
     * The fields a source does not log are the ones the real target logged for the same workload: for each capture
     * folder captured by two majors, the {@code wal_level} (17+) and data checksum state (19+) in the replayed
     * checkpoints and CHECKPOINT_REDO records are those of the real target capture's.
     */
    @org.junit.jupiter.api.Test
    void derivedCheckpointFieldsAreThoseOfTheRealTargetCapture() {
        List<String> problems = new ArrayList<>();
        int compared = 0;
        for (Capture real : TestData.captures()) {
            WalVersion to = WalVersion.fromLabel(real.versionLabel());
            if (!to.atLeast(WalVersion.PG17)) {
                continue;
            }
            String folder = real.name().substring(real.name().indexOf('/') + 1);
            java.util.Set<String> want = checkpointFields(to, Replayer.replay(real.storedDir().resolve("wal"),
                    real.startLsn(), real.endLsn(), to).before());
            for (Capture src : TestData.captures()) {
                if (src.versionLabel().equals(real.versionLabel()) || !src.name().endsWith("/" + folder)) {
                    continue;
                }
                java.util.Set<String> got;
                try {
                    got = checkpointFields(to, Replayer.replay(src.storedDir().resolve("wal"), src.startLsn(),
                            src.endLsn(), to).after());
                } catch (WalFormatException e) {
                    continue;
                }
                if (got.isEmpty() || want.isEmpty()) {
                    continue;
                }
                compared++;
                if (!want.containsAll(got)) {
                    problems.add(src.name() + " as " + real.versionLabel() + ": " + got + ", real " + real.name()
                            + ": " + want);
                }
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(compared >= 20, "compared: " + compared);
        System.out.println("checkpoint wal_level / checksum state compared with real target captures: " + compared);
    }

    /**
     * {@code wal_level=N} of the checkpoint and CHECKPOINT_REDO records, 19's logicalDecodingEnabled, and the checksum
     * state the 19 pre-releases log in both.
     */
    private static java.util.Set<String> checkpointFields(WalVersion v, List<PlanEncoder.Encoded> records) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        boolean wide = v.atLeast(WalVersion.PG19_BETA1);
        boolean checksums = v.isPreRelease();
        for (PlanEncoder.Encoded e : records) {
            if (e.rmid() != RmgrTable.XLOG) {
                continue;
            }
            byte[] m = RecordView.of(v, e.bytes(), 0x1000000L).toDecoded().mainData();
            int code = e.info() & 0xF0;
            if (code == 0x00 || code == 0x10) {
                out.add("checkpoint wal_level=" + StreamFacts.i32(m, 20));
                if (wide) {
                    out.add("checkpoint logical=" + m[24]);
                }
                if (checksums) {
                    out.add("checkpoint checksums=" + StreamFacts.i32(m, 92));
                }
            } else if (code == 0xE0) {
                out.add("redo wal_level=" + StreamFacts.i32(m, 0));
                if (checksums) {
                    out.add("redo checksums=" + StreamFacts.i32(m, 4));
                }
            }
        }
        return out;
    }

    private static java.util.Map<String, java.util.Set<Integer>> sizes(WalVersion v, List<PlanEncoder.Encoded> records) {
        java.util.Map<String, java.util.Set<Integer>> out = new java.util.TreeMap<>();
        for (PlanEncoder.Encoded e : records) {
            String name = RmgrTable.name(v, e.rmid()) + "/" + RmgrTable.recordTypeName(v, e.rmid(), e.info());
            if (FIXED.contains(name)) {
                out.computeIfAbsent(name, k -> new java.util.TreeSet<>()).add(e.bytes().length);
            }
        }
        return out;
    }

    /** The pg_waldump of {@code v}, or null: the 19 pre-releases have none (pg_waldump 19rc1 refuses their magic). */
    static Path waldump(WalVersion v) {
        boolean preRelease = switch (v) {
            case PG19_BETA1, PG19_BETA3 -> true;
            case PG13, PG14, PG15, PG16, PG17, PG18, PG19 -> false;
        };
        if (preRelease) {
            return null;
        }
        Path bin = PgWaldump.find(v.major()).orElse(null);
        if (bin == null) {
            System.out.println("pg_waldump " + v.major() + " not found at " + PgWaldump.candidates(v.major())
                    + ": RecordCheck only");
        }
        return bin;
    }

    private static PgWaldump.Run run(Path bin, String... args) {
        return PgWaldump.run(bin, List.of(args), 300);
    }

    private static void deleteAll(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }
}
