package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.Lsn;

/**
 * Live WAL against a real server started by the test ({@link LiveServer}): {@code --follow} on its {@code pg_wal}
 * while a workload runs; what was followed equals what walprism reads from {@code pg_wal} afterwards for the same
 * range, and pg_walinspect's counts; Ctrl-C (SIGINT) prints the statistics so far and exits 0.
 */
class LiveWalTest {
    private static final Pattern STATS_RANGE = Pattern.compile("WAL (?:statistics|categories) between (\\S+) and "
            + "(\\S+?):?\\s");
    private static final Pattern LSN = Pattern.compile("lsn: (\\S+), prev");

    @TempDir
    static Path tmp;

    static LiveServer srv;

    @BeforeAll
    static void startServer() throws Exception {
        srv = LiveServer.start();
        srv.sql("create extension if not exists pg_walinspect");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (srv != null) {
            srv.close();
        }
    }

    /** {@code walprism ARGS} in a new JVM on the test class path; stdout to {@code out}, stderr to {@code err}. */
    static Process walprism(Path out, Path err, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of("-Xmx512m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    }

    /**
     * Sends SIGINT (Ctrl-C) and waits for the exit status; SIGTERM, which walprism handles the same way, where this
     * test process ignores SIGINT (then so does walprism: {@link TestSignals#sigintIgnored}).
     */
    static int interrupt(Process p) throws Exception {
        String sig = TestSignals.sigintIgnored() ? "TERM" : "INT";
        Process kill = new ProcessBuilder("kill", "-" + sig, String.valueOf(p.pid())).start();
        assertTrue(kill.waitFor(30, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + sig);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "walprism did not exit after SIG" + sig);
        return p.exitValue();
    }

    /** Waits until {@code file} satisfies {@code done}, failing after a minute or when {@code p} ended. */
    static void await(Process p, Path file, Path err, Predicate<String> done, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
            if (done.test(text)) {
                return;
            }
            if (!p.isAlive() || System.nanoTime() > deadline) {
                p.destroyForcibly();
                fail(what + " not seen (walprism " + (p.isAlive() ? "still running" : "exited " + p.exitValue())
                        + "): " + Files.readString(err) + tail(text));
            }
            Thread.sleep(100);
        }
    }

    private static String tail(String s) {
        return s.length() > 2000 ? s.substring(s.length() - 2000) : s;
    }

    /**
     * A workload of about 6 MB of WAL over several 1 MiB segments: inserts, updates, deletes, a VACUUM (prune,
     * freeze, visibility map), a segment switch, full-page images after a checkpoint; then a logical message
     * {@code walprism-end} whose end LSN is returned.
     */
    static long workload(String table) throws Exception {
        srv.sql("create table " + table + " (a int primary key, b text)",
                "insert into " + table + " select g, repeat('x', 120) from generate_series(1, 20000) g",
                "update " + table + " set b = 'y' where a % 3 = 0",
                "delete from " + table + " where a % 5 = 0",
                "vacuum (freeze) " + table,
                "select pg_switch_wal()",
                "checkpoint",
                "update " + table + " set b = 'z' where a % 7 = 0");
        return Lsn.parse(srv.query("select pg_logical_emit_message(false, 'walprism-end', 'x')")).value();
    }

    @Test
    void followedDumpStatsAndCategoriesEqualWhatPgWalHoldsAfterwards() throws Exception {
        String start = srv.query("select pg_current_wal_insert_lsn()");
        // a committed (so written) record at the start: pg_waldump --follow needs one there when it starts
        srv.sql("create table follow_start ()");
        String wal = srv.pgWal().toString();
        Path dumpOut = tmp.resolve("dump.out");
        Path dumpErr = tmp.resolve("dump.err");
        Process dump = walprism(dumpOut, dumpErr, "dump", "-f", "-s", start, "-p", wal);
        Process stats = walprism(tmp.resolve("stats.out"), tmp.resolve("stats.err"), "stats", "-f", "-s", start,
                "-p", wal);
        Process rows = walprism(tmp.resolve("rows.out"), tmp.resolve("rows.err"), "stats", "-f", "--interval",
                "0.5", "--format", "csv", "-s", start, "-p", wal);
        Process cats = walprism(tmp.resolve("cats.out"), tmp.resolve("cats.err"), "stats", "--categories", "-f",
                "-s", start, "-p", wal);
        // pg_waldump --follow of the server's major, where there is one: the oracle of what --follow prints
        Path waldump = pgWaldump(Integer.parseInt(srv.query("show server_version_num")) / 10000);
        Process oracle = null;
        if (waldump != null) {
            List<String> cmd = new ArrayList<>();
            if (LiveServer.run(List.of("stdbuf", "--version"), 1).exit() == 0) {
                cmd.addAll(List.of("stdbuf", "-oL")); // its lines reach the file as they are printed
            }
            cmd.addAll(List.of(waldump.toString(), "--follow", "-s", start, "-p", wal));
            oracle = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("waldump.out").toFile())
                    .redirectError(tmp.resolve("waldump.err").toFile()).start();
        }
        long end = workload("follow_t");
        await(dump, dumpOut, dumpErr, t -> t.contains("walprism-end"), "the end marker in dump -f");
        if (oracle != null) {
            await(oracle, tmp.resolve("waldump.out"), tmp.resolve("waldump.err"), t -> t.contains("walprism-end"),
                    "the end marker in pg_waldump --follow");
            oracle.destroy();
            assertTrue(oracle.waitFor(30, TimeUnit.SECONDS));
            List<String> expected = Files.readAllLines(tmp.resolve("waldump.out"));
            List<String> got = Files.readAllLines(dumpOut);
            assertEquals(expected.subList(0, indexOf(expected, "walprism-end") + 1),
                    got.subList(0, indexOf(got, "walprism-end") + 1), "dump -f against " + waldump + " --follow");
        }
        // the interval rows reach the marker too
        await(rows, tmp.resolve("rows.out"), tmp.resolve("rows.err"), t -> lastRowEnd(t) >= end,
                "an interval row ending at the marker");
        for (Process p : List.of(dump, stats, rows, cats)) {
            assertEquals(0, interrupt(p), "exit status after Ctrl-C");
        }

        // dump -f printed, up to the marker, exactly what dump prints from pg_wal afterwards for the same range
        List<String> followed = Files.readAllLines(dumpOut);
        int marker = indexOf(followed, "walprism-end");
        followed = followed.subList(0, marker + 1);
        CliRun.Result after = CliRun.run("dump", "-s", start, "-e", Lsn.format(end, true), "-p",
                wal);
        assertEquals(0, after.code(), after.err());
        assertEquals(String.join("\n", followed) + "\n", after.out());
        assertTrue(followed.size() > 10000, "records followed: " + followed.size());
        String first = lsnOf(followed.get(0));
        long inspect = Long.parseLong(srv.query("select count(*) from pg_get_wal_records_info('" + first + "', '"
                + Lsn.format(end, true) + "')"));
        assertEquals(inspect, followed.size(), "pg_walinspect's record count for " + first + ".." + end);
        assertSameRecordsAsWalinspect(srv, followed, first, end);

        // stats -f, stopped by Ctrl-C, printed the table of the range it read; the same as read afterwards
        String st = Files.readString(tmp.resolve("stats.out"));
        Matcher m = STATS_RANGE.matcher(st);
        assertTrue(m.find(), "stats -f printed its table on Ctrl-C: " + st + Files.readString(tmp.resolve("stats.err")));
        CliRun.Result again = CliRun.run("stats", "-s", m.group(1), "-e", m.group(2), "-p", wal);
        assertEquals(again.out(), st);
        long walinspectCount = Long.parseLong(srv.query("select sum(count) from pg_get_wal_stats('" + m.group(1)
                + "', '" + m.group(2) + "')"));
        String total = st.lines().filter(l -> l.startsWith("Total")).findFirst().orElse("");
        assertEquals(Long.toString(walinspectCount), total.split("\\s+")[1], "pg_walinspect's count: " + st);

        // the interval rows add up to the range they cover, their LSNs as the server's major prints them
        List<String> csv = Files.readAllLines(tmp.resolve("rows.out"));
        assertEquals(String.join(",", LiveViews.intervalKeys(false)), csv.get(0));
        org.walprism.codec.WalVersion major = org.walprism.codec.WalVersion.fromLabel(Integer.toString(
                Integer.parseInt(srv.query("show server_version_num").strip()) / 10000));
        long sum = 0;
        String firstRow = null;
        String lastEnd = null;
        for (String row : csv.subList(1, csv.size())) {
            String[] f = row.split(",", -1);
            sum += Long.parseLong(f[3]);
            if (!f[1].isEmpty()) {
                assertEquals(Lsn.parse(f[1]).format(major), f[1], "the major's LSN form: " + row);
                assertEquals(Lsn.parse(f[2]).format(major), f[2], "the major's LSN form: " + row);
                firstRow = firstRow == null ? f[1] : firstRow;
                lastEnd = f[2];
            }
        }
        long count = Long.parseLong(srv.query("select count(*) from pg_get_wal_records_info('" + firstRow + "', '"
                + lastEnd + "')"));
        assertEquals(count, sum, "records in the interval rows from " + firstRow + " to " + lastEnd);

        // stats --categories -f: the attribution of the range it read, as read afterwards
        String ct = Files.readString(tmp.resolve("cats.out"));
        Matcher c = STATS_RANGE.matcher(ct);
        assertTrue(c.find(), ct + Files.readString(tmp.resolve("cats.err")));
        CliRun.Result catsAfter = CliRun.run("stats", "--categories", "-s", c.group(1), "-e",
                c.group(2), "-p", wal);
        assertEquals(catsAfter.out(), ct);
    }

