package org.walprism.analyzer.diff;

import java.util.List;

/**
 * One recognised cause of a difference between two WAL ranges: the net change of WAL bytes it explains, broken into
 * its parts, and what of the Totals' change it leaves to other causes, so that its parts add up to the Totals.
 *
 * @param id          stable key: {@code hint_fpi}, {@code prune_freeze_merge}, {@code visible_vanish},
 *                    {@code fpi_share}, {@code compression}, {@code record_count}
 * @param impactBytes the net change of WAL bytes from A to B this explains (negative when B writes less): the sum
 *                    of its {@link #parts()} but the last, {@link #OTHER}
 * @param text        one or two sentences, with the numbers
 * @param parts       what the change is made of, then {@link #OTHER}: the rest of the Totals' change of
 *                    {@code bytes}; all of them add up to that change
 */
public record Explanation(String id, long impactBytes, String text, List<Part> parts) {
    /** Key of the last part: the bytes of the Totals' change this cause does not explain. */
    public static final String OTHER = "other";

    /** One part of an explanation: a key, what it is, its change of WAL bytes from A to B. */
    public record Part(String key, String label, long bytes) {
    }

    public Explanation {
        parts = List.copyOf(parts);
    }

    /**
     * An explanation of {@code parts} (zero parts left out), completed by {@link #OTHER}: {@code totalDelta} less
     * their sum.
     */
    static Explanation of(String id, String text, long totalDelta, List<Part> parts) {
        List<Part> kept = new java.util.ArrayList<>();
        long sum = 0;
        for (Part p : parts) {
            if (p.bytes() != 0) {
                kept.add(p);
                sum += p.bytes();
            }
        }
        kept.add(new Part(OTHER, "not explained by this cause", totalDelta - sum));
        return new Explanation(id, sum, text, kept);
    }
}
