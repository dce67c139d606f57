/**
 * The length rules of every record type's payload: which main-data and block-data bytes its layout declares, as
 * length-only walks over the bytes (counts inside the payload included), so that validating a record costs a
 * length check and never formats text. {@link org.walprism.codec.rmgr.lengths.PayloadLengths} is the entry.
 */
package org.walprism.codec.rmgr.lengths;
