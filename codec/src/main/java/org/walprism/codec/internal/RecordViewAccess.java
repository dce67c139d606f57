package org.walprism.codec.internal;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.RecordView;

/**
 * Internal, not API: the Netty side of {@link RecordView} for walprism's own reader, describers and scans, which
 * read records in place in the reader's buffer.
 *
 * <p>It reaches {@link RecordView}'s package-private buffer field and {@code parse} method through a private
 * lookup ({@link MethodHandles#privateLookupIn}), so that {@code codec.record} does not depend back on this package
 * (no package cycle, {@code LayeringTest}). Both classes are in one module (or both on the class path), so the
 * lookup needs no {@code opens}. The handles are constants: the JIT inlines them as direct calls.
 */
public final class RecordViewAccess {
    private static final MethodHandle BUFFER;
    private static final MethodHandle PARSE;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(RecordView.class, MethodHandles.lookup());
            BUFFER = lookup.findGetter(RecordView.class, "buf", ByteBuf.class);
            PARSE = lookup.findVirtual(RecordView.class, "parse", MethodType.methodType(RecordView.class,
                    WalVersion.class, ByteBuf.class, int.class, int.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private RecordViewAccess() {
    }

    /** The buffer holding {@code view}'s record; its indexes are {@link RecordView#mainDataIndex()} and the like. */
    public static ByteBuf buffer(RecordView view) {
        try {
            return (ByteBuf) BUFFER.invokeExact(view);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Points {@code view} at the record of {@code length} bytes at {@code index} of {@code buf} and decodes its
     * body; the header must already have been validated (length, rmid).
     *
     * @throws org.walprism.codec.WalFormatException when the body is malformed
     */
    public static RecordView parse(RecordView view, WalVersion version, ByteBuf buf, int index, int length,
                                   long lsn) {
        try {
            return (RecordView) PARSE.invokeExact(view, version, buf, index, length, lsn);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code t} unchanged when it is unchecked (the view's own exceptions); the handles throw nothing checked. */
    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t);
    }
}
