package org.walprism.spark.fs;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.walprism.codec.WalInputException;
import org.walprism.codec.read.ForkableSource;
import org.walprism.source.WalSources;

/**
 * Where the job's archive roots are read: a local path (or {@code file:} URI) with {@code java.nio} as
 * {@code walprism stats} reads it, any other URI ({@code hdfs://}, {@code s3a://}, {@code abfs://}, ...) on its
 * Hadoop {@link FileSystem}, through {@link HadoopNioFileSystem}: the same reader code ({@link WalSources}) either
 * way, so every input form is read alike wherever it is stored.
 *
 * <p>Serializable: the driver's Hadoop configuration (Spark's {@code spark.hadoop.*} settings, credentials
 * providers' settings, {@code core-site.xml}) travels with it to the executors, where each task opens its own
 * segments.
 */
public final class ArchiveRoots implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final Pattern URI_SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:.*");

    /** The Hadoop configuration file systems are opened with. */
    private transient Configuration conf;

    private ArchiveRoots(Configuration conf) {
        this.conf = conf;
    }

    /** Roots read with {@code conf} (a copy is kept: later changes to {@code conf} are not seen). */
    public static ArchiveRoots of(Configuration conf) {
        return new ArchiveRoots(new Configuration(conf));
    }

    /** The WAL at {@code root} (any form {@link WalSources#open} reads) on {@code timeline} (0: as {@code stats}). */
    public ForkableSource open(String root, int timeline) {
        return WalSources.open(path(root), timeline);
    }

    /** True when {@code root} is read through Hadoop (a URI with a scheme other than {@code file}). */
    public static boolean isHadoop(String root) {
        return URI_SCHEME.matcher(root).matches() && !root.startsWith("file:");
    }

    /** {@code root} as a path the reader opens: local, or on its Hadoop file system. */
    public Path path(String root) {
        if (root.startsWith("file:")) {
            try {
                return Path.of(new URI(root));
            } catch (URISyntaxException | IllegalArgumentException e) {
                throw new WalInputException("could not open \"" + root + "\": " + e.getMessage());
            }
        }
        if (!isHadoop(root)) {
            return Path.of(root);
        }
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(root);
        FileSystem fs;
        try {
            fs = p.getFileSystem(conf);
        } catch (org.apache.hadoop.fs.UnsupportedFileSystemException e) {
            throw new WalInputException("could not open \"" + root + "\": no Hadoop FileSystem for scheme \""
                    + p.toUri().getScheme() + "\" on the class path (s3a:// needs hadoop-aws: see spark/README.md)");
        } catch (IOException | RuntimeException e) {
            // a bad address, a refused connection, ...
            throw new WalInputException("could not open \"" + root + "\": " + why(e));
        }
        URI q = fs.makeQualified(p).toUri();
        HadoopNioFileSystem nio = new HadoopNioFileSystem(HadoopFileSystemProvider.INSTANCE, fs, q.getScheme(),
                q.getAuthority());
        return HadoopPath.parse(nio, q.getPath());
    }

    private static String why(Exception e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        conf.write(out);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        conf = new Configuration(false);
        conf.readFields(in);
    }
}
