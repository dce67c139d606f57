package org.walprism.spark.fs;

import java.nio.file.FileStore;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.WatchService;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;

/**
 * One Hadoop {@link FileSystem} ({@code hdfs://namenode:8020}, {@code s3a://bucket}) seen through
 * {@code java.nio.file}, read-only: what walprism's reader ({@code WalSources}, {@code WalDirectory},
 * {@code WalTarArchive}) takes, so every input form it reads locally (directories of plain or compressed segments,
 * the archivers' layouts, tar archives) is read the same way from HDFS or object storage, by the same code. Only
 * what a reader needs is there: listing, attributes, input streams and read-only file channels
 * ({@link HadoopFileSystemProvider}).
 *
 * <p>Closing it does not close the Hadoop file system: Hadoop caches and shares those per JVM.
 */
final class HadoopNioFileSystem extends java.nio.file.FileSystem {
    private final HadoopFileSystemProvider provider;
    private final FileSystem hadoop;
    private final String scheme;
    private final String authority;

    HadoopNioFileSystem(HadoopFileSystemProvider provider, FileSystem hadoop, String scheme, String authority) {
        this.provider = provider;
        this.hadoop = hadoop;
        this.scheme = scheme;
        this.authority = authority;
    }

    /** The Hadoop file system read. */
    FileSystem hadoop() {
        return hadoop;
    }

    String scheme() {
        return scheme;
    }

    String authority() {
        return authority;
    }

    /** {@code scheme://authority}, what absolute paths are printed after. */
    String uriPrefix() {
        return scheme + "://" + (authority == null ? "" : authority);
    }

    @Override
    public HadoopFileSystemProvider provider() {
        return provider;
    }

    @Override
    public void close() {
        // the Hadoop file system is shared (FileSystem.get caches it): left open
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public boolean isReadOnly() {
        return true;
    }

    @Override
    public String getSeparator() {
        return "/";
    }

    @Override
    public Iterable<Path> getRootDirectories() {
        return List.of(HadoopPath.parse(this, "/"));
    }

    @Override
    public Iterable<FileStore> getFileStores() {
        return List.of();
    }

    @Override
    public Set<String> supportedFileAttributeViews() {
        return Set.of("basic");
    }

    @Override
    public Path getPath(String first, String... more) {
        StringBuilder sb = new StringBuilder(first);
        for (String m : more) {
            sb.append('/').append(m);
        }
        return HadoopPath.parse(this, sb.toString());
    }

    @Override
    public PathMatcher getPathMatcher(String syntaxAndPattern) {
        throw new UnsupportedOperationException("no path matchers on " + this);
    }

    @Override
    public UserPrincipalLookupService getUserPrincipalLookupService() {
        throw new UnsupportedOperationException("no user principals on " + this);
    }

    @Override
    public WatchService newWatchService() {
        throw new UnsupportedOperationException("no watch service on " + this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HadoopNioFileSystem f && f.hadoop == hadoop && f.scheme.equals(scheme)
                && Objects.equals(f.authority, authority);
    }

    @Override
    public int hashCode() {
        return Objects.hash(scheme, authority);
    }

    @Override
    public String toString() {
        return uriPrefix();
    }
}
