package org.walprism.spark.fs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.spi.FileSystemProvider;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * The read-only {@code java.nio.file} operations on {@link HadoopPath}s, each one Hadoop {@code FileSystem} call:
 * listing ({@code listStatusIterator}: paged, never the whole listing held twice), attributes
 * ({@code getFileStatus}, or the status the listing returned), input streams and file channels
 * ({@code openFile}, given the listing's status where there is one, so object storage is not asked again).
 * Hadoop's errors are mapped to the {@code java.nio.file} exceptions the reader handles: a missing file is
 * {@link NoSuchFileException}, a refused one {@link AccessDeniedException}. Writing is refused.
 *
 * <p>It is not installed as a service: a {@link HadoopPath} names it as its provider, and {@code Files} dispatches
 * on that. Paths are made by {@link ArchiveRoots}.
 */
final class HadoopFileSystemProvider extends FileSystemProvider {
    /** The one instance: the provider keeps no state of its own. */
    static final HadoopFileSystemProvider INSTANCE = new HadoopFileSystemProvider();

    /** Hadoop's open-file option naming the read policy (segments and archives are read front to back). */
    private static final String READ_POLICY = "fs.option.openfile.read.policy";

    private HadoopFileSystemProvider() {
    }

    @Override
    public String getScheme() {
        return "walprism-hadoop";
    }

    @Override
    public java.nio.file.FileSystem newFileSystem(URI uri, Map<String, ?> env) {
        throw new UnsupportedOperationException("Hadoop paths are made by ArchiveRoots");
    }

    @Override
    public java.nio.file.FileSystem getFileSystem(URI uri) {
        throw new UnsupportedOperationException("Hadoop paths are made by ArchiveRoots");
    }

    @Override
    public Path getPath(URI uri) {
        throw new UnsupportedOperationException("Hadoop paths are made by ArchiveRoots");
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options,
                                              FileAttribute<?>... attrs) throws IOException {
        return newFileChannel(path, options, attrs);
    }

    @Override
    public FileChannel newFileChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
            throws IOException {
        for (OpenOption o : options) {
            if (o != StandardOpenOption.READ) {
                throw new ReadOnlyFileSystemException();
            }
        }
        HadoopPath p = hadoop(path);
        FileStatus st = status(p);
        return new HadoopFileChannel(open(p, st), st.getLen());
    }

    @Override
    public InputStream newInputStream(Path path, OpenOption... options) throws IOException {
        for (OpenOption o : options) {
            if (o != StandardOpenOption.READ) {
                throw new ReadOnlyFileSystemException();
            }
        }
        HadoopPath p = hadoop(path);
        return open(p, status(p));
    }

    /** Opens {@code p}, whose status is {@code st} (the listing's, or asked for: object storage is not asked twice). */
    private static FSDataInputStream open(HadoopPath p, FileStatus st) throws IOException {
        if (st.isDirectory()) {
            throw new IOException("is a directory: " + p);
        }
        try {
            return org.apache.hadoop.util.functional.FutureIO.awaitFuture(p.getFileSystem().hadoop()
                    .openFile(p.hadoopPath()).withFileStatus(st).opt(READ_POLICY, "sequential").build());
        } catch (IOException e) {
            throw map(e, p);
        }
    }

    @Override
    public DirectoryStream<Path> newDirectoryStream(Path dir, DirectoryStream.Filter<? super Path> filter)
            throws IOException {
        HadoopPath d = hadoop(dir);
        if (!status(d).isDirectory()) {
            throw new NotDirectoryException(d.toString());
        }
        RemoteIterator<FileStatus> it;
        try {
            it = d.getFileSystem().hadoop().listStatusIterator(d.hadoopPath());
        } catch (IOException e) {
            throw map(e, d);
        }
        return new Listing(d, it, filter);
    }

    /** A directory's entries as Hadoop lists them, each path carrying its status. */
    private static final class Listing implements DirectoryStream<Path> {
        private final HadoopPath dir;
        private final RemoteIterator<FileStatus> it;
        private final DirectoryStream.Filter<? super Path> filter;
        private boolean iterated;

        Listing(HadoopPath dir, RemoteIterator<FileStatus> it, DirectoryStream.Filter<? super Path> filter) {
            this.dir = dir;
            this.it = it;
            this.filter = filter;
        }

        @Override
        public Iterator<Path> iterator() {
            if (iterated) {
                throw new IllegalStateException("a directory stream is iterated once");
            }
            iterated = true;
            return new Iterator<>() {
                private Path next;

                @Override
                public boolean hasNext() {
                    try {
                        while (next == null && it.hasNext()) {
                            FileStatus s = it.next();
                            Path p = dir.child(s.getPath().getName(), s);
                            if (filter == null || filter.accept(p)) {
                                next = p;
                            }
                        }
                    } catch (IOException e) {
                        throw new DirectoryIteratorException(map(e, dir));
                    }
                    return next != null;
                }

                @Override
                public Path next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    Path p = next;
                    next = null;
                    return p;
                }
            };
        }

        @Override
        public void close() {
            // a RemoteIterator holds nothing to release
        }
    }

    @Override
    public void createDirectory(Path dir, FileAttribute<?>... attrs) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public void delete(Path path) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public void copy(Path source, Path target, CopyOption... options) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public void move(Path source, Path target, CopyOption... options) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public boolean isSameFile(Path path, Path path2) {
        return path.equals(path2);
    }

    @Override
    public boolean isHidden(Path path) {
        return false;
    }

    @Override
    public FileStore getFileStore(Path path) {
        throw new UnsupportedOperationException("no file stores on " + path.getFileSystem());
    }

    @Override
    public void checkAccess(Path path, AccessMode... modes) throws IOException {
        HadoopPath p = hadoop(path);
        status(p);
        for (AccessMode m : modes) {
            if (m == AccessMode.WRITE) {
                throw new AccessDeniedException(p.toString(), null, "read-only");
            }
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V extends FileAttributeView> V getFileAttributeView(Path path, Class<V> type, LinkOption... options) {
        if (type != BasicFileAttributeView.class) {
            return null;
        }
        HadoopPath p = hadoop(path);
        return (V) new BasicFileAttributeView() {
            @Override
            public String name() {
                return "basic";
            }

            @Override
            public BasicFileAttributes readAttributes() throws IOException {
                return new Attributes(status(p));
            }

            @Override
            public void setTimes(FileTime lastModifiedTime, FileTime lastAccessTime, FileTime createTime) {
                throw new ReadOnlyFileSystemException();
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <A extends BasicFileAttributes> A readAttributes(Path path, Class<A> type, LinkOption... options)
            throws IOException {
        if (type != BasicFileAttributes.class) {
            throw new UnsupportedOperationException("only basic attributes on " + path.getFileSystem());
        }
        return (A) new Attributes(status(hadoop(path)));
    }

    @Override
    public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options) {
        throw new UnsupportedOperationException("only basic attributes, by class, on " + path.getFileSystem());
    }

    @Override
    public void setAttribute(Path path, String attribute, Object value, LinkOption... options) {
        throw new ReadOnlyFileSystemException();
    }

    /** A Hadoop file status as basic attributes. */
    private record Attributes(FileStatus s) implements BasicFileAttributes {
        @Override
        public FileTime lastModifiedTime() {
            return FileTime.fromMillis(s.getModificationTime());
        }

        @Override
        public FileTime lastAccessTime() {
            return FileTime.fromMillis(s.getAccessTime());
        }

        @Override
        public FileTime creationTime() {
            return lastModifiedTime();
        }

        @Override
        public boolean isRegularFile() {
            return s.isFile();
        }

        @Override
        public boolean isDirectory() {
            return s.isDirectory();
        }

        @Override
        public boolean isSymbolicLink() {
            return false;
        }

        @Override
        public boolean isOther() {
            return !s.isFile() && !s.isDirectory();
        }

        @Override
        public long size() {
            return s.getLen();
        }

        @Override
        public Object fileKey() {
            return null;
        }
    }

    /** The status of {@code p}: the listing's, else asked of the file system. */
    private static FileStatus status(HadoopPath p) throws IOException {
        if (p.status() != null) {
            return p.status();
        }
        try {
            return p.getFileSystem().hadoop().getFileStatus(p.hadoopPath());
        } catch (IOException e) {
            throw map(e, p);
        }
    }

    /** Hadoop's exception as the {@code java.nio.file} one the reader handles. */
    static IOException map(IOException e, HadoopPath p) {
        if (e instanceof FileNotFoundException) {
            NoSuchFileException n = new NoSuchFileException(p.toString());
            n.initCause(e);
            return n;
        }
        if (e instanceof org.apache.hadoop.security.AccessControlException) {
            AccessDeniedException a = new AccessDeniedException(p.toString(), null, e.getMessage());
            a.initCause(e);
            return a;
        }
        return e;
    }

    private static HadoopPath hadoop(Path path) {
        if (!(path instanceof HadoopPath p)) {
            throw new java.nio.file.ProviderMismatchException(path + " is not a Hadoop path");
        }
        return p;
    }
}
