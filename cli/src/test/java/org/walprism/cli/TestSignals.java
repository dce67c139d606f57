package org.walprism.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the signals tests can send: a child inherits an ignored SIGINT, and its JVM then installs no handler. */
final class TestSignals {

    private TestSignals() {
    }

    /**
     * Whether this process ignores SIGINT (bit 1 of the SigIgn mask in /proc/self/status): a background job of a
     * non-interactive shell runs so, and every process it starts, walprism included, ignores Ctrl-C too.
     */
    static boolean sigintIgnored() {
        Path status = Path.of("/proc/self/status");
        try {
            if (!Files.isReadable(status)) {
                return false;
            }
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("SigIgn:")) {
                    return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << 1)) != 0;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }
}
