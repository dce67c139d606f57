package org.walprism.codec.rmgr.xlog;

/**
 * A typed XLOG ({@code RM_XLOG_ID}, rmid 0) record payload. XLOG records carry no block data; the images of
 * FPI records are the record's own block references. Decode with {@link XlogCodec#decode}.
 */
public sealed interface XlogRecord permits Fpi, CheckPoint, CheckpointRedo, Switch, NextOid, ParameterChange, LogicalDecodingStatusChange,
        XlogOther {

    /** The record's exact main data. */
    byte[] encode();
}
