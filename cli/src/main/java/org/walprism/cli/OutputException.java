package org.walprism.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * An output file or directory ({@code report -o}, {@code generate -o}, {@code --save-fullpage}, {@code stream
 * --write-segments}) or standard output that cannot be written: exit code
 * {@link ExitCode#OUTPUT}, distinct from an input that cannot be read.
 */
final class OutputException extends IOException {

    private static final long serialVersionUID = 1L;

    OutputException(Path path, String reason, Throwable cause) {
        super("could not write \"" + path + "\": " + reason, cause);
    }

    /** An output that is not a file of its own: {@code what} is e.g. {@code standard output}. */
    OutputException(String what, String reason, Throwable cause) {
        super("could not write to " + what + ": " + reason, cause);
    }

    /** {@code e}, met while writing {@code path}, as an output error (in pg_waldump's strerror words where known). */
    static OutputException of(Path path, IOException e) {
        if (e instanceof OutputException o) {
            return o;
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
        return new OutputException(path, reason, e);
    }

    /**
     * Checks, before any work, that a file can be created at {@code file}: its directory exists, is a directory and
     * is writable.
     */
    static void checkCreatable(Path file) throws OutputException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new OutputException(file, "no such directory", null);
        }
        if (!Files.isWritable(dir)) {
            throw new OutputException(file, "permission denied", null);
        }
    }
}
