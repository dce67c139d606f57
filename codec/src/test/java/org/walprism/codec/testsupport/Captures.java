package org.walprism.codec.testsupport;

import java.util.List;
import java.util.function.Consumer;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** The corpus captures (every version {@link TestData} lists) and a record loop over their measured range. */
public final class Captures {
    private Captures() {
    }

    public static List<Capture> all() {
        return TestData.captures();
    }

    /** Every record of the measured range of {@code c}, in order. */
    public static void forEachRecord(Capture c, Consumer<DecodedRecord> action) {
        try (WalReader r = WalReader.open(c.walDir(), c.startLsn(), c.endLsn())) {
            DecodedRecord rec;
            while ((rec = r.next()) != null) {
                action.accept(rec);
            }
        }
    }
}
