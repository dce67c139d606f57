package org.walprism.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Byte output for commands that print a lot of text ({@code dump}), which they format as UTF-8 bytes. When the
 * command's writer is the process's standard output ({@link #processWriter()}, what {@link Main#main} passes),
 * the bytes go straight to file descriptor 1, in the large blocks the command writes, without being decoded and
 * encoded again; any other writer (tests call {@link Main#run} with their own) gets them decoded into characters.
 */
final class Stdout {
    private Stdout() {
    }

    /** The process's standard output, as the UTF-8 writer every command prints to. */
    static PrintWriter processWriter() {
        return new ProcessWriter();
    }

    /** Marks the writer over the process's standard output. */
    private static final class ProcessWriter extends PrintWriter {
        ProcessWriter() {
            super(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false);
        }
    }

    /** Thrown when standard output is closed under us (the reader of a pipe went away). */
    static final class ClosedException extends IOException {
        private static final long serialVersionUID = 1L;

        ClosedException(IOException cause) {
            super("standard output closed: " + cause.getMessage(), cause);
        }
    }

    /** An output stream for {@code out}'s text; every write must hold whole UTF-8 characters. */
    static OutputStream bytesOf(PrintWriter out) {
        if (out instanceof ProcessWriter) {
            out.flush();
            System.out.flush();
            FileOutputStream fd = new FileOutputStream(FileDescriptor.out);
            return new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    try {
                        fd.write(b, off, len);
                    } catch (IOException e) {
                        throw new ClosedException(e);
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
