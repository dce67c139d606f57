package org.walprism.analyzer.generate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.write.RecordBuilder;
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
        /** pg_waldump-style statistics of the generated records. */
        public WalStats stats() {
            return PlanEncoder.stats(version, encoded);
        }
    }

    /**
     * Generates the records {@code version} writes for {@code model}.
     *
     * @throws IllegalArgumentException when the model cannot be realised (a compression method the version does not
     *                                  have, a page that overflows, a HOT update without room)
     */
    public static Result run(WorkloadModel model, WalVersion version) {
        if (model.walCompression() != BlockImage.Compression.NONE) {
            try {
                // the codec's one dispatch point for compression methods per version decides
                RecordBuilder.compressedImage(version, model.walCompression(), 0, 0, new byte[1], true);
            } catch (WalFormatException e) {
                throw new IllegalArgumentException("walCompression = " + model.walCompression().label() + ": "
                        + e.detail());
            }
        }
        Derivation d = Derivation.of(model);
        List<PlannedRecord> planned = RecordPlanner.plan(model, d, version);
        List<PlanEncoder.Encoded> encoded = new PlanEncoder(version, model.walCompression(),
                model.compressionRatio()).encode(planned);
        return new Result(model, d, version, planned, encoded, RecordPlanner.indexPasses(model, d, version));
    }

    /**
     * Appends the records of {@code result} to {@code writer} (which the caller closes, or aborts on failure).
     *
     * @return the end LSN of the last record
     */
    public static long write(Result result, WalWriter writer) {
        for (PlanEncoder.Encoded e : result.encoded()) {
            writer.append(e.bytes());
        }
        return writer.endLsn();
    }

    /** The end LSN the records of {@code result} reach when written with {@code options}; no file is written. */
    public static long endLsn(Result result, WalWriter.Options options) {
        try (WalWriter w = WalWriter.discarding(options)) {
            return write(result, w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);  // not reached: a discarding writer touches no file
        }
    }
}
