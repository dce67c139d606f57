package org.walprism.cli;

import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;

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

    /**
     * SignalHandler.handle (reached through a method handle): the first signal asks for a stop, a second one exits at
     * once; INT and TERM alike, so {@code signal} is not read.
     */
    @SuppressWarnings("UnusedVariable")
    static void onSignal(Object signal) {
        if (stop) {
            Runtime.getRuntime().halt(130);
        }
        stop = true;
    }

    /** Installs the handlers: called by a command that runs until it is stopped, before it starts reading. */
    static synchronized void install() {
        if (installed || !allowed) {
            return;
        }
        installed = true;
        // sun.misc.Signal (jdk.unsupported), reached by reflection: javac's "internal proprietary API" warning
        // on a direct use cannot be suppressed, and the build turns warnings into errors
        Class<?> signal;
        Class<?> handlerType;
        try {
            signal = Class.forName("sun.misc.Signal");
            handlerType = Class.forName("sun.misc.SignalHandler");
        } catch (ClassNotFoundException e) {
            return; // not this JVM: the default stays
        }
        // the handler: a lambda of SignalHandler over onSignal, made as javac makes one (not a java.lang.reflect.Proxy,
        // whose generator and dynamic module cost a short command's start-up milliseconds on JDK 17)
        Object handler;
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            MethodType handle = MethodType.methodType(void.class, signal);
            MethodHandle onSignal = lookup.findStatic(Interrupts.class, "onSignal",
                    MethodType.methodType(void.class, Object.class));
            handler = LambdaMetafactory.metafactory(lookup, "handle", MethodType.methodType(handlerType), handle,
                    onSignal, handle).getTarget().invoke();
        } catch (Throwable e) { // MethodHandle.invoke declares Throwable; nothing here is expected to throw
            return; // the default stays
        }
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                signal.getMethod("handle", signal, handlerType)
                        .invoke(null, signal.getConstructor(String.class).newInstance(name), handler);
            } catch (InvocationTargetException e) {
                // the signal is not available here (or is reserved by the JVM): the default stays
            } catch (ReflectiveOperationException e) {
                return;
            }
        }
    }
}
