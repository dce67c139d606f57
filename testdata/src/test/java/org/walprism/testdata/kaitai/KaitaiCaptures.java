package org.walprism.testdata.kaitai;

import java.util.List;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** The captures the Kaitai tests run over: every capture of the corpus. */
final class KaitaiCaptures {
    private KaitaiCaptures() {
    }

    static List<Capture> all() {
        List<Capture> all = TestData.captures();
        if (all.isEmpty()) {
            throw new IllegalStateException("the corpus lists no capture");
        }
        return all;
    }
}
