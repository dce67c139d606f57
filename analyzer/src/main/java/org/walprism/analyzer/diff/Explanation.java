package org.walprism.analyzer.diff;

/**
 * One recognised cause of a difference between two WAL ranges.
 *
 * @param id          stable key: {@code hint_fpi}, {@code prune_freeze_merge}, {@code visible_vanish},
 *                    {@code fpi_share}, {@code compression}, {@code record_count}
 * @param impactBytes how many WAL bytes of the difference this explains (absolute value), for ranking
 * @param text        one or two sentences, with the numbers
 */
public record Explanation(String id, long impactBytes, String text) {
}
