/** SQL over WAL on embedded DuckDB: pg_walinspect's relations and walprism's own, filled as the reader reads. */
package org.walprism.sql;
