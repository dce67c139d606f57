/**
 * Resource managers: the table of rmgr ids and record-type names per version ({@code access/rmgrlist.h} and each
 * rmgr's {@code identify} function), and the typed-payload errors.
 */
package org.walprism.codec.rmgr;
