package org.walprism.codec;

/**
 * Invalid or unreadable WAL. One message format for every failure:
 * {@code <what> at LSN X/XXXXXXXX in <file> offset 0x<offset>}, with the parts that are known.
 *
 * <p>Structured fields let callers (the CLI, tests) act on the failure without parsing the text.
 */
public class WalFormatException extends RuntimeException implements WalMessage.Source {
    private static final long serialVersionUID = 1L;

    /** What is wrong, without the position. */
    private final String detail;
    /** {@link #detail}, its LSNs as values. */
    private final WalMessage what;
    /** LSN of the record or page, or -1 when unknown. */
    private final long lsn;
    /** Segment or input file name, or null. */
    private final String file;
    /** Byte offset in the file, or -1 when unknown. */
    private final long offset;

    /** A failure with location; {@code lsn} 0, {@code file} null or {@code offset} &lt; 0 mean unknown. */
    public WalFormatException(String detail, long lsn, String file, long offset) {
        this(WalMessage.text(detail), lsn, file, offset);
    }

    /**
     * A failure whose description holds WAL locations as values ({@link WalMessage}), so that they are printed as
     * the WAL's major prints them ({@link #walMessage()}); {@code lsn} 0, {@code file} null or {@code offset} &lt; 0
     * mean unknown.
     */
    public WalFormatException(WalMessage detail, long lsn, String file, long offset) {
        super(compose(detail, lsn, file, offset).toString());
        this.detail = detail.toString();
        this.what = detail;
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

    /** {@link #detail()} with its WAL locations as values. */
    public WalMessage detailMessage() {
        return what;
    }

    /**
     * The whole message ({@link #getMessage()}: {@code <what> at LSN X/X in <file> offset 0x<offset>}) with its WAL
     * locations as values, for the CLI to print as the WAL's major does.
     */
    @Override
    public WalMessage walMessage() {
        return compose(what, lsn, file, offset);
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

    private static WalMessage compose(WalMessage detail, long lsn, String file, long offset) {
        WalMessage m = detail;
        if (lsn != 0) {
            m = m.plus(" at LSN ", Lsn.of(lsn));
        }
        if (file != null) {
            m = m.plus(" in ", file);
        }
        if (offset >= 0) {
            m = m.plus(" offset 0x", Long.toHexString(offset).toUpperCase(java.util.Locale.ROOT));
        }
        return m;
    }
}
