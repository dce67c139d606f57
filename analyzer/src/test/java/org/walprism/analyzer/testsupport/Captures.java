package org.walprism.analyzer.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.walprism.codec.Lsn;

/**
 * The real captures the analyzer tests run on: every {@code <version>/<workload>} folder under the shared
 * captures root (system property {@code walprism.captures}, default /work/shared/captures). Interim until the
 * testdata module's TestData lands on main; then this delegates to it.
 */
public final class Captures {
    /** One capture folder: WAL, measured range and pg_waldump's outputs. */
    public record Capture(String name, Path dir, long start, long end) {
        public Path wal() {
            return dir.resolve("wal");
        }

        public Path file(String name) {
            return dir.resolve(name);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private Captures() {
    }

    public static Path root() {
        return Path.of(System.getProperty("walprism.captures", "/work/shared/captures"));
    }

    /** All captures, sorted by name; empty when the root is missing. */
    public static List<Capture> all() {
        List<Capture> out = new ArrayList<>();
        Path root = root();
        if (!Files.isDirectory(root)) {
            return out;
        }
        try (Stream<Path> versions = Files.list(root)) {
            for (Path v : versions.sorted().toList()) {
                if (!Files.isDirectory(v)) {
                    continue;
                }
                try (Stream<Path> ws = Files.list(v)) {
                    for (Path w : ws.sorted().toList()) {
                        if (Files.isDirectory(w.resolve("wal")) && Files.isRegularFile(w.resolve("lsn"))) {
                            out.add(load(v.getFileName() + "/" + w.getFileName(), w));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The capture {@code version/workload}, or null when absent. */
    public static Capture get(String name) {
        Path dir = root().resolve(name);
        return Files.isRegularFile(dir.resolve("lsn")) ? load(name, dir) : null;
    }

    private static Capture load(String name, Path dir) {
        try {
            String[] lsn = Files.readString(dir.resolve("lsn")).trim().split("\\s+");
            return new Capture(name, dir, Lsn.parse(lsn[0]).value(), Lsn.parse(lsn[1]).value());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
