package org.walprism.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Byte output for commands that print a lot of text ({@code dump}): their text is formatted as UTF-8 bytes,
 * which go to the command's {@link PrintWriter} (as {@link Main#run} gives it) decoded back into characters.
 */
final class Stdout {
    private Stdout() {
    }

    /** An output stream over {@code out}; every write must hold whole UTF-8 characters. */
    static OutputStream bytesOf(PrintWriter out) {
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
