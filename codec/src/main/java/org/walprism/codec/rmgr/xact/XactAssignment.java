package org.walprism.codec.rmgr.xact;

import java.util.List;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_XACT_ASSIGNMENT: subtransaction xids assigned to a top-level transaction (logged every
 * PGPROC_MAX_CACHED_SUBXIDS subtransactions for hot standby).
 *
 * <p>{@code xl_xact_assignment => xtop: uint32, nsubxacts: int32, xsub: uint32[nsubxacts]}
 * (MinSizeOfXactAssignment = 8).
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_xact_assignment},
 * src/include/access/xact.h.
 */
public record XactAssignment(long xtop, List<Long> xsub) implements XactRecord {
    /** Checks each field against its C type's range and the fields against each other. */
    public XactAssignment {
        FieldChecks.u32(xtop, "xtop");
        xsub = FieldChecks.u32List(xsub, "xsub");
    }

    static XactAssignment decode(PayloadCursor main) {
        long xtop = main.u32("xtop");
        List<Long> xsub = XactReads.xids(main, main.i32("nsubxacts"), "xsub[nsubxacts]");
        main.expectEnd("xsub[nsubxacts]");
        return new XactAssignment(xtop, xsub);
    }

    @Override
    public XactType type() {
        return XactType.ASSIGNMENT;
    }

    @Override
    public RecordPayload encode() {
        PayloadWriter w = new PayloadWriter(8 + 4 * xsub.size()).u32(xtop).u32(xsub.size());
        XactReads.writeXids(w, xsub);
        return RecordPayload.mainOnly(Bytes.of(w.toByteArray()));
    }
}
