package org.walprism.codec.internal;

import io.netty.buffer.ByteBuf;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.RecordView;

/**
 * Internal, not API: the Netty side of {@link RecordView} for walprism's own reader, describers and scans, which
 * read records in place in the reader's buffer. {@link RecordView} registers the implementation when its class
 * is initialised, which any call here (it takes a view) has already caused.
 */
public final class RecordViewAccess {
    /** What {@link RecordView} exposes to walprism's own modules. */
    public interface Access {
        /** The buffer holding {@code view}'s record. */
        ByteBuf buffer(RecordView view);

        /** Points {@code view} at the record of {@code length} bytes at {@code index} of {@code buf}. */
        RecordView parse(RecordView view, WalVersion version, ByteBuf buf, int index, int length, long lsn);
    }

    private static Access access;

    private RecordViewAccess() {
    }

    /** Called once, by {@link RecordView}'s static initialiser. */
    public static synchronized void register(Access a) {
        if (access != null) {
            throw new IllegalStateException("RecordView access registered twice");
        }
        access = a;
    }

    /** The buffer holding {@code view}'s record; its indexes are {@link RecordView#mainDataIndex()} and the like. */
    public static ByteBuf buffer(RecordView view) {
        return access.buffer(view);
    }

    /**
     * Points {@code view} at the record of {@code length} bytes at {@code index} of {@code buf} and decodes its
     * body; the header must already have been validated (length, rmid).
     */
    public static RecordView parse(RecordView view, WalVersion version, ByteBuf buf, int index, int length,
                                   long lsn) {
        return access.parse(view, version, buf, index, length, lsn);
    }
}
