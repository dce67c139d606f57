package org.walprism.cli;

/** Command-line arguments that contradict each other or the files they name (exit code 2, as a usage error). */
final class BadArgumentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadArgumentException(String message) {
        super(message);
    }
}
