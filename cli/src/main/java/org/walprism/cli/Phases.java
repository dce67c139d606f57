package org.walprism.cli;

import java.io.PrintStream;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Where a walprism process spends its time, for {@code bench/breakdown.sh}: with {@code -Dwalprism.phases=true}
 * the process prints, on stderr when it ends, the JVM's uptime at each mark (main entered, picocli model built,
 * command started, scan done, output written) and what the JVM did (classes loaded, JIT time, GC). Without the
 * property a mark costs one field read. Not a user option: a measuring aid, like {@link CacheTraining}.
 */
final class Phases {

    static final boolean ON = Boolean.getBoolean("walprism.phases");

    private static final int MAX = 16;
    private static final String[] NAMES = new String[MAX];
    private static final long[] NANOS = new long[MAX];
    private static int count;
    private static long mainMillis;
    private static long mainNanos;

    private Phases() {
    }

    /** Called first thing in {@code main}: the JVM start is measured from here. */
    static void enterMain() {
        if (ON) {
            mainMillis = System.currentTimeMillis();
            mainNanos = System.nanoTime();
        }
    }

    /** Records that {@code name} is done now. */
    static void mark(String name) {
        if (ON && count < MAX) {
            NAMES[count] = name;
            NANOS[count++] = System.nanoTime();
        }
    }

    /** Prints the marks and the JVM's counters on {@code err} (called just before the process exits). */
    static void report(PrintStream err) {
        if (!ON) {
            return;
        }
        long end = System.nanoTime();
        // the JVM start is only known in milliseconds; the management classes load after every mark
        long startMillis = ManagementFactory.getRuntimeMXBean().getStartTime();
        double atMain = mainMillis - startMillis;
        StringBuilder b = new StringBuilder("walprism phases (ms since JVM start):");
        b.append(String.format(Locale.ROOT, " main=%.1f", atMain));
        long prev = mainNanos;
        for (int i = 0; i < count; i++) {
            b.append(String.format(Locale.ROOT, " %s=%.1f(+%.1f)", NAMES[i], atMain + (NANOS[i] - mainNanos) / 1e6,
                    (NANOS[i] - prev) / 1e6));
            prev = NANOS[i];
        }
        b.append(String.format(Locale.ROOT, " exit=%.1f", atMain + (end - mainNanos) / 1e6));
        ClassLoadingMXBean cl = ManagementFactory.getClassLoadingMXBean();
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long gcs = 0;
        long gcMillis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcs += Math.max(0, gc.getCollectionCount());
            gcMillis += Math.max(0, gc.getCollectionTime());
        }
        b.append(String.format(Locale.ROOT, "%nwalprism jvm: classes_loaded=%d jit_ms=%d gc_count=%d gc_ms=%d allocated_mb=%.1f",
                cl.getTotalLoadedClassCount(), jit.getTotalCompilationTime(), gcs, gcMillis, allocated() / 1e6));
        err.println(b);
    }

    /** Bytes allocated on the heap by all threads (JDK 21 and later), else by this thread; -1 if unknown. */
    private static long allocated() {
        java.lang.management.ThreadMXBean t = ManagementFactory.getThreadMXBean();
        if (t instanceof com.sun.management.ThreadMXBean s) {
            try {
                return (long) s.getClass().getMethod("getTotalThreadAllocatedBytes").invoke(s);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return s.getCurrentThreadAllocatedBytes();
            }
        }
        return -1;
    }
}
