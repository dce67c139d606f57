package org.walprism.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.walprism.analyzer.stats.StatsCollector;

/**
 * The training run behind the JVM cache {@code bin/walprism} starts walprism with: every command once, in one
 * JVM, over bundled real captures, so that the JDK records the classes the commands load and link (JDK 17-24:
 * an AppCDS archive) and, JDK 25 and later, also how their methods behave (an AOT cache, JEPs 483, 514, 515).
 * {@code mvn package} runs it through {@code WALPRISM_TRAIN=1 bin/walprism}; it is not a user command.
 *
 * <pre>java -XX:AOTCacheOutput=walprism.aot -cp cli/target/walprism.jar org.walprism.cli.CacheTraining testdata</pre>
 *
 * <p>Exits 1 naming the first command that failed; the launcher then makes no cache.
 */
public final class CacheTraining {

    /** Rounds of {@link #scans}: enough for the scan's methods to be compiled with full profiles. */
    private static final int SCAN_ROUNDS = Integer.getInteger("walprism.training.rounds", 2);

    private static final PrintWriter NULL = new PrintWriter(Writer.nullWriter());

    private CacheTraining() {
    }

    /**
     * {@code args[0]}: the testdata directory (with {@code corpus/} and {@code models/}); {@code args[1]}, optional:
     * the commands to train, {@code all} (default), {@code stats}, {@code dump} or {@code version}. A JVM cache holds
     * the classes its training loaded and, on JDK 25, loads every one of them at start, so {@code bin/walprism} starts
     * {@code stats} and {@code dump} with a cache of their own, a third smaller than the one for all commands, and
     * {@code walprism} without a command ({@code --version}) with one that holds only what that loads.
     */
    public static void main(String[] args) throws IOException {
        Main.configureNetty();
        Path testdata = Path.of(args[0]);
        String set = args.length > 1 ? args[1] : "all";
        if (!List.of("all", "stats", "dump", "version").contains(set)) {
            System.err.println("walprism cache training: unknown command set " + set + " (all, stats, dump, version)");
            System.exit(1);
        }
        if (set.equals("version")) {
            // walprism without a command: the JVM cache holds what --version loads, through main as a real run (which
            // returns on success), and nothing else
            Main.main(new String[] {"--version"});
            return;
        }
        boolean all = set.equals("all");
        // what main() sets up for a real run (training calls Main.run with its own writers); nothing is written
        Stdout.bytesOf(Stdout.processWriter());
        Path corpus = testdata.resolve("corpus");
        Path tmp = Files.createTempDirectory("walprism-training");
        try {
            // a plain segment is read through the direct window, a .gz one inflated: train both readers
            String seg = plain(corpus.resolve("18/hot_updates/wal/000000010000000000000006.gz"), tmp).toString();
            String hot = corpus.resolve("18/hot_updates/wal").toString();
            String v16 = corpus.resolve("16/vacuum_noindex/wal").toString();
            String v17 = corpus.resolve("17/vacuum_noindex/wal").toString();
            run(0, "--version");
            if (all) {
                run(0, "--help");
                run(0, "stats", "--help");
            }
            if (all || set.equals("stats")) {
                for (String format : List.of("text", "json", "csv")) {
                    run(0, "stats", seg, "--format", format);
                    run(0, "stats", "--stats=record", "-p", hot, "--format", format);
                    run(0, "stats", "--categories", "-p", v17, "--format", format);
                }
                run(0, "stats", "-j", "1", seg);
                scans(corpus, tmp);
            }
            if (all || set.equals("dump")) {
                run(0, "dump", seg);
                run(0, "dump", "-b", "-p", hot);
                run(0, "dump", "--format", "json", "-r", "Heap2", seg);
                run(0, "dump", "--blocks", "--format", "csv", seg);
                run(0, "dump", "-q", "-p", hot);
            }
            if (all) {
                run(0, "vacuums", "-p", corpus.resolve("17/vacuum_tables/wal").toString());
                run(0, "diff", v16, v17);
                run(0, "report", v16, v17, "-o", tmp.resolve("report.html").toString());
                run(0, "replay", "--as", "19", "-p", v16);
                run(0, "generate", "--major", "17", "--model", testdata.resolve("models/vacuum_noindex.properties")
                        .toString(), "-o", tmp.resolve("generated").toString());
            }
            run(ExitCode.INPUT.code(), all ? "stats" : set, "-p", tmp.resolve("missing").toString());
            run(ExitCode.USAGE.code(), all ? "stats" : set, "--no-such-option");
        } finally {
            try (Stream<Path> s = Files.walk(tmp)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /**
     * The scan a benchmark-sized {@code stats} spends its time in, over uncompressed copies of captures whose record
     * mix spans vacuum, HOT updates, pgbench and busy tables on several majors, on one thread and on two, called
     * directly rather than through the command line: the reader's and the counting loop's methods reach the JIT's
     * thresholds with profiles of varied records (a profile that saw only vacuum records makes the compiled code
     * deoptimise and recompile on pgbench's), while the option parsing, run once per command, does not look hot.
     */
    private static void scans(Path corpus, Path tmp) throws IOException {
        List<Path> dirs = new java.util.ArrayList<>();
        for (String c : List.of("18/vacuum_noindex", "15/pgbench_oltp", "18/pgbench_oltp", "18/hot_updates",
                "18/busy_tables", "16/vacuum_indexed", "13/hot_updates")) {
            dirs.add(plainDir(corpus.resolve(c + "/wal"), tmp.resolve(c.replace('/', '_'))));
        }
        for (int round = 0; round < SCAN_ROUNDS; round++) {
            for (Path d : dirs) {
                StatsCollector.collect(d, 0, 0, 0, 2);
                StatsCollector.collect(d, 0, 0, 0, 1);
            }
        }
    }

    private static Path plainDir(Path wal, Path dir) throws IOException {
        Files.createDirectories(dir);
        try (Stream<Path> s = Files.list(wal)) {
            for (Path f : s.sorted().toList()) {
                if (f.getFileName().toString().endsWith(".gz")) {
                    plain(f, dir);
                } else {
                    Files.copy(f, dir.resolve(f.getFileName()));
                }
            }
        }
        return dir;
    }

    private static Path plain(Path gz, Path dir) throws IOException {
        Path out = dir.resolve(gz.getFileName().toString().replace(".gz", ""));
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            Files.copy(in, out);
        }
        return out;
    }

    private static void run(int expected, String... args) {
        int code = Main.run(NULL, NULL, args);
        if (code != expected) {
            System.err.println("walprism cache training: exit " + code + " (expected " + expected + ") from walprism "
                    + String.join(" ", args));
            System.exit(1);
        }
    }
}
