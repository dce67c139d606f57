package org.walprism.codec.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.codec.record.RecordView;

class ReaderSmokeTest {
    @Test
    void readsSharedCaptures() throws Exception {
        Path root = Path.of("/work/shared/captures");
        for (String v : List.of("19", "master")) {
            for (String w : List.of("hot_updates", "hot_updates_checksums", "vacuum_indexed", "vacuum_noindex")) {
                Path d = root.resolve(v).resolve(w);
                String[] lsn = Files.readString(d.resolve("lsn")).trim().split("\\s+");
                long s = Lsn.parse(lsn[0]).value();
                long e = Lsn.parse(lsn[1]).value();
                long n = 0;
                long bytes = 0;
                try (WalReader r = WalReader.open(d.resolve("wal"), s, e)) {
                    RecordView view;
                    while ((view = r.nextView()) != null) {
                        n++;
                        bytes += view.totalLength();
                    }
                }
                long oracle = Files.readAllLines(d.resolve("waldump.txt")).stream().filter(l -> l.startsWith("rmgr:")).count();
                System.out.println(v + "/" + w + " records=" + n + " bytes=" + bytes + " oracle=" + oracle);
                assertEquals(oracle, n, v + "/" + w);
            }
        }
    }
}
