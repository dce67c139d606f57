package org.walprism.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import org.walprism.analyzer.PlainText;
import org.walprism.codec.WalMessage;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.ForkableSource;
import org.walprism.source.WalSources;

/**
 * Prints what the reader reported beside a successful result, one stderr line each
 * ({@code walprism: note: end of WAL at 0/1707FB8: invalid record length at 0/1707FB8: expected at least 24, got 0}),
 * so that a user always learns where and why reading stopped when no end was requested.
 */
final class Notices {
    private Notices() {
    }

    /** Notes that hold no WAL location (a stream's archive of received segments). */
    static void printText(PrintWriter err, List<String> notices) {
        for (String n : notices) {
            err.println("walprism: note: " + PlainText.escape(n));
        }
        err.flush();
    }

    /**
     * The notes, their LSNs (values in each {@link WalMessage}) printed as {@code version}'s pg_waldump prints them:
     * the one rule for LSNs, the WAL's major decides; {@code version} null (no WAL read): walprism's own
     * {@code %X/%08X}.
     */
    static void print(PrintWriter err, List<WalMessage> notices, WalVersion version) {
        for (WalMessage n : notices) {
            err.println("walprism: note: " + PlainText.escape(n.format(version)));
        }
        err.flush();
    }

    /**
     * The version of the WAL {@code range} names, from the page magic ({@code xlp_magic}) of the segment holding its
     * start, else of its first segment (the start may lie where no record is); null when neither can be read: a
     * message must not fail for want of it.
     */
    static WalVersion versionOf(WalRangeOptions range) {
        try {
            WalRangeOptions.Range r = range.range();
            return versionOf(r.path(), r.start(), r.timeline());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The major of the WAL inputs {@code a} and {@code b} of diff or report ({@code b} may be null) when they share
     * one; null otherwise (walprism's own form for a failure that may come from either).
     */
    static WalVersion versionOf(WalInput a, WalInput b) {
        WalVersion va = a == null ? null : versionOf(a.path(), a.start() == null ? 0 : a.start(), 0);
        if (b == null) {
            return va;
        }
        return va == versionOf(b.path(), b.start() == null ? 0 : b.start(), 0) ? va : null;
    }

    private static WalVersion versionOf(java.nio.file.Path path, long start, int timeline) {
        try {
            try (ForkableSource src = WalSources.open(path, timeline)) {
                byte[] magic = new byte[2];
                long segno = Long.divideUnsigned(start, src.segmentSize());
                if (!src.read(segno, 0, magic, 0, 2)) {
                    segno = src.firstSegment();
                    if (!src.read(segno, 0, magic, 0, 2)) {
                        return null;
                    }
                }
                return WalVersion.ofPageMagic((magic[0] & 0xFF) | (magic[1] & 0xFF) << 8, segno * src.segmentSize(),
                        src.segmentName(segno), 0);
            }
        } catch (RuntimeException e) {
            return null;
        }
    }
}
