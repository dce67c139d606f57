/**
 * Output formats: text, CSV, JSON and the HTML report of statistics, categories, vacuum runs, diffs and replays.
 */
package org.walprism.analyzer.report;
