package org.walprism.cli;

/** Command-line arguments that contradict each other or the files they name (exit code 2, as a usage error). */
final class BadArgumentException extends RuntimeException implements org.walprism.codec.WalMessage.Source {
    private static final long serialVersionUID = 1L;

    /** The message, its WAL locations as values. */
    private final org.walprism.codec.WalMessage message;

    BadArgumentException(String message) {
        this(org.walprism.codec.WalMessage.text(message));
    }

    /** A message holding WAL locations ({@link ErrorReporter} prints them as the WAL's major does). */
    BadArgumentException(org.walprism.codec.WalMessage message) {
        super(message.toString());
        this.message = message;
    }

    @Override
    public org.walprism.codec.WalMessage walMessage() {
        return message;
    }
}
