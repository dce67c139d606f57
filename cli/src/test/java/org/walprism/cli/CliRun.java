package org.walprism.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the {@code walprism} command in this JVM, as the tests of the CLI contract do, and keeps what it printed. */
final class CliRun {

    /** The exit code and what the command wrote to standard output and standard error. */
    record Result(int code, String out, String err) {
    }

    private CliRun() {
    }

    /** {@code walprism ARGS}, with its output and errors captured. */
    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }
}
