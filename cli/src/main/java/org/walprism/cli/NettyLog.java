package org.walprism.cli;

import io.netty.util.internal.logging.AbstractInternalLogger;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;

/**
 * Netty's log for the command line: warnings and errors (a leak report, say) go to stderr as one line each,
 * {@code walprism: netty: <message>}; trace, debug and info, which Netty's default java.util.logging setup also
 * drops, are discarded. Without it Netty looks for SLF4J, Log4j 2 and Log4j and then starts java.util.logging,
 * about 9 ms of every walprism start (JDK 17, class cache in use); walprism has no logging of its own.
 */
final class NettyLog extends AbstractInternalLogger {

    private static final long serialVersionUID = 1L;

    private NettyLog(String name) {
        super(name);
    }

    /** Makes Netty log through this class; call before the first Netty class is used. */
    static void install() {
        InternalLoggerFactory.setDefaultFactory(new InternalLoggerFactory() {
            @Override
            protected InternalLogger newInstance(String name) {
                return new NettyLog(name);
            }
        });
    }

    private static void print(String format, Object... args) {
        System.err.println(line(format, args));
    }

    /** The stderr line: SLF4J-style {@code {}} placeholders filled in order, a trailing unused throwable appended. */
    static String line(String format, Object... args) {
        StringBuilder m = new StringBuilder("walprism: netty: ");
        int from = 0;
        int used = 0;
        for (int at; used < args.length && (at = format.indexOf("{}", from)) >= 0; used++) {
            m.append(format, from, at).append(args[used]);
            from = at + 2;
        }
        m.append(format, from, format.length());
        if (used < args.length && args[args.length - 1] instanceof Throwable t) {
            m.append(": ").append(t);
        }
        return m.toString().replace('\n', ' ');
    }

    @Override
    public boolean isTraceEnabled() {
        return false;
    }

    @Override
    public void trace(String msg) {
    }

    @Override
    public void trace(String format, Object arg) {
    }

    @Override
    public void trace(String format, Object argA, Object argB) {
    }

    @Override
    public void trace(String format, Object... arguments) {
    }

    @Override
    public void trace(String msg, Throwable t) {
    }

    @Override
    public boolean isDebugEnabled() {
        return false;
    }

    @Override
    public void debug(String msg) {
    }

    @Override
    public void debug(String format, Object arg) {
    }

    @Override
    public void debug(String format, Object argA, Object argB) {
    }

    @Override
    public void debug(String format, Object... arguments) {
    }

    @Override
    public void debug(String msg, Throwable t) {
    }

    @Override
    public boolean isInfoEnabled() {
        return false;
    }

    @Override
    public void info(String msg) {
    }

    @Override
    public void info(String format, Object arg) {
    }

    @Override
    public void info(String format, Object argA, Object argB) {
    }

    @Override
    public void info(String format, Object... arguments) {
    }

    @Override
    public void info(String msg, Throwable t) {
    }

    @Override
    public boolean isWarnEnabled() {
        return true;
    }

    @Override
    public void warn(String msg) {
        print(msg);
    }

    @Override
    public void warn(String format, Object arg) {
        print(format, arg);
    }

    @Override
    public void warn(String format, Object argA, Object argB) {
        print(format, argA, argB);
    }

    @Override
    public void warn(String format, Object... arguments) {
        print(format, arguments);
    }

    @Override
    public void warn(String msg, Throwable t) {
        print(msg, t);
    }

    @Override
    public boolean isErrorEnabled() {
        return true;
    }

    @Override
    public void error(String msg) {
        print(msg);
    }

    @Override
    public void error(String format, Object arg) {
        print(format, arg);
    }

    @Override
    public void error(String format, Object argA, Object argB) {
        print(format, argA, argB);
    }

    @Override
    public void error(String format, Object... arguments) {
        print(format, arguments);
    }

    @Override
    public void error(String msg, Throwable t) {
        print(msg, t);
    }
}
