package org.walprism.client;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A file that {@link SegmentArchive} cannot write (or refuses to: a link, a file with other hard links), distinct
 * from WAL that cannot be read; the CLI maps it to its output exit code.
 */
public final class WriteException extends IOException {

    private static final long serialVersionUID = 1L;

    /** {@code could not write "PATH": REASON}. */
    public WriteException(Path path, String reason, Throwable cause) {
        super("could not write \"" + path + "\": " + reason, cause);
    }

    /** {@code e}, met while writing {@code path}, as a write error (in pg_waldump's strerror words where known). */
    static WriteException of(Path path, IOException e) {
        if (e instanceof WriteException w) {
            return w;
        }
        String reason;
        if (e instanceof AccessDeniedException) {
            reason = "permission denied";
        } else if (e instanceof NoSuchFileException) {
            reason = "no such file or directory";
        } else if (e instanceof FileSystemException f && f.getReason() != null) {
            reason = f.getReason();
        } else {
            reason = e.getMessage() != null ? e.getMessage() : e.toString();
        }
        return new WriteException(path, reason, e);
    }
}
