package org.walprism.analyzer.desc;

import java.util.function.IntFunction;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.Heap2Type;
import org.walprism.codec.rmgr.heap2.Heap2View;
import org.walprism.codec.rmgr.lengths.PayloadLengths;

/**
 * Validates a record's payload exactly as {@code dump} does when it prints the record's desc, for the commands
 * that do not print it ({@code stats}, {@code --categories}, {@code diff}, {@code report}, {@code vacuums}): what
 * {@code dump} rejects, every command rejects, with the same exception and message.
 *
 * <p>A check costs a length walk, never text: every record type's main-data and block-data rules are declared
 * where its layout is read, in the codec ({@link PayloadLengths}, and for Heap2 the layout view {@link Heap2View}
 * the describer prints from), and equal
 * what the describer needs (DescLengthRulesTest). A record the rules accept is one the describer prints without
 * error, so it is not described. Only a record they reject is described, into a scratch buffer, so that the
 * describer throws naming the field as {@code dump} does (that record ends the command). Allocates nothing.
 *
 * <p>Not thread-safe: one instance per thread.
 */
public final class RecordCheck {
    private final DescRecord rec = new DescRecord();
    private final TextBuffer scratch = new TextBuffer(256);
    private final Heap2View heap2 = new Heap2View();
    private final boolean heap2Vacuum;
    private final IntFunction<RmgrDescriber> describers;

    /** A check of every record. */
    public RecordCheck() {
        this(true);
    }

    /**
     * A check of every record, or ({@code heap2Vacuum} false) of every record but the Heap2 vacuum records, for a
     * caller whose own in-place scan of those falls back to the codec's decoder (the same decision and message).
     */
    public RecordCheck(boolean heap2Vacuum) {
        this(heap2Vacuum, Describers::forRmgr);
    }

    /** A check that describes a rejected record with {@code describers} (a test's, to see when that happens). */
    RecordCheck(boolean heap2Vacuum, IntFunction<RmgrDescriber> describers) {
        this.heap2Vacuum = heap2Vacuum;
        this.describers = describers;
    }

    /**
     * Throws what {@code dump} throws while describing {@code v}; returns quietly for a record {@code dump} prints.
     *
     * @throws org.walprism.codec.WalFormatException when {@code v}'s payload contradicts its layout
     */
    public void check(RecordView v) {
        int rmid = v.rmid();
        if (rmid == RmgrTable.HEAP2) {
            if (heap2Passes(v)) {
                return;
            }
        } else if (PayloadLengths.accepts(v)) {
            return;
        }
        describers.apply(rmid).describe(rec.load(v), scratch.clear());
    }

    /** Whether a Heap2 record passes without describing it (false: the describer decides). */
    private boolean heap2Passes(RecordView v) {
        if (heap2.load(v)) {
            return true;
        }
        Heap2Type type = heap2.type();
        // heap2_desc prints nothing for an unknown code; a vacuum record may be left to the caller's own check
        return type == null || (!heap2Vacuum && Heap2View.isVacuum(type));
    }
}