    /**
     * {@code stream} while the server is stopped and started twice (fast shutdown, then a crash: immediate stop):
     * the records streamed up to the end marker are those read from pg_wal afterwards, none lost and none twice;
     * the complete segments written are the server's byte for byte; a slot created with --create-slot is
     * streamed from and its restart LSN advances with the status updates; --stats --interval rows add up.
     */
    @Test
    void streamSurvivesRestartsAndWritesTheServersSegments() throws Exception {
        String conn = srv.conninfo();
        CliRun.Result created = CliRun.run("stream", "-d", conn, "--slot", "walprism_test",
                "--create-slot");
        assertEquals(0, created.code(), created.err());
        String start = srv.query("select pg_current_wal_insert_lsn()");
        Path segs = tmp.resolve("segments");
        Path out = tmp.resolve("stream.out");
        Path err = tmp.resolve("stream.err");
        Process dump = walprism(out, err, "stream", "-d", conn, "--write-segments", segs.toString(),
                "--status-interval", "1");
        Path rowsOut = tmp.resolve("srows.out");
        Path rowsErr = tmp.resolve("srows.err");
        Process rows = walprism(rowsOut, rowsErr, "stream", "-d", conn, "--slot", "walprism_test", "-s", start,
                "--stats", "--interval", "0.5", "--format", "json", "--status-interval", "1");
        // streaming has started when the segment being received is there
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.isDirectory(segs) || Files.list(segs).noneMatch(f -> f.toString().endsWith(".partial"))) {
            assertTrue(dump.isAlive() && System.nanoTime() < deadline, "stream did not start: " + Files.readString(err));
            Thread.sleep(50);
        }
        srv.sql("create table stream_a (a int primary key, b text)",
                "insert into stream_a select g, repeat('a', 200) from generate_series(1, 8000) g");
        // both are streaming before the first restart: a process still starting (a loaded machine) would meet the
        // shutdown at its first connection, which ends it as it ends pg_receivewal
        long started = Lsn.parse(start).value();
        await(rows, rowsOut, rowsErr, t -> lastJsonEnd(t) > started, "a stats row of the first table");
        srv.stop("fast");
        srv.startAgain();
        srv.sql("update stream_a set b = 'b' where a % 2 = 0");
        srv.stop("immediate");
        srv.startAgain();
        long end = workload("stream_b");
        await(dump, out, err, t -> t.contains("walprism-end"), "the end marker in stream");
        await(rows, rowsOut, rowsErr, t -> lastJsonEnd(t) >= end, "a stats row ending at the marker");
        assertEquals(0, interrupt(dump), "exit status after Ctrl-C");
        assertEquals(0, interrupt(rows), "exit status after Ctrl-C");
        String notes = Files.readString(err);
        assertTrue(notes.contains("reconnected"), notes);

