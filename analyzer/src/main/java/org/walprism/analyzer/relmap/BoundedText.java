package org.walprism.analyzer.relmap;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;

/**
 * The text of a relation map, refused past {@link #MAX_CHARS} characters or a line past {@link #MAX_LINE}: a map is
 * read as a stream and its relations kept, so these bound the memory it takes, whatever the file is ({@code
 * /dev/zero}, a file that is not a map). One line of the query the README gives holds two oids, a relfilenode, a
 * relkind and three names of at most NAMEDATALEN - 1 (63) bytes each, quoted: far under the line limit.
 */
final class BoundedText extends FilterReader {
    /** The longest line accepted, in characters. */
    static final int MAX_LINE = 8 * 1024;
    /**
     * The most characters a map may hold: some 70,000 relations of the README's query, about 30 MB once loaded (a
     * relation kept costs some 400 bytes of heap, several times its line).
     */
    static final long MAX_CHARS = 4L << 20;

    /** A map past a limit. */
    static final class TooLong extends IOException {
        private static final long serialVersionUID = 1L;

        TooLong(String message) {
            super(message);
        }
    }

    private final Path file;
    private long total;
    private long line = 1;
    private int lineLength;

    BoundedText(Reader in, Path file) {
        super(in);
        this.file = file;
    }

    @Override
    public int read() throws IOException {
        char[] one = new char[1];
        return read(one, 0, 1) < 0 ? -1 : one[0];
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
        int n = in.read(buf, off, len);
        for (int i = off; i < off + Math.max(n, 0); i++) {
            if (buf[i] == '\n') {
                line++;
                lineLength = 0;
            } else if (++lineLength > MAX_LINE) {
                throw new TooLong(file + " line " + line + ": longer than " + MAX_LINE
                        + " characters: not a relation map");
            }
        }
        total += Math.max(n, 0);
        if (total > MAX_CHARS) {
            throw new TooLong(file + ": more than " + (MAX_CHARS >> 20) + " MiB: a relation map is at most that"
                    + " (map the databases whose WAL is read)");
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        char[] buf = new char[(int) Math.min(n, MAX_LINE)];
        int k = read(buf, 0, buf.length);
        return Math.max(k, 0);
    }
}
