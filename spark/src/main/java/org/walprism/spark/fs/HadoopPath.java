package org.walprism.spark.fs;

import java.net.URI;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;

/**
 * A {@link Path} on a Hadoop file system ({@link HadoopNioFileSystem}): names separated by {@code /}, absolute ones
 * printed as the full URI ({@code hdfs://namenode:8020/archive/db1/000000010000000000000001}), so the reader's
 * messages name the file where it really is. A path made by listing a directory keeps the {@link FileStatus} the
 * listing returned: asking whether it is a file, or its size, costs no further request (one per file on object
 * storage otherwise).
 */
final class HadoopPath implements Path {
    private final HadoopNioFileSystem fs;
    private final boolean absolute;
    private final String[] names;
    /** What a directory listing said about this path, or null. Not part of the path's identity. */
    private final FileStatus status;

    HadoopPath(HadoopNioFileSystem fs, boolean absolute, String[] names, FileStatus status) {
        this.fs = fs;
        this.absolute = absolute;
        this.names = names;
        this.status = status;
    }

    /** {@code text} split at {@code /} (absolute when it starts with one; empty names dropped). */
    static HadoopPath parse(HadoopNioFileSystem fs, String text) {
        List<String> n = new ArrayList<>();
        for (String s : text.split("/", -1)) {
            if (!s.isEmpty()) {
                n.add(s);
            }
        }
        return new HadoopPath(fs, text.startsWith("/"), n.toArray(new String[0]), null);
    }

    /** The listing's status of this path, or null. */
    FileStatus status() {
        return status;
    }

    /** The same path on the Hadoop side (absolute). */
    org.apache.hadoop.fs.Path hadoopPath() {
        return new org.apache.hadoop.fs.Path(fs.scheme(), fs.authority(), "/" + String.join("/", names));
    }

    /** The child {@code name} of this directory, with the status its listing gave. */
    HadoopPath child(String name, FileStatus childStatus) {
        String[] n = Arrays.copyOf(names, names.length + 1);
        n[names.length] = name;
        return new HadoopPath(fs, absolute, n, childStatus);
    }

    @Override
    public HadoopNioFileSystem getFileSystem() {
        return fs;
    }

    @Override
    public boolean isAbsolute() {
        return absolute;
    }

    @Override
    public Path getRoot() {
        return absolute ? new HadoopPath(fs, true, new String[0], null) : null;
    }

    @Override
    public Path getFileName() {
        return names.length == 0 ? null : new HadoopPath(fs, false, new String[] {names[names.length - 1]}, null);
    }

    @Override
    public Path getParent() {
        if (names.length == 0 || (!absolute && names.length == 1)) {
            return null;
        }
        return new HadoopPath(fs, absolute, Arrays.copyOf(names, names.length - 1), null);
    }

    @Override
    public int getNameCount() {
        return names.length;
    }

    @Override
    public Path getName(int index) {
        if (index < 0 || index >= names.length) {
            throw new IllegalArgumentException("no name " + index + " in " + this);
        }
        return new HadoopPath(fs, false, new String[] {names[index]}, null);
    }

    @Override
    public Path subpath(int beginIndex, int endIndex) {
        if (beginIndex < 0 || endIndex > names.length || beginIndex >= endIndex) {
            throw new IllegalArgumentException("no names " + beginIndex + ".." + endIndex + " in " + this);
        }
        return new HadoopPath(fs, false, Arrays.copyOfRange(names, beginIndex, endIndex), null);
    }

    @Override
    public boolean startsWith(Path other) {
        if (!(other instanceof HadoopPath o) || !o.fs.equals(fs) || o.absolute != absolute
                || o.names.length > names.length) {
            return false;
        }
        return Arrays.equals(names, 0, o.names.length, o.names, 0, o.names.length);
    }

    @Override
    public boolean endsWith(Path other) {
        if (!(other instanceof HadoopPath o) || !o.fs.equals(fs) || (o.absolute && !equals(o))
                || o.names.length > names.length) {
            return false;
        }
        return Arrays.equals(names, names.length - o.names.length, names.length, o.names, 0, o.names.length);
    }

    @Override
    public Path normalize() {
        List<String> n = new ArrayList<>();
        for (String s : names) {
            if (s.equals("..") && !n.isEmpty() && !n.get(n.size() - 1).equals("..")) {
                n.remove(n.size() - 1);
            } else if (!s.equals(".") && !(s.equals("..") && absolute)) {
                n.add(s);
            }
        }
        return new HadoopPath(fs, absolute, n.toArray(new String[0]), null);
    }

    @Override
    public Path resolve(Path other) {
        HadoopPath o = same(other);
        if (o.absolute) {
            return o;
        }
        String[] n = Arrays.copyOf(names, names.length + o.names.length);
        System.arraycopy(o.names, 0, n, names.length, o.names.length);
        return new HadoopPath(fs, absolute, n, null);
    }

    @Override
    public Path relativize(Path other) {
        HadoopPath o = same(other);
        if (o.absolute != absolute || !o.startsWith(this)) {
            throw new IllegalArgumentException(other + " is not under " + this);
        }
        return new HadoopPath(fs, false, Arrays.copyOfRange(o.names, names.length, o.names.length), null);
    }

    @Override
    public URI toUri() {
        return hadoopPath().toUri();
    }

    @Override
    public Path toAbsolutePath() {
        return absolute ? this : new HadoopPath(fs, true, names, status);
    }

    @Override
    public Path toRealPath(LinkOption... options) {
        return toAbsolutePath().normalize();
    }

    @Override
    public WatchKey register(WatchService watcher, WatchEvent.Kind<?>[] events, WatchEvent.Modifier... modifiers) {
        throw new UnsupportedOperationException("no watch service on " + fs);
    }

    @Override
    public int compareTo(Path other) {
        return toString().compareTo(other.toString());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HadoopPath o && o.fs.equals(fs) && o.toString().equals(toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    @Override
    public String toString() {
        String n = String.join("/", names);
        return absolute ? fs.uriPrefix() + "/" + n : n;
    }

    private HadoopPath same(Path other) {
        if (!(other instanceof HadoopPath o) || !o.fs.equals(fs)) {
            throw new java.nio.file.ProviderMismatchException(other + " is not a path of " + fs);
        }
        return o;
    }
}
