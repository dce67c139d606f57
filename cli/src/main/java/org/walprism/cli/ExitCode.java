package org.walprism.cli;

/**
 * Every exit status walprism returns, in one place. {@link ErrorReporter} maps failures to these.
 */
public enum ExitCode {
    /** The command did what was asked. */
    OK(0, "success"),
    /** Bad options or arguments (picocli's usage-error code), an invalid workload model, an output file in the way. */
    USAGE(2, "invalid command line"),
    /** The input path does not exist or cannot be read. */
    INPUT(3, "input path missing or unreadable"),
    /** The WAL is invalid (bad page header, bad record header, broken xl_prev, no valid record after -s). */
    INVALID_WAL(4, "invalid WAL"),
    /** The WAL ends before the requested range does: truncated segment or missing segment. */
    TRUNCATED(5, "WAL truncated or segment missing"),
    /** A record's CRC-32C differs from its stored xl_crc. */
    CHECKSUM(6, "record checksum mismatch"),
    /** A page magic no supported PostgreSQL version writes. */
    UNSUPPORTED_VERSION(7, "unsupported WAL version"),
    /**
     * An output that cannot be written: a file or directory ({@code report -o}, {@code generate -o},
     * {@code --save-fullpage}, {@code stream --write-segments}, a planted link there) or standard output (a full
     * disk; a closed pipe ends quietly with {@link #OK}).
     */
    OUTPUT(8, "output cannot be written"),
    /** A bug in walprism: rerun with --debug and report the stack trace. */
    INTERNAL(70, "internal error");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** The process exit status. */
    public int code() {
        return code;
    }

    /** One-line meaning, shown in --help. */
    public String meaning() {
        return meaning;
    }

    /** {@code code:meaning} lines for picocli's exit-code section of --help. */
    static java.util.Map<String, String> helpList() {
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
        for (ExitCode c : values()) {
            String n = Integer.toString(c.code);
            m.put("   ".substring(n.length()) + n, c.meaning);
        }
        return m;
    }
}
