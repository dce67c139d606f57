/**
 * Comparing two WAL ranges: statistics and categories side by side, and the largest changes explained.
 */
package org.walprism.analyzer.diff;
