package org.walprism.cli;

import java.io.PrintWriter;
import java.util.List;
import org.walprism.analyzer.PlainText;

/**
 * Prints what the reader reported beside a successful result, one stderr line each
 * ({@code walprism: note: end of WAL at 0/1707FB8: invalid record length at 0/1707FB8: expected at least 24, got 0}),
 * so that a user always learns where and why reading stopped when no end was requested.
 */
final class Notices {
    private Notices() {
    }

    static void print(PrintWriter err, List<String> notices) {
        for (String n : notices) {
            err.println("walprism: note: " + PlainText.escape(n));
        }
        err.flush();
    }
}
