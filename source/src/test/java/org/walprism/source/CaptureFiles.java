package org.walprism.source;

import java.nio.file.Path;
import org.walprism.testdata.TestData;

/** Where the reader tests find captures: the testdata accessor. */
final class CaptureFiles {
    private CaptureFiles() {
    }

    static Path walDir(String name) {
        return TestData.capture(name).walDir();
    }
}
