package org.walprism.analyzer.relmap;

/** A relation map file walprism cannot use: the message names the file, the line and what is wrong. */
public final class RelationMapException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A relation map that cannot be read: {@code message}. */
    public RelationMapException(String message) {
        super(message);
    }
}
