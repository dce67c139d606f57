package org.walprism.codec.rmgr.xlog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;

/**
 * The real captures these tests run over: /work/shared/captures/{19,master}/* until the testdata module's
 * TestData lands with 13-18 (then switch to it).
 */
final class Captures {
    static final Path ROOT = Path.of("/work/shared/captures");

    record Capture(String label, Path dir) {
        long startLsn() {
            return lsn(0);
        }

        long endLsn() {
            return lsn(1);
        }

        private long lsn(int i) {
            try {
                return Lsn.parse(Files.readString(dir.resolve("lsn")).trim().split("\\s+")[i]).value();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Every record of the measured range, in order. */
        void forEachRecord(Consumer<DecodedRecord> action) {
            try (WalReader r = WalReader.open(dir.resolve("wal"), startLsn(), endLsn())) {
                DecodedRecord rec;
                while ((rec = r.next()) != null) {
                    action.accept(rec);
                }
            }
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private Captures() {
    }

    static List<Capture> all() {
        List<Capture> out = new ArrayList<>();
        for (String version : List.of("13", "14", "15", "16", "17", "18", "19", "master")) {
            Path vdir = ROOT.resolve(version);
            if (!Files.isDirectory(vdir)) {
                continue;
            }
            try (Stream<Path> s = Files.list(vdir)) {
                s.filter(d -> Files.isDirectory(d.resolve("wal"))).sorted()
                        .forEach(d -> out.add(new Capture(version + "/" + d.getFileName(), d)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }
}
