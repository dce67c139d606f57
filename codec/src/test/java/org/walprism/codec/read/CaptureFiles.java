package org.walprism.codec.read;

import java.nio.file.Path;

/** Where the reader tests find captures (switches to the testdata accessor once it lands). */
final class CaptureFiles {
    private CaptureFiles() {
    }

    static Path walDir(String name) {
        return Path.of("/work/shared/captures").resolve(name).resolve("wal");
    }
}
