/**
 * The WAL codec: bytes to values and back, over a page source the caller supplies. Its only required
 * dependency is netty-buffer; lz4-java and zstd-jni are read only to restore an lz4 or zstd full-page image.
 */
module org.walprism.codec {
    requires transitive io.netty.buffer;
    // PlatformDependent's raw getters for RawBytes (netty-buffer depends on netty-common anyway)
    requires io.netty.common;
    requires static org.lz4.java;
    requires static com.github.luben.zstd_jni;

    exports org.walprism.codec;
    exports org.walprism.codec.image;
    exports org.walprism.codec.page;
    exports org.walprism.codec.read;
    exports org.walprism.codec.record;
    exports org.walprism.codec.rmgr;
    exports org.walprism.codec.rmgr.btree;
    exports org.walprism.codec.rmgr.heap;
    exports org.walprism.codec.rmgr.heap2;
    exports org.walprism.codec.rmgr.lengths;
    exports org.walprism.codec.rmgr.xact;
    exports org.walprism.codec.rmgr.xlog;
    exports org.walprism.codec.write;
    // Byte helpers shared inside the codec; the analyzer's desc text and relation events read raw fields with them.
    exports org.walprism.codec.internal to org.walprism.analyzer;
    // RawBytes: the analyzer's describers read their fields with it (DescData)
    exports org.walprism.codec.internal.bytes to org.walprism.analyzer;
}
