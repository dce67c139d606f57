package org.walprism.codec.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.WalVersion;

/** {@link WalWriter#discarding}: the layout of a file writer without files; {@link WalWriter#abort} from another thread. */
class WalWriterDiscardAbortTest {
    private static final int MIB = 1024 * 1024;

    @TempDir
    Path dir;

    /** Records of growing length, 3 MiB in all, with one XLOG_SWITCH: page and segment crossings of every kind. */
    private static List<byte[]> records(WalVersion v) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            out.add(WalWriterTest.noop(v, 1 + (i * 977) % 15000));
            if (i == 150) {
                out.add(WalWriterTest.xlogSwitch(v));
            }
        }
        return out;
    }

    private List<String> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void discardingWriterGivesTheLsnsOfAFileWriterAndWritesNothing() throws IOException {
        WalVersion v = WalVersion.PG17;
        List<Long> written = new ArrayList<>();
        long writtenEnd;
        try (WalWriter w = WalWriter.create(dir.resolve("files"), WalWriter.options(v).segmentSize(MIB))) {
            for (byte[] r : records(v)) {
                written.add(w.append(r));
            }
            writtenEnd = w.endLsn();
        }
        List<Long> laidOut = new ArrayList<>();
        long laidOutEnd;
        try (WalWriter w = WalWriter.discarding(WalWriter.options(v).segmentSize(MIB))) {
            for (byte[] r : records(v)) {
                laidOut.add(w.append(r));
            }
            laidOutEnd = w.endLsn();
        }
        assertEquals(written, laidOut);
        assertEquals(writtenEnd, laidOutEnd);
        assertTrue(writtenEnd > 3L * MIB, "the records span several segments");
        assertEquals(List.of("files"), files(), "only the file writer's directory exists");
    }

    @Test
    void abortFromAnotherThreadWhileAppendingRemovesThePartialSegments() throws Exception {
        WalVersion v = WalVersion.PG16;
        WalWriter w = WalWriter.create(dir, WalWriter.options(v).segmentSize(MIB));
        List<Throwable> stoppedBy = new ArrayList<>();
        Thread appender = new Thread(() -> {
            try {
                for (int i = 0; ; i++) {
                    w.append(WalWriterTest.noop(v, 1 + (i * 977) % 15000));
                }
            } catch (Throwable t) {
                stoppedBy.add(t);
            }
        });
        appender.start();
        while (files().size() < 3) {
            Thread.sleep(1);  // let it write into a few segments
        }
        w.abort();  // as a shutdown hook does, while the appender runs
        appender.join();
        assertEquals(IllegalStateException.class, stoppedBy.get(0).getClass(), "append after abort fails");
        assertEquals(List.of(), files(), "no partial segment and no final name left");
        w.close();
        assertEquals(List.of(), files(), "close after abort renames nothing");
    }
}
