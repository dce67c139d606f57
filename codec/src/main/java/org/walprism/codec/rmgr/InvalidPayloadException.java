package org.walprism.codec.rmgr;

import org.walprism.codec.WalFormatException;

/**
 * A resource-manager payload (main data or block data) whose bytes contradict themselves: a count that
 * overruns the data, a length that does not match its struct, bytes left over after the last field.
 *
 * <p>The message names the record, the part ({@code main data}, {@code block 0 data}), the field and the
 * byte offset inside that part, for example
 * {@code PRUNE_VACUUM_SCAN block 0 data: xlhp_prune_items.data needs 600 bytes at offset 2 but 40 remain}.
 */
public class InvalidPayloadException extends WalFormatException {
    private static final long serialVersionUID = 1L;

    /** The payload part that is wrong (a struct or field name). */
    private final String part;
    /** Offset of that part in the payload. */
    private final int partOffset;
    /** What is wrong with it. */
    private final String payloadDetail;

    /** The payload's {@code part} at {@code partOffset} is invalid: {@code detail}. */
    public InvalidPayloadException(String part, int partOffset, String detail) {
        this(part, partOffset, detail, 0);
    }

    /** With the LSN of the record, when known (0 = unknown). */
    public InvalidPayloadException(String part, int partOffset, String detail, long lsn) {
        super(part + ": " + detail, lsn, null, -1);
        this.part = part;
        this.partOffset = partOffset;
        this.payloadDetail = detail;
    }

    /** The same failure, located at the record starting at {@code lsn}. */
    public InvalidPayloadException at(long lsn) {
        return new InvalidPayloadException(part, partOffset, payloadDetail, lsn);
    }

    /** Which payload part failed, e.g. {@code FREEZE_PAGE block 0 data}. */
    public String part() {
        return part;
    }

    /** Byte offset inside {@link #part()} where decoding failed, or -1. */
    public int partOffset() {
        return partOffset;
    }
}
