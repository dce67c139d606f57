/**
 * Describers: pg_waldump's {@code desc} text of each record, one describer per resource manager as in {@code
 * access/rmgrdesc/*.c}.
 */
package org.walprism.analyzer.desc;
