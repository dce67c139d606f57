package org.walprism.analyzer.relmap;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.record.RecordView;
import org.walprism.source.WalSources;

/**
 * One pass over a range for its relation names alone (used where the output is written as the range is read, as
 * {@code dump --names}): the databases its block references touch and the records that change which file holds
 * which relation ({@link RelationEvents}), segments decoded in parallel.
 */
public final class RangeRelations {
    private RangeRelations() {
    }

    /** What the pass found. */
    public record Result(Set<Long> databases, RelationEvents events) {
        /** Completes {@code names} with the range's own changes; returns what could not be followed. */
        public List<org.walprism.codec.WalMessage> follow(RelationMap names) {
            return events.replay(new RelationTracker(names).withInplace());
        }
    }

    /** Reads {@code path} from {@code startLsn} to {@code endLsn} on {@code threads} threads. */
    public static Result scan(Path path, long startLsn, long endLsn, int timeline, int threads, RelationMap names) {
        ParallelWalScan.Result<Sink> r = WalSources.scan(new ParallelWalScan<>(() -> new Sink(names), Sink::merge, threads), path, Lsn.bound(startLsn), Lsn.bound(endLsn), timeline);
        return new Result(r.sink().databases, r.sink().events);
    }

    static final class Sink implements ParallelWalScan.Sink {
        final Set<Long> databases = new TreeSet<>();
        final RelationEvents events;

        Sink(RelationMap names) {
            events = new RelationEvents(names);
        }

        @Override
        public void accept(RecordView v) {
            for (int b = 0; b < v.blockCount(); b++) {
                databases.add(v.dbOid(b));
            }
            events.accept(v);
        }

        static Sink merge(Sink a, Sink b) {
            a.databases.addAll(b.databases);
            a.events.merge(b.events);
            return a;
        }
    }
}
