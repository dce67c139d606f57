/**
 * Typed XLOG records a reader must understand: full-page images ({@code XLOG_FPI}, {@code XLOG_FPI_FOR_HINT}),
 * checkpoints, {@code XLOG_SWITCH}, parameter changes ({@code catalog/pg_control.h}, {@code
 * access/xlog_internal.h}).
 */
package org.walprism.codec.rmgr.xlog;
