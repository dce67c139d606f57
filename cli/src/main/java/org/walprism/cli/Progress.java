package org.walprism.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.walprism.source.StoredSegmentName;
import org.walprism.source.WalDirectory;

/**
 * A progress bar on stderr for a long read ({@code stats}, {@code dump}): bytes of the range's segment files read,
 * rate and ETA, drawn by {@code me.tongfei:progressbar}. Shown only when stderr is a terminal, the command was run
 * as a process ({@link Main#main}), not with {@code -q}, not when stdout is the same terminal and receives lines
 * while reading (a plain {@code dump}), and only once the run has lasted {@value #DEFAULT_DELAY_MS} ms.
 *
 * <p>It costs the read nothing: the bytes read are not counted by the reader but sampled from the process's own
 * {@code /proc/self/io} ({@code rchar}: bytes read by read(2), which is how every segment is read: walprism never
 * maps WAL) by a daemon thread, five times a second. The total is the size on disk of the range's segment files
 * (compressed files count their compressed bytes, as {@code rchar} does). Where {@code /proc} is absent, or the
 * input is an archive or repository rather than a directory of segments, there is no bar.
 */
final class Progress implements AutoCloseable {

    static final long DEFAULT_DELAY_MS = 1000;
    private static final long PERIOD_MS = 200;
    private static final Path PROC_IO = Path.of("/proc/self/io");

    /** Set by {@link Main#main}: only a real process draws on its real stderr ({@link Main#run} in tests does not). */
    static volatile boolean processRun;

    private static final Progress NONE = new Progress(null, 0, 0);

    private final ScheduledExecutorService timer;
    private final long total;
    private final long baseline;
    private ProgressBar bar;
    private boolean closed;

    private Progress(ScheduledExecutorService timer, long total, long baseline) {
        this.timer = timer;
        this.total = total;
        this.baseline = baseline;
    }

    /**
     * A progress display for reading {@code r}, started now and drawn from the delay on; a no-op when it must not
     * show ({@code quiet}, stderr not a terminal, or {@code linesOnStdout} and stdout the same kind of terminal).
     */
    static Progress of(WalRangeOptions.Range r, boolean quiet, boolean linesOnStdout) {
        if (!processRun || quiet || !isTerminal(2) || (linesOnStdout && isTerminal(1))) {
            return NONE;
        }
        long rchar = rchar();
        long total = totalBytes(r);
        if (rchar < 0 || total <= 0) {
            return NONE;
        }
        return start(total, rchar, Long.getLong("walprism.progress.delayMillis", DEFAULT_DELAY_MS), System.err);
    }

    private static Progress start(long total, long baseline, long delayMs, PrintStream err) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread t = new Thread(task, "walprism-progress");
            t.setDaemon(true);
            return t;
        });
        Progress p = new Progress(timer, total, baseline);
        long started = System.nanoTime();
        // cancelled by close() through the executor's shutdown, not through this future
        var unused = timer.scheduleAtFixedRate(() -> p.update(started, err), delayMs, PERIOD_MS,
                TimeUnit.MILLISECONDS);
        return p;
    }

    private synchronized void update(long started, PrintStream err) {
        if (closed) {
            return;
        }
        long read = Math.min(total, Math.max(0, rchar() - baseline));
        if (bar == null) {
            bar = Bars.create(total, read, System.nanoTime() - started, err);
        }
        bar.stepTo(read);
    }

    /** The library's classes, loaded only when a bar is drawn (not by the verifier of {@link Progress}). */
    private static final class Bars {
        static ProgressBar create(long total, long read, long elapsedNanos, PrintStream err) {
            // the speed and ETA count from now: the bytes read before the bar appears are its start
            return new ProgressBarBuilder().setTaskName("reading WAL").setInitialMax(total)
                    .setStyle(ProgressBarStyle.ASCII).setUnit(" MiB", 1 << 20).showSpeed()
                    .setConsumer(new ConsoleProgressBarConsumer(err, terminalWidth()))
                    .setUpdateIntervalMillis((int) PERIOD_MS)
                    .startsFrom(read, java.time.Duration.ofNanos(elapsedNanos)).build();
        }
    }

    /** Removes nothing and stops drawing: the last state stays on its line, and the next stderr line starts fresh. */
    @Override
    public void close() {
        if (timer == null) {
            return;
        }
        timer.shutdownNow();
        synchronized (this) {
            closed = true;
            if (bar != null) {
                bar.stepTo(Math.min(total, Math.max(0, rchar() - baseline)));
                bar.close();
            }
        }
    }

    /**
     * The terminal's width, so that the bar's library need not ask JLine (whose native library, loaded on JDK 24 and
     * later, makes the JVM print restricted-method warnings): {@code $COLUMNS}, else {@code stty size} on the
     * controlling terminal, else 80.
     */
    static int terminalWidth() {
        try {
            String env = System.getenv("COLUMNS");
            if (env != null && env.trim().matches("[0-9]{2,4}")) {
                return Integer.parseInt(env.trim());
            }
            Process p = new ProcessBuilder("sh", "-c", "stty size < /dev/tty").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (p.waitFor(2, TimeUnit.SECONDS) && p.exitValue() == 0 && out.matches("[0-9]+ [0-9]+")) {
                int cols = Integer.parseInt(out.split(" ")[1]);
                if (cols >= 20) {
                    return cols;
                }
            }
        } catch (IOException | RuntimeException e) {
            // below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 80;
    }

    /** Whether file descriptor {@code fd} of this process is a terminal (a pty or a tty device). */
    static boolean isTerminal(int fd) {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** {@code rchar} of {@code /proc/self/io}, or -1 where it cannot be read. */
    static long rchar() {
        try {
            for (String line : Files.readAllLines(PROC_IO, StandardCharsets.US_ASCII)) {
                if (line.startsWith("rchar:")) {
                    return Long.parseLong(line.substring(6).trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            // no /proc: no bar
        }
        return -1;
    }

    /**
     * The bytes on disk of the segment files of {@code r} in a directory of segments (from the start's segment to
     * the end's, or to the last without an end); 0 for any other input.
     */
    static long totalBytes(WalRangeOptions.Range r) {
        Path dir = r.path();
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (WalDirectory wal = WalDirectory.open(dir, r.timeline()); Stream<Path> files = Files.list(dir)) {
            long segSize = wal.segmentSize();
            long first = Long.divideUnsigned(r.start(), segSize);
            long last = r.end() == 0 ? Long.MAX_VALUE : Long.divideUnsigned(r.end() - 1, segSize);
            return files.filter(Files::isRegularFile).mapToLong(f -> {
                String seg = StoredSegmentName.segmentOf(f.getFileName().toString());
                if (seg == null || org.walprism.codec.WalFileName.timeline(seg) != wal.timeline()) {
                    return 0;
                }
                long segno = org.walprism.codec.WalFileName.segno(seg, (int) segSize);
                try {
                    return segno >= first && segno <= last ? Files.size(f) : 0;
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
