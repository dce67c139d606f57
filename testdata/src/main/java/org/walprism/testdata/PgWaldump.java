package org.walprism.testdata;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The real pg_waldump of a major, the oracle tests compare walprism with, and one run of it. Found where the test
 * prerequisites put it: {@code -Dwalprism.pg_waldump.N=PATH} (or {@code WALPRISM_PG_WALDUMP_N}) if given, else
 * Debian's package, the capture tool's cache ({@code WALPRISM_CACHE}, testdata/capture/lib.sh),
 * {@code /var/cache/walprism/waldump/N} and {@code ~/.cache/walprism/waldump/N}, then the Debian sid packages that
 * {@code prereqs.sh --sid} unpacks ({@code pg-sid/usr/lib/postgresql/N/bin} under the cache: 19, and 18.6).
 */
public final class PgWaldump {
    private PgWaldump() {
    }

    /** What one run printed and returned. */
    public record Run(int exit, String out, String err) {
    }

    /** Where pg_waldump {@code major} is looked for, in order. */
    public static List<Path> candidates(int major) {
        String p = System.getProperty("walprism.pg_waldump." + major, System.getenv("WALPRISM_PG_WALDUMP_" + major));
        List<Path> candidates = new ArrayList<>();
        if (p != null) {
            candidates.add(Path.of(p));
            return candidates;
        }
        candidates.add(Path.of("/usr/lib/postgresql/" + major + "/bin/pg_waldump"));
        String cache = System.getenv("WALPRISM_CACHE");
        if (cache != null) {
            candidates.add(Path.of(cache, "waldump", String.valueOf(major), "pg_waldump"));
        }
        candidates.add(Path.of("/var/cache/walprism/waldump/" + major + "/pg_waldump"));
        candidates.add(Path.of(System.getProperty("user.home"), ".cache/walprism/waldump/" + major + "/pg_waldump"));
        String sid = "pg-sid/usr/lib/postgresql/" + major + "/bin/pg_waldump";
        if (cache != null) {
            candidates.add(Path.of(cache, sid));
        }
        candidates.add(Path.of("/var/cache/walprism", sid));
        return candidates;
    }

    /** The first executable of {@link #candidates}, if any. */
    public static Optional<Path> find(int major) {
        return candidates(major).stream().filter(Files::isExecutable).findFirst();
    }

    /**
     * Runs {@code bin} with {@code args}: stdout through a temporary file (a large dump never blocks on a pipe),
     * stderr read while it runs; fails after {@code timeoutSeconds}.
     */
    public static Run run(Path bin, List<String> args, long timeoutSeconds) {
        List<String> cmd = new ArrayList<>();
        cmd.add(bin.toString());
        cmd.addAll(args);
        Path out = null;
        try {
            out = Files.createTempFile("walprism-waldump", ".out");
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).start();
            byte[] err = p.getErrorStream().readAllBytes();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("pg_waldump did not finish in " + timeoutSeconds + " s: " + cmd);
            }
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    new String(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted running " + cmd, e);
        } finally {
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException e) {
                    // a leftover temporary file is not the test's failure
                }
            }
        }
    }
}
