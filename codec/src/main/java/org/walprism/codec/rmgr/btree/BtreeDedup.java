package org.walprism.codec.rmgr.btree;

import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.rmgr.BlockDataPresence;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_BTREE_DEDUP: runs of duplicate tuples on a leaf page merged into posting-list tuples. Block 0 is the page;
 * its data the intervals ({@code BTDedupInterval => baseoff: uint16, nitems: uint16}, {@code nintervals} of them).
 *
 * <p>{@code xl_btree_dedup => nintervals: uint16} (SizeOfBtreeDedup = 2).
 *
 * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19. Mirrors {@code xl_btree_dedup},
 * src/include/access/nbtxlog.h, and {@code BTDedupInterval}, src/include/access/nbtree.h.
 *
 * @param intervals the intervals; empty unless {@code block0} is PRESENT
 */
public record BtreeDedup(int nintervals, BlockDataPresence block0, List<Interval> intervals) implements BtreeRecord {
    /** Bytes of the fixed-size struct. */
    public static final int SIZE = 2;

    /** One {@code BTDedupInterval}: {@code nitems} tuples from offset {@code baseoff} merged into one. */
    public record Interval(int baseoff, int nitems) {
        /** Checks each field against its C type's range and the fields against each other. */
        public Interval {
            FieldChecks.u16(baseoff, "baseoff");
            FieldChecks.u16(nitems, "nitems");
        }
    }

    /** Checks each field against its C type's range and the fields against each other. */
    public BtreeDedup {
        FieldChecks.u16(nintervals, "nintervals");
        FieldChecks.that(block0 != null, "block0 is required");
        intervals = List.copyOf(intervals);
        FieldChecks.that(block0 == BlockDataPresence.PRESENT ? intervals.size() == nintervals : intervals.isEmpty(),
                "nintervals intervals exactly when block 0 data is PRESENT");
    }

    static BtreeDedup decode(PayloadCursor main, BlockInputs blocks) {
        int n = main.u16("nintervals");
        main.expectEnd("xl_btree_dedup");
        blocks.expectOnly(0);
        BlockDataPresence p = blocks.presence(0);
        List<Interval> list = new ArrayList<>();
        if (p == BlockDataPresence.PRESENT) {
            PayloadCursor c = blocks.cursor(0);
            c.require(4L * n, "intervals[nintervals]");
            for (int i = 0; i < n; i++) {
                list.add(new Interval(c.u16("baseoff"), c.u16("nitems")));
            }
            c.expectEnd("intervals[nintervals]");
        }
        return new BtreeDedup(n, p, list);
    }

    @Override
    public BtreeType type() {
        return BtreeType.DEDUP;
    }

    @Override
    public RecordPayload encode() {
        PayloadWriter b = new PayloadWriter(4 * intervals.size());
        for (Interval i : intervals) {
            b.u16(i.baseoff()).u16(i.nitems());
        }
        return RecordPayload.of(Bytes.of(new PayloadWriter(SIZE).u16(nintervals).toByteArray()), 0,
                Bytes.of(b.toByteArray()));
    }
}
