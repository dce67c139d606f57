package org.walprism.codec;

/**
 * Invalid or unreadable WAL. One message format for every failure:
 * {@code <what> at LSN X/XXXXXXXX in <file> offset 0x<offset>}, with the parts that are known.
 *
 * <p>Structured fields let callers (the CLI, tests) act on the failure without parsing the text.
 */
public class WalFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What is wrong, without the position. */
    private final String detail;
    /** LSN of the record or page, or -1 when unknown. */
    private final long lsn;
    /** Segment or input file name, or null. */
    private final String file;
    /** Byte offset in the file, or -1 when unknown. */
    private final long offset;

    /** A failure with location; {@code lsn} 0, {@code file} null or {@code offset} &lt; 0 mean unknown. */
    public WalFormatException(String detail, long lsn, String file, long offset) {
        super(compose(detail, lsn, file, offset));
        this.detail = detail;
        this.lsn = lsn;
        this.file = file;
        this.offset = offset;
    }

    /** A format error with no known position. */
    public WalFormatException(String detail) {
        this(detail, 0, null, -1);
    }

    /** What went wrong, without the location. */
    public String detail() {
        return detail;
    }

    /** The LSN where decoding failed, or 0. */
    public long lsn() {
        return lsn;
    }

    /** The segment file name, or null. */
    public String file() {
        return file;
    }

    /** Byte offset inside {@link #file()}, or -1. */
    public long offset() {
        return offset;
    }

    private static String compose(String detail, long lsn, String file, long offset) {
        StringBuilder sb = new StringBuilder(detail);
        if (lsn != 0) {
            sb.append(" at LSN ").append(Lsn.format(lsn, true));
        }
        if (file != null) {
            sb.append(" in ").append(file);
        }
        if (offset >= 0) {
            sb.append(" offset 0x").append(Long.toHexString(offset).toUpperCase(java.util.Locale.ROOT));
        }
        return sb.toString();
    }
}
