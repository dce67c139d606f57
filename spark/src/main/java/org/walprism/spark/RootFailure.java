package org.walprism.spark;

import org.walprism.codec.WalFormatException;

/**
 * The WAL of one archive root could not be read: the reader's error, with its file, LSN and offset (the same message
 * as {@code walprism stats}'), and the root it happened in, which the job's error line names first.
 */
public final class RootFailure extends WalFormatException {
    private static final long serialVersionUID = 1L;

    private final String cluster;
    private final String path;

    /** {@code e}, met reading root {@code path} labelled {@code cluster}. */
    public RootFailure(String cluster, String path, WalFormatException e) {
        super(e.detailMessage(), e.lsn(), e.file(), e.offset());
        initCause(e);
        this.cluster = cluster;
        this.path = path;
    }

    /** The root: its path, after its label when it has one. */
    public String root() {
        return cluster.equals(path) ? path : cluster + " (" + path + ")";
    }

    /** The first {@link WalFormatException} in {@code t}'s causes (Spark wraps a task's in its own), or null. */
    static WalFormatException find(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof WalFormatException w) {
                return w;
            }
        }
        return null;
    }
}
