package org.walprism.testdata.kaitai;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The capture folders the Kaitai tests run over (until the corpus accessor lands on main). */
final class KaitaiCaptures {
    private KaitaiCaptures() {
    }

    static List<Path> all() {
        Path root = Path.of(System.getProperty("walprism.captures", "/work/shared/captures"));
        List<Path> out = new ArrayList<>();
        for (String version : List.of("19", "master")) {
            try (Stream<Path> s = Files.list(root.resolve(version))) {
                s.filter(p -> Files.isDirectory(p.resolve("wal"))).sorted().forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no captures under " + root);
        }
        return out;
    }
}
