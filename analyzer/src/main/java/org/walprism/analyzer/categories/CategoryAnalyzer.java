package org.walprism.analyzer.categories;

import java.nio.file.Path;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;

/** Reads a WAL range once and attributes it into a {@link CategoryStats}. */
public final class CategoryAnalyzer {
    private CategoryAnalyzer() {
    }

    /**
     * Attributes every record of the range.
     *
     * @param path       WAL directory or segment file
     * @param startLsn   first record at or after this LSN; 0 = from the first record
     * @param endLsn     records ending at or before this LSN; 0 = to the end of WAL
     * @param bucketSize LSN bucket width in bytes; 0 = one segment
     */
    public static CategoryStats analyze(Path path, long startLsn, long endLsn, long bucketSize) {
        return analyze(path, startLsn, endLsn, 0, bucketSize);
    }

    /** As {@link #analyze(Path, long, long, long)} on timeline {@code timeline} (0 = that of the files). */
    public static CategoryStats analyze(Path path, long startLsn, long endLsn, int timeline, long bucketSize) {
        try (WalReader reader = WalReader.open(path, startLsn, endLsn, timeline)) {
            return analyze(reader, bucketSize);
        }
    }

    /** Attributes the records {@code reader} returns from its current position on. */
    public static CategoryStats analyze(WalReader reader, long bucketSize) {
        CategoryStats stats = null;
        RecordView v;
        while ((v = reader.nextView()) != null) {
            if (stats == null) {
                stats = new CategoryStats(v.version(), reader.segmentSize(), bucketSize);
            }
            stats.add(v);
        }
        if (stats == null) {
            stats = new CategoryStats(reader.version(), reader.segmentSize(), bucketSize);
        }
        stats.notices(reader.notices());
        return stats;
    }
}
