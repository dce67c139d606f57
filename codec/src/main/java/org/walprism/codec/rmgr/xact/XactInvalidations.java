package org.walprism.codec.rmgr.xact;

import java.util.List;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.InvalidationMessage;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_XACT_INVALIDATIONS (14+): invalidation messages logged at command end for logical decoding of
 * in-progress transactions.
 *
 * <p>{@code xl_xact_invals => nmsgs: int32, msgs: SharedInvalidationMessage[nmsgs]} (MinSizeOfXactInvals = 4).
 *
 * <p>Layout used by: PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_xact_invals},
 * src/include/access/xact.h.
 */
public record XactInvalidations(List<InvalidationMessage> msgs) implements XactRecord {
    /** Copies the messages (the value is immutable). */
    public XactInvalidations {
        msgs = List.copyOf(msgs);
    }

    static XactInvalidations decode(PayloadCursor main) {
        List<InvalidationMessage> msgs = main.invalidationMessages(main.i32("nmsgs"), "msgs[nmsgs]");
        main.expectEnd("msgs[nmsgs]");
        return new XactInvalidations(msgs);
    }

    @Override
    public XactType type() {
        return XactType.INVALIDATIONS;
    }

    @Override
    public RecordPayload encode() {
        PayloadWriter w = new PayloadWriter(4 + InvalidationMessage.SIZE * msgs.size()).u32(msgs.size());
        w.invalidationMessages(msgs);
        return RecordPayload.mainOnly(Bytes.of(w.toByteArray()));
    }
}
