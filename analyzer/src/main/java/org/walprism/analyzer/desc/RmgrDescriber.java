package org.walprism.analyzer.desc;

import org.walprism.codec.record.DecodedRecord;

/**
 * Prints the text a resource manager's {@code rm_desc} function prints for one record, exactly as the
 * PostgreSQL version that wrote the record prints it (pg_waldump's text after {@code desc: NAME }).
 *
 * <p>Mirrors the {@code *_desc} functions of src/backend/access/rmgrdesc/*.c.
 */
public interface RmgrDescriber {

    /** The desc text of {@code r}, possibly empty; never null. */
    String describe(DecodedRecord r);
}