        List<String> streamed = Files.readAllLines(out);
        streamed = streamed.subList(0, indexOf(streamed, "walprism-end") + 1);
        String first = lsnOf(streamed.get(0));
        CliRun.Result after = CliRun.run("dump", "-s", first, "-e", Lsn.format(end, true), "-p",
                srv.pgWal().toString());
        assertEquals(0, after.code(), after.err());
        assertEquals(after.out(), String.join("\n", streamed) + "\n");
        long inspect = Long.parseLong(srv.query("select count(*) from pg_get_wal_records_info('" + first + "', '"
                + Lsn.format(end, true) + "')"));
        assertEquals(inspect, streamed.size(), "pg_walinspect's record count");
        assertSameRecordsAsWalinspect(srv, streamed, first, end);

        // complete segments: the server's bytes; the one being received is NAME.partial
        List<String> names;
        try (var s = Files.list(segs)) {
            names = s.map(f -> f.getFileName().toString()).sorted().toList();
        }
        long complete = names.stream().filter(n -> !n.endsWith(".partial")).count();
        assertTrue(complete >= 5, "complete segments: " + names);
        assertEquals(1, names.stream().filter(n -> n.endsWith(".partial")).count(), names.toString());
        for (String n : names) {
            if (!n.endsWith(".partial")) {
                assertTrue(Arrays.equals(Files.readAllBytes(srv.pgWal().resolve(n)), Files.readAllBytes(segs.resolve(n))),
                        n + " differs from the server's");
            }
        }

