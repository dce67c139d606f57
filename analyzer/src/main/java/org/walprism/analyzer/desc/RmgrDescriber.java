package org.walprism.analyzer.desc;

import org.walprism.codec.record.DecodedRecord;

/**
 * Prints the text a resource manager's {@code rm_desc} function prints for one record, exactly as the
 * PostgreSQL version that wrote the record prints it (pg_waldump's text after {@code desc: NAME }).
 *
 * <p>Mirrors the {@code *_desc} functions of src/backend/access/rmgrdesc/*.c. Implementations are stateless
 * and shared between threads; per-thread state lives in the {@link DescRecord}.
 */
@FunctionalInterface
public interface RmgrDescriber {

    /** Appends the desc text of {@code r} (possibly nothing) to {@code out}. */
    void describe(DescRecord r, TextBuffer out);

    /** The desc text of {@code r}, possibly empty; never null. */
    default String describe(DecodedRecord r) {
        TextBuffer out = new TextBuffer(64);
        describe(DescRecord.of(r), out);
        return out.toString();
    }

    /** A describer from a function that returns the whole text (for rare records, where allocation is fine). */
    static RmgrDescriber ofText(java.util.function.Function<DescRecord, String> f) {
        return (r, out) -> out.append(f.apply(r));
    }
}
