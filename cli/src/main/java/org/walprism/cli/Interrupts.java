package org.walprism.cli;

/**
 * Ctrl-C (SIGINT) and SIGTERM while following or streaming: the first asks the running command to stop where it
 * is, print what it has (statistics so far, as pg_waldump 15+ does on SIGINT) and exit 0; a second one exits at
 * once (130). Commands that finish by themselves keep the JVM's default: the signal ends them.
 */
final class Interrupts {
    private static volatile boolean stop;
    private static volatile boolean installed;
    private static volatile boolean allowed;

    private Interrupts() {
    }

    /** Whether a stop was asked for. */
    static boolean stopRequested() {
        return stop;
    }

    /** Asks the running command to stop (the signal handler; tests). */
    static void requestStop() {
        stop = true;
    }

    /** Forgets a stop asked for before (tests run several commands in one JVM). */
    static void reset() {
        stop = false;
    }

    /** Lets {@link #install} install handlers: the process is walprism's own ({@link Main#main}), not a test's JVM. */
    static void allow() {
        allowed = true;
    }

    /** Installs the handlers: called by a command that runs until it is stopped, before it starts reading. */
    static synchronized void install() {
        if (installed || !allowed) {
            return;
        }
        installed = true;
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(name), s -> {
                    if (stop) {
                        Runtime.getRuntime().halt(130);
                    }
                    stop = true;
                });
            } catch (IllegalArgumentException e) {
                // the signal is not available here (or is reserved by the JVM): the default stays
            }
        }
    }
}
