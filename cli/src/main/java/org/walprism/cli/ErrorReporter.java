package org.walprism.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import org.walprism.analyzer.PlainText;
import org.walprism.analyzer.dump.FullPageFiles;
import org.walprism.client.ConnectionString;
import org.walprism.client.WriteException;
import org.walprism.codec.ChecksumMismatchException;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.UnsupportedWalVersionException;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalInputException;
import org.walprism.codec.WalMessage;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IExitCodeExceptionMapper;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * The one place that turns a failure into an exit code and one stderr line,
 * {@code walprism: error: <what> at LSN X/XXXXXXXX in <file> offset 0x<offset>}. A stack trace is printed
 * only with {@code --debug}.
 */
final class ErrorReporter implements IExecutionExceptionHandler, IParameterExceptionHandler, IExitCodeExceptionMapper {

    private final boolean debug;

    ErrorReporter(boolean debug) {
        this.debug = debug;
    }

    /** The exit code for {@code t}; subtypes before their parents. */
    static ExitCode exitCode(Throwable t) {
        if (t instanceof UnsupportedWalVersionException) {
            return ExitCode.UNSUPPORTED_VERSION;
        }
        if (t instanceof ChecksumMismatchException) {
            return ExitCode.CHECKSUM;
        }
        if (t instanceof WalInputException) {
            return ExitCode.INPUT;
        }
        if (t instanceof TruncatedWalException) {
            return ExitCode.TRUNCATED;
        }
        if (t instanceof WalFormatException) {
            return ExitCode.INVALID_WAL;
        }
        if (t instanceof FileAlreadyExistsException
                || (t instanceof UncheckedIOException u && u.getCause() instanceof FileAlreadyExistsException)) {
            // an output file in the way (generate -o, report -o): the command line asks for what walprism refuses
            return ExitCode.USAGE;
        }
        if (t instanceof OutputException || t instanceof FullPageFiles.WriteException || t instanceof WriteException
                || (t instanceof UncheckedIOException u && (u.getCause() instanceof OutputException
                || u.getCause() instanceof FullPageFiles.WriteException || u.getCause() instanceof WriteException))) {
            return ExitCode.OUTPUT;
        }
        if (t instanceof IOException || t instanceof UncheckedIOException) {
            return ExitCode.INPUT;
        }
        if (t instanceof ParameterException || t instanceof BadArgumentException
                || t instanceof ConnectionString.InvalidException) {
            return ExitCode.USAGE;
        }
        return ExitCode.INTERNAL;
    }

    /**
     * {@link #message(Throwable)} with the WAL locations a failure carries as values ({@link WalMessage.Source}: the
     * reader's errors, a --bucket too narrow) printed as {@code version}'s pg_waldump prints them (null: walprism's
     * own {@code %X/%08X}); the rest of the text, a path or LSN the user typed included, is printed as it is.
     */
    static String message(Throwable t, org.walprism.codec.WalVersion version) {
        Throwable c = t instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : t;
        if (c instanceof WalMessage.Source s && exitCode(c) != ExitCode.INTERNAL) {
            return PlainText.escape(s.walMessage().format(version));
        }
        return message(t);
    }

    /** The text after {@code walprism: error: }, one line. */
    static String message(Throwable t) {
        String m;
        if (t instanceof NoSuchFileException e) {
            m = "could not open \"" + e.getFile() + "\": no such file or directory";
        } else if (t instanceof AccessDeniedException e) {
            m = "could not open \"" + e.getFile() + "\": permission denied";
        } else if (t instanceof FileAlreadyExistsException e) {
            m = "could not create file \"" + e.getFile() + "\": file exists (walprism does not overwrite files)";
        } else if (t instanceof UncheckedIOException e) {
            return message(e.getCause());
        } else if (exitCode(t) == ExitCode.INTERNAL) {
            m = "internal error: " + t + " (rerun with --debug for the stack trace)";
        } else {
            m = t.getMessage() != null ? t.getMessage() : t.toString();
        }
        // file and member names, relation names and the like come from the input: no control character reaches the
        // terminal, no newline forges a second line
        return PlainText.escape(m);
    }

    @Override
    public int getExitCode(Throwable t) {
        return exitCode(t).code();
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
        return report(ex, cmd.getErr(), walVersion(cmd));
    }

    /**
     * The major of the WAL the failed command reads (its {@code -p} or STARTSEG, read again from the first page), so
     * that the error's LSNs are printed as that major's pg_waldump prints them; null when the command reads no WAL
     * or the WAL's first page cannot be read.
     */
    private static org.walprism.codec.WalVersion walVersion(CommandLine cmd) {
        Object command = cmd.getCommandSpec().userObject();
        // diff and report: the major of the input that was being read, so that two majors each print their own
        // form; else (a failure before or after reading) the major both share, if they do
        if (command instanceof DiffCommand d) {
            return d.reading != null ? Notices.versionOf(d.reading, null) : Notices.versionOf(d.a, d.b);
        }
        if (command instanceof StreamCommand s) {
            return s.serverMajor; // the WAL streamed is the server's
        }
        if (command instanceof ReportCommand r) {
            return r.reading != null ? Notices.versionOf(r.reading, null) : Notices.versionOf(r.a, r.b);
        }
        for (CommandLine.Model.CommandSpec m : cmd.getCommandSpec().mixins().values()) {
            if (m.userObject() instanceof WalRangeOptions range) {
                return Notices.versionOf(range);
            }
        }
        return null;
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("walprism: error: " + message(ex) + " (try \"" + cmd.getCommandSpec().qualifiedName()
                + " --help\")");
        if (debug) {
            ex.printStackTrace(err);
        }
        err.flush();
        return ExitCode.USAGE.code();
    }

    int report(Throwable t, PrintWriter err) {
        return report(t, err, null);
    }

    /** {@link #report(Throwable, PrintWriter)} with the LSNs of the message in {@code version}'s form. */
    int report(Throwable t, PrintWriter err, org.walprism.codec.WalVersion version) {
        if (t instanceof Stdout.ClosedException
                || (t instanceof UncheckedIOException u && u.getCause() instanceof Stdout.ClosedException)) {
            // the reader of our output went away (| head): quiet, as pg_waldump ends on SIGPIPE
            err.flush();
            return ExitCode.OK.code();
        }
        err.println("walprism: error: " + message(t, version));
        if (debug) {
            t.printStackTrace(err);
        }
        err.flush();
        return exitCode(t).code();
    }
}
