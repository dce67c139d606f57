/**
 * Synthetic WAL: a workload model calibrated on real captures, planned into records and written with the codec's
 * writer.
 */
package org.walprism.analyzer.generate;