        // the slot: streamed from, its restart LSN moved with the status updates; --drop-slot drops it
        String restart = srv.query("select restart_lsn from pg_replication_slots where slot_name = 'walprism_test'");
        assertTrue(Lsn.parse(restart).value() > Lsn.parse(start).value(), "slot restart_lsn " + restart);
        long sum = 0;
        String firstRow = null;
        String lastEnd = null;
        for (String row : Files.readAllLines(rowsOut)) {
            Matcher c = Pattern.compile("\"count\": (\\d+)").matcher(row);
            assertTrue(c.find(), row);
            sum += Long.parseLong(c.group(1));
            Matcher r = Pattern.compile("\"start_lsn\": \"([^\"]+)\", \"end_lsn\": \"([^\"]+)\"").matcher(row);
            if (r.find()) {
                firstRow = firstRow == null ? r.group(1) : firstRow;
                lastEnd = r.group(2);
            }
        }
        long count = Long.parseLong(srv.query("select count(*) from pg_get_wal_records_info('" + firstRow + "', '"
                + lastEnd + "')"));
        assertEquals(count, sum, "records in the interval rows from " + firstRow + " to " + lastEnd);
        CliRun.Result dropped = CliRun.run("stream", "-d", conn, "--slot", "walprism_test",
                "--drop-slot");
        assertEquals(0, dropped.code(), dropped.err());
        assertEquals("0", srv.query("select count(*) from pg_replication_slots"));
    }

    /**
     * A role with REPLICATION and a scram-sha-256 password, allowed over TLS only (hostssl, hostnossl reject): the
     * stream connects with sslmode=require and PGPASSWORD and ends by itself at -e; without TLS or with a wrong
     * password it fails with one line that never shows the password.
     */
    @Test
    void streamAuthenticatesWithScramOverTls() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(LiveServer.run(List.of("openssl", "version"), 1).exit() == 0,
                "openssl is not installed: no certificate for the server's TLS");
        Path crt = srv.data.resolve("server.crt");
        Path key = srv.data.resolve("server.key");
        LiveServer.Run gen = LiveServer.run(List.of("openssl", "req", "-new", "-x509", "-days", "2", "-nodes",
                "-subj", "/CN=127.0.0.1", "-newkey", "rsa:2048", "-keyout", key.toString(), "-out", crt.toString()), 1);
        assertEquals(0, gen.exit(), gen.out());
        Files.setPosixFilePermissions(key, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        srv.own(crt);
        srv.own(key);
        srv.sql("alter system set ssl = on", "set password_encryption = 'scram-sha-256'",
                "create role walprism_repl with login replication password 'pw-s3cret'");
        srv.hbaFirst("hostssl replication walprism_repl 127.0.0.1/32 scram-sha-256",
                "hostnossl replication walprism_repl 127.0.0.1/32 reject");
        String start = srv.query("select pg_current_wal_insert_lsn()");
        srv.sql("create table tls_t (a int)", "insert into tls_t select generate_series(1, 1000)");
        long end = Lsn.parse(srv.query("select pg_logical_emit_message(false, 'walprism-end', 'x')")).value();
        String where = "host=127.0.0.1 port=" + srv.port + " user=walprism_repl";

        Path out = tmp.resolve("tls.out");
        Path err = tmp.resolve("tls.err");
        ProcessBuilder pb = new ProcessBuilder(javaCommand("stream", "-d", where + " sslmode=require", "-s", start,
                "-e", Lsn.format(end, true))).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("PGPASSWORD", "pw-s3cret");
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "stream -e did not end by itself");
        assertEquals(0, p.exitValue(), Files.readString(err));
        List<String> lines = Files.readAllLines(out);
        assertTrue(lines.get(lines.size() - 1).contains("walprism-end"), lines.get(lines.size() - 1));
        CliRun.Result after = CliRun.run("dump", "-s", start, "-e", Lsn.format(end, true), "-p",
                srv.pgWal().toString());
        assertEquals(after.out(), String.join("\n", lines) + "\n");

        CliRun.Result plain = CliRun.run("stream", "-d", where + " sslmode=disable "
                + "password=pw-s3cret", "-s", start, "-e", Lsn.format(end, true));
        assertEquals(ExitCode.INPUT.code(), plain.code(), plain.err());
        assertTrue(plain.err().contains("no encryption") || plain.err().contains("rejects"), plain.err());
        CliRun.Result wrong = CliRun.run("stream", "-d", where + " sslmode=require "
                + "password=wrong-pw", "-s", start, "-e", Lsn.format(end, true));
        assertEquals(ExitCode.INPUT.code(), wrong.code(), wrong.err());
        assertTrue(wrong.err().contains("password authentication failed"), wrong.err());
        for (CliRun.Result r : List.of(plain, wrong)) {
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(!r.err().contains("pw-s3cret") && !r.err().contains("wrong-pw"), r.err());
        }
    }

    private static List<String> javaCommand(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of("-Xmx512m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private static long lastJsonEnd(String rows) {
        long best = -1;
        Matcher m = Pattern.compile("\"end_lsn\": \"([0-9A-F]+/[0-9A-F]+)\"").matcher(rows);
        while (m.find()) {
            best = Math.max(best, Lsn.parse(m.group(1)).value());
        }
        return best;
    }

    /** pg_waldump of {@code major}: the capture tool's build in the cache, else Debian's; null if neither. */
    static Path pgWaldump(int major) {
        for (Path p : List.of(Path.of("/var/cache/walprism/waldump", Integer.toString(major), "pg_waldump"),
                Path.of("/usr/lib/postgresql", Integer.toString(major), "bin", "pg_waldump"))) {
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    private static long lastRowEnd(String csv) {
        long best = -1;
        for (String row : csv.split("\n")) {
            String[] f = row.split(",", -1);
            if (f.length > 2 && f[2].contains("/")) {
                best = Math.max(best, Lsn.parse(f[2]).value());
            }
        }
        return best;
    }

    static int indexOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        fail(text + " not in " + lines.size() + " lines");
        return -1;
    }

    private static final java.util.regex.Pattern DUMP_LINE = java.util.regex.Pattern.compile(
            "^rmgr: (\\S+)\\s+len \\(rec/tot\\):\\s*(\\d+)/\\s*(\\d+), tx:\\s*(\\d+), lsn: ([0-9A-F]+/[0-9A-F]+), "
            + "prev ([0-9A-F]+/[0-9A-F]+), desc: (\\S+)");

    /**
     * The records walprism printed (dump text) are pg_walinspect's records of the same range, one by one: start and
     * prev LSN, xid, resource manager, record type and both lengths ({@code pg_get_wal_records_info}).
     */
    static void assertSameRecordsAsWalinspect(LiveServer srv, List<String> dumpLines, String first, long end)
            throws Exception {
        String rows = srv.query("select string_agg(concat_ws(' ', start_lsn, prev_lsn, xid, resource_manager, "
                + "record_type, record_length), E'\\n' order by start_lsn) from pg_get_wal_records_info('" + first
                + "', '" + Lsn.format(end, true) + "')");
        List<String> want = rows == null ? List.of() : List.of(rows.split("\n"));
        assertEquals(want.size(), dumpLines.size(), "records");
        for (int i = 0; i < want.size(); i++) {
            Matcher m = DUMP_LINE.matcher(dumpLines.get(i));
            assertTrue(m.find(), "not a dump line: " + dumpLines.get(i));
            String got = String.join(" ", Lsn.parse(m.group(5)).format(false), Lsn.parse(m.group(6)).format(false),
                    m.group(4), m.group(1), m.group(7), m.group(3));
            assertEquals(want.get(i), got, "record " + i + " of the range, against pg_walinspect");
        }
    }

    static String lsnOf(String dumpLine) {
        Matcher m = LSN.matcher(dumpLine);
        assertTrue(m.find(), dumpLine);
        return m.group(1);
    }

    static String join(String... s) {
        return String.join(" ", Arrays.asList(s));
    }
}
