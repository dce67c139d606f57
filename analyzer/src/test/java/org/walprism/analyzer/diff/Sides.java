package org.walprism.analyzer.diff;

import java.util.ArrayList;
import java.util.List;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** Diff inputs made from corpus captures. */
public final class Sides {
    private Sides() {
    }

    public static StreamDiff.Side of(Capture c) {
        return new StreamDiff.Side(c.name(), new CategorySummary(
                CategoryAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0)));
    }

    /** The capture {@code name}; throws when the corpus does not have it (a renamed capture fails a test). */
    public static Capture find(String name) {
        return TestData.capture(name);
    }

    /** Pairs (checksums off, checksums on) of captures of the same version and workload. */
    public static List<Capture[]> checksumPairs() {
        List<Capture[]> out = new ArrayList<>();
        for (Capture off : TestData.captures()) {
            for (Capture on : TestData.captures()) {
                // Same version, workload and every other setting: only data checksums differ.
                if (!off.dataChecksums() && on.dataChecksums() && on.name().equals(off.name() + "_checksums")) {
                    out.add(new Capture[] {off, on});
                }
            }
        }
        return out;
    }

    /** Version labels that have a capture of {@code workload}. */
    public static List<String> versionsWith(String workload) {
        List<String> out = new ArrayList<>();
        for (Capture c : TestData.captures()) {
            if (c.workload().equals(workload)) {
                out.add(c.versionLabel());
            }
        }
        return out;
    }
}
