package org.walprism.analyzer.stats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.walprism.codec.Lsn;

/**
 * The real captures under /work/shared/captures (19, master) until the corpus' TestData accessor lands;
 * same shape as its Capture: WAL directory, measured range, oracle files.
 */
final class SharedCaptures {
    static final Path ROOT = Path.of(System.getProperty("walprism.sharedCaptures", "/work/shared/captures"));

    record Cap(String name, String versionLabel, Path dir) {
        Path walDir() {
            return dir.resolve("wal");
        }

        long startLsn() {
            return lsn(0);
        }

        long endLsn() {
            return lsn(1);
        }

        boolean has(String oracle) {
            return Files.isRegularFile(dir.resolve(oracle));
        }

        String oracleText(String oracle) {
            try {
                return Files.readString(dir.resolve(oracle));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private long lsn(int i) {
            return Lsn.parse(oracleText("lsn").trim().split("\\s+")[i]).value();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private SharedCaptures() {
    }

    static List<Cap> all() {
        List<Cap> out = new ArrayList<>();
        if (!Files.isDirectory(ROOT)) {
            return out;
        }
        try (Stream<Path> versions = Files.list(ROOT)) {
            for (Path v : versions.sorted().toList()) {
                if (!Files.isDirectory(v) || v.getFileName().toString().equals("workloads")) {
                    continue;
                }
                try (Stream<Path> caps = Files.list(v)) {
                    for (Path c : caps.sorted().toList()) {
                        if (Files.isDirectory(c.resolve("wal")) && Files.isRegularFile(c.resolve("lsn"))) {
                            out.add(new Cap(v.getFileName() + "/" + c.getFileName(), v.getFileName().toString(), c));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
