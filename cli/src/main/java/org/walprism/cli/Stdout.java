package org.walprism.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Standard output, written so that a failed write is known: a {@link PrintWriter} only remembers that something
 * failed, and {@code System.out} not even that. The writer {@link #processWriter()} makes (what {@link Main#main}
 * passes) writes to file descriptor 1 and keeps the first failure; {@link Main#run} turns it into exit code
 * {@link ExitCode#OUTPUT} (a full disk: {@code > /dev/full}), except a closed pipe ({@code | head}), which ends
 * the command quietly as it ends pg_waldump.
 *
 * <p>Commands that print a lot of text ({@code dump}) format it as UTF-8 bytes and write them through
 * {@link #bytesOf}, in the large blocks they make, without decoding and encoding them again.
 */
final class Stdout {
    private Stdout() {
    }

    /** The process's standard output, as the UTF-8 writer every command prints to. */
    static PrintWriter processWriter() {
        return writer(new FileOutputStream(FileDescriptor.out));
    }

    /** A UTF-8 writer over {@code out} that keeps its first write failure (a test's stand-in for the process's). */
    static PrintWriter writer(OutputStream out) {
        Failures f = new Failures(out);
        return new ProcessWriter(f);
    }

    /** The writer that knows its failures. */
    private static final class ProcessWriter extends PrintWriter {
        private final Failures bytes;

        ProcessWriter(Failures bytes) {
            super(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), false);
            this.bytes = bytes;
        }
    }

    /** The bytes under a {@link ProcessWriter}: the first failure is kept, and nothing is written after it. */
    private static final class Failures extends OutputStream {
        private final OutputStream out;
        private IOException failure;

        Failures(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (failure != null) {
                throw failure;
            }
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }

        @Override
        public void flush() throws IOException {
            if (failure != null) {
                throw failure;
            }
            try {
                out.flush();
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }
    }

    /** Thrown when standard output is closed under us (the reader of a pipe went away). */
    static final class ClosedException extends IOException {
        private static final long serialVersionUID = 1L;

        ClosedException(IOException cause) {
            super("standard output closed: " + cause.getMessage(), cause);
        }
    }

    /** Whether {@code e} says the reader of a pipe went away (EPIPE: Java ignores SIGPIPE, the write fails). */
    static boolean closedPipe(IOException e) {
        return e instanceof ClosedException || (e.getMessage() != null && e.getMessage().contains("Broken pipe"));
    }

    /**
     * Flushes {@code out} and returns its write failure, or null: the kept exception of a {@link #writer}, a
     * stand-in exception when any other writer says it failed ({@link PrintWriter#checkError()}).
     */
    static IOException failure(PrintWriter out) {
        out.flush();
        if (out instanceof ProcessWriter p) {
            return p.bytes.failure;
        }
        return out.checkError() ? new IOException("write error") : null;
    }

    /** {@code e}, met writing standard output, as the error a command reports (exit code 8). */
    static OutputException outputError(IOException e) {
        String why = e.getMessage() == null ? e.toString() : e.getMessage();
        return new OutputException("standard output", why, e);
    }

    /**
     * An output stream for {@code out}'s text; every write must hold whole UTF-8 characters. Writing it throws
     * {@link ClosedException} when the reader of a pipe went away and {@link OutputException} when the write
     * failed otherwise.
     */
    static OutputStream bytesOf(PrintWriter out) {
        if (out instanceof ProcessWriter p) {
            out.flush();
            return new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    try {
                        p.bytes.write(b, off, len);
                    } catch (IOException e) {
                        throw closedPipe(e) ? new ClosedException(e) : outputError(e);
                    }
                }

                @Override
                public void flush() throws IOException {
                    try {
                        p.bytes.flush();
                    } catch (IOException e) {
                        if (!closedPipe(e)) {
                            // a closed pipe was met by a write, which ended the command quietly already
                            throw outputError(e);
                        }
                    }
                }
            };
        }
        return new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                out.write(new String(b, off, len, StandardCharsets.UTF_8));
            }

            @Override
            public void flush() {
                out.flush();
            }
        };
    }
}
