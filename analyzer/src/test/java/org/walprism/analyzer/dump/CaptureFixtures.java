package org.walprism.analyzer.dump;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.walprism.codec.Lsn;

/**
 * The real captures this test can reach: /work/shared/captures/{19,master}/<workload>/ until the testdata
 * module's TestData.captures() lands; then this class delegates to it.
 */
final class CaptureFixtures {
    private CaptureFixtures() {
    }

    /** One capture folder: WAL, measured LSN range and the oracle files. */
    record Capture(String label, Path dir) {
        Path wal() {
            return dir.resolve("wal");
        }

        long[] range() {
            try {
                String[] parts = Files.readString(dir.resolve("lsn")).trim().split("\\s+");
                return new long[] {Lsn.parse(parts[0]).value(), Lsn.parse(parts[1]).value()};
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        List<String> lines(String file) {
            Path p = dir.resolve(file);
            if (!Files.exists(p)) {
                return null;
            }
            try {
                return Files.readAllLines(p);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String toString() {
            return label;
        }
    }

    static List<Capture> all() {
        Path root = Path.of(System.getProperty("walprism.captures", "/work/shared/captures"));
        List<Capture> out = new ArrayList<>();
        for (String major : List.of("13", "14", "15", "16", "17", "18", "19", "master")) {
            Path m = root.resolve(major);
            if (!Files.isDirectory(m)) {
                continue;
            }
            try (Stream<Path> s = Files.list(m)) {
                s.filter(p -> Files.isDirectory(p.resolve("wal"))).sorted()
                        .forEach(p -> out.add(new Capture(major + "/" + p.getFileName(), p)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }
}
