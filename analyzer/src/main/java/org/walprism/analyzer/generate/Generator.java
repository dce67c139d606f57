package org.walprism.analyzer.generate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.WalVersion;
import org.walprism.codec.write.WalWriter;

/**
 * The generator: model to derivation to planned records to encoded records, and optionally to WAL segments.
 */
public final class Generator {
    private Generator() {
    }

    /** Everything one generation produced. */
    public record Result(WorkloadModel model, Derivation derivation, WalVersion version,
                         List<PlannedRecord> planned, List<PlanEncoder.Encoded> encoded, int indexPasses) {
        public WalStats stats() {
            return PlanEncoder.stats(version, encoded);
        }
    }

    public static Result run(WorkloadModel model, WalVersion version) {
        Derivation d = Derivation.of(model);
        List<PlannedRecord> planned = RecordPlanner.plan(model, d, version);
        List<PlanEncoder.Encoded> encoded = new PlanEncoder(version, model.walCompression(),
                model.compressionRatio()).encode(planned);
        return new Result(model, d, version, planned, encoded, RecordPlanner.indexPasses(model, d, version));
    }

    /**
     * Writes the records of {@code result} as WAL segments into {@code dir}.
     *
     * @return the end LSN of the last record
     */
    public static long write(Result result, Path dir, WalWriter.Options options) throws IOException {
        try (WalWriter w = WalWriter.create(dir, options)) {
            for (PlanEncoder.Encoded e : result.encoded()) {
                w.append(e.bytes());
            }
            return w.endLsn();
        }
    }
}
