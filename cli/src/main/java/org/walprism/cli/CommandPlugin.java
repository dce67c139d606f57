package org.walprism.cli;

/**
 * A subcommand that lives in another jar (walprism-sql's {@code sql} and {@code export}, which carry DuckDB), found
 * with {@link java.util.ServiceLoader} when that jar is on the class path ({@code bin/walprism} adds it when it is
 * built), so that the CLI jar itself does not carry it.
 */
public interface CommandPlugin {
    /** The subcommand's name, as typed after {@code walprism}. */
    String name();

    /** A new instance of the picocli command (an object annotated with {@code @Command}). */
    Object newCommand();
}
