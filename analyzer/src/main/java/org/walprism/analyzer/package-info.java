/**
 * The meaning of WAL, on top of the codec: pg_waldump's text, statistics, vacuum byte attribution, diff,
 * report, replay and workload generation.
 *
 * <p>The packages form a stack, bottom to top (LayeringTest keeps it so): {@code json}, {@code desc},
 * {@code stats}, {@code relmap}; {@code dump}, {@code categories}; {@code vacuums}, {@code diff},
 * {@code generate}; {@code replay}; {@code report}.
 */
package org.walprism.analyzer;
