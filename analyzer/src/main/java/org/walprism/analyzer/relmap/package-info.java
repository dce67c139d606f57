/**
 * Relation names: a relation map read from a {@code pg_class} export, and relations tracked from the catalog
 * changes in the WAL itself.
 */
package org.walprism.analyzer.relmap;
