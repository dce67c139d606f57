package org.walprism.analyzer.report;

import java.util.Locale;
import org.walprism.analyzer.json.Json;
import org.walprism.analyzer.replay.ReplayDiff;
import org.walprism.analyzer.replay.Replayer;

/**
 * Prints a replay's before/after exactly as {@link DiffFormatter} prints {@code walprism diff} (A = the
 * range as captured, B = its records in the target major's design), preceded by what the replay did:
 * a heading line in text, a {@code replay} object in JSON (next to the diff's own keys), {@code replay}
 * rows in CSV.
 */
public final class ReplayFormatter {
    private ReplayFormatter() {
    }

    /** {@code replay} output of {@code o} in {@code format}. */
    public static String format(ReplayDiff.Outcome o, OutputFormat format) {
        return format(o, format, DiffFormatter.TEXT_ROWS);
    }

    /** As {@link #format(ReplayDiff.Outcome, OutputFormat)}, text tables cut at {@code textRows} (negative: all). */
    public static String format(ReplayDiff.Outcome o, OutputFormat format, int textRows) {
        Replayer.Summary r = o.replay();
        return switch (format) {
            case TEXT -> String.join("\n", DiffFormatter.wrap(String.format(Locale.ROOT,
                    "Replay of PostgreSQL %s WAL in %s's record design: %d vacuum/pruning page steps re-expressed"
                    + " (%d source records); B is A with those steps rewritten%s.", r.from().label(), r.to().label(),
                    r.steps(), r.stepsFromRecords(), o.compression() == null ? ""
                    : " and every full-page image stored as wal_compression=" + o.compression() + " would store it"),
                    0, 0)) + "\n\n" + DiffFormatter.text(o.diff(), textRows);
            case JSON -> {
                Json j = new Json().beginObject();
                j.key("replay").beginObject().field("from", r.from().label()).field("as", r.to().label())
                        .field("steps", r.steps()).field("source_records", r.stepsFromRecords());
                if (o.compression() != null) {
                    j.field("compression", o.compression());
                }
                j.endObject();
                DiffFormatter.jsonFields(o.diff(), j);
                yield j.endObject() + "\n";
            }
            case CSV -> Csv.row("section", "name", "metric", "a", "b", "delta", "relative")
                    + Csv.row("replay", "from", "version", r.from().label(), "", "", "")
                    + Csv.row("replay", "as", "version", "", r.to().label(), "", "")
                    + Csv.row("replay", "steps", "count", "", r.steps(), "", "")
                    + Csv.row("replay", "source_records", "count", r.stepsFromRecords(), "", "", "")
                    + (o.compression() == null ? "" : Csv.row("replay", "compression", "setting", "", o.compression(),
                    "", ""))
                    + DiffFormatter.csvRows(o.diff());
        };
    }
}
