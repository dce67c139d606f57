/**
 * The meaning of WAL, on top of the codec: pg_waldump's text, statistics, vacuum byte attribution, diff, report, replay and workload generation.
 *
 * <p>The packages form a stack (a layering test keeps it so): {@code desc}, {@code stats}, {@code relmap} at the
 * bottom; {@code dump}, {@code categories}, {@code vacuums}; then {@code generate}, {@code replay}, {@code diff};
 * {@code report} at the top.
 */
package org.walprism.analyzer;
