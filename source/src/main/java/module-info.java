/**
 * The input forms: WAL directories, tar archives, compressed segments, archiver layouts (pgBackRest, WAL-G,
 * barman), followed directories and received WAL, each turned into the codec's page source.
 */
module org.walprism.source {
    requires transitive org.walprism.codec;
    requires org.apache.commons.compress;
    requires com.github.luben.zstd_jni;
    requires org.lz4.java;
    requires org.tukaani.xz;
    requires dec;

    exports org.walprism.source;
}
