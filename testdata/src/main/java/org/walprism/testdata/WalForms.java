package org.walprism.testdata;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorOutputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.LZMAOutputStream;
import org.tukaani.xz.XZOutputStream;

/**
 * Builds, from a capture's real segments, the forms WAL is stored in where it really lives: compressed segment
 * files, tar archives as pg_basebackup writes them, and the layouts of pgBackRest, WAL-G and barman. Every
 * compressor is the format's maintained library (the same libraries walprism reads with: the tests check
 * reading, not the libraries' round trip; the command-line tools cross-check where installed).
 */
public final class WalForms {
    private WalForms() {
    }

    /** A compression format and the library that writes it. */
    public enum Codec {
        NONE(""), GZIP(".gz"), LZ4(".lz4"), ZSTD(".zst"), BZIP2(".bz2"), XZ(".xz"), LZMA(".lzma"),
        /** lz4 frames with linked blocks, as PostgreSQL's pg_receivewal and pg_basebackup write them. */
        LZ4_LINKED(".lz4");

        private final String suffix;

        Codec(String suffix) {
            this.suffix = suffix;
        }

        /** The usual file-name suffix ({@code .gz}, ...). */
        public String suffix() {
            return suffix;
        }

        /** A stream writing {@code out} compressed; closing it finishes the format and closes {@code out}. */
        public OutputStream compress(OutputStream out) throws IOException {
            OutputStream b = new BufferedOutputStream(out, 65536);
            return switch (this) {
                case NONE -> b;
                case GZIP -> new GZIPOutputStream(b, 65536);
                case LZ4 -> new LZ4FrameOutputStream(b);
                case ZSTD -> new ZstdOutputStream(b, 3);
                case BZIP2 -> new BZip2CompressorOutputStream(b);
                case XZ -> new XZOutputStream(b, new LZMA2Options(1));
                case LZMA -> new LZMAOutputStream(b, new LZMA2Options(1), -1);
                case LZ4_LINKED -> new FramedLZ4CompressorOutputStream(b, new FramedLZ4CompressorOutputStream.Parameters(
                        FramedLZ4CompressorOutputStream.BlockSize.K64, false, false, true));
            };
        }

        /** {@code data} compressed. */
        public byte[] compress(byte[] data) throws IOException {
            java.io.ByteArrayOutputStream bo = new java.io.ByteArrayOutputStream();
            try (OutputStream o = compress(bo)) {
                o.write(data);
            }
            return bo.toByteArray();
        }
    }

    /** The segment files of {@code walDir}, sorted by name. */
    public static List<Path> segments(Path walDir) throws IOException {
        try (var s = Files.list(walDir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }

    /**
     * Writes each segment into {@code dir} compressed with {@code codec}, named {@code NAME + suffix} or, with
     * {@code plainName}, under the bare segment name (as barman stores compressed segments).
     */
    public static Path compressedDir(List<Path> segments, Path dir, Codec codec, boolean plainName)
            throws IOException {
        Files.createDirectories(dir);
        for (Path p : segments) {
            String name = p.getFileName().toString() + (plainName ? "" : codec.suffix());
            Files.write(dir.resolve(name), codec.compress(Files.readAllBytes(p)));
        }
        return dir;
    }

    /** One tar member: its name and content. */
    public record Member(String name, byte[] data) {
    }

    /**
     * The segments as tar members named {@code prefix + NAME + memberCodec suffix}, compressed with
     * {@code memberCodec}, in an order shuffled with {@code seed} (0: in order).
     */
    public static List<Member> members(List<Path> segments, String prefix, Codec memberCodec, long seed)
            throws IOException {
        List<Member> ms = new ArrayList<>();
        for (Path p : segments) {
            ms.add(new Member(prefix + p.getFileName() + memberCodec.suffix(),
                    memberCodec.compress(Files.readAllBytes(p))));
        }
        if (seed != 0) {
            Collections.shuffle(ms, new Random(seed));
        }
        return ms;
    }

    /** Writes a POSIX tar of {@code members} (directories for their parents first), compressed with {@code codec}. */
    public static Path tar(Path file, List<Member> members, Codec codec) throws IOException {
        try (OutputStream out = codec.compress(Files.newOutputStream(file));
             TarArchiveOutputStream tar = new TarArchiveOutputStream(out)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            java.util.Set<String> dirs = new java.util.HashSet<>();
            for (Member m : members) {
                int slash = m.name().lastIndexOf('/');
                if (slash > 0 && dirs.add(m.name().substring(0, slash + 1))) {
                    TarArchiveEntry d = new TarArchiveEntry(m.name().substring(0, slash + 1));
                    tar.putArchiveEntry(d);
                    tar.closeArchiveEntry();
                }
                TarArchiveEntry e = new TarArchiveEntry(m.name());
                e.setSize(m.data().length);
                tar.putArchiveEntry(e);
                tar.write(m.data());
                tar.closeArchiveEntry();
            }
            tar.finish();
        }
        return file;
    }

    /**
     * A pgBackRest repository: {@code root/archive/<stanza>/<archiveId>/<16 hex>/<NAME>-<sha1>.<ext>} (sha1 of the
     * segment, as pgBackRest names it), with {@code archive.info} and an empty {@code backup/<stanza>}.
     */
    public static Path pgBackRest(List<Path> segments, Path root, String stanza, String archiveId, Codec codec)
            throws IOException {
        Path stanzaDir = root.resolve("archive").resolve(stanza);
        Path archive = stanzaDir.resolve(archiveId);
        for (Path p : segments) {
            String name = p.getFileName().toString();
            byte[] data = Files.readAllBytes(p);
            Path dir = archive.resolve(name.substring(0, 16));
            Files.createDirectories(dir);
            Files.write(dir.resolve(name + "-" + sha1(data) + codec.suffix()), codec.compress(data));
        }
        String version = archiveId.substring(0, archiveId.indexOf('-'));
        String dbId = archiveId.substring(archiveId.indexOf('-') + 1);
        Files.writeString(stanzaDir.resolve("archive.info"), "[db]\ndb-id=" + dbId + "\ndb-system-id=1\n"
                + "db-version=\"" + version + "\"\n");
        Files.createDirectories(root.resolve("backup").resolve(stanza));
        return root;
    }

    /** A WAL-G storage root: {@code root/wal_005/<NAME>.<ext>} and an empty {@code basebackups_005}. */
    public static Path walG(List<Path> segments, Path root, Codec codec) throws IOException {
        compressedDir(segments, root.resolve("wal_005"), codec, false);
        Files.createDirectories(root.resolve("basebackups_005"));
        return root;
    }

    /**
     * A barman server directory: {@code server/wals/<16 hex>/<NAME>} holding the segment compressed with
     * {@code codec} under its bare name, as barman stores compressed WAL; {@code base} and {@code streaming} beside.
     */
    public static Path barman(List<Path> segments, Path server, Codec codec) throws IOException {
        for (Path p : segments) {
            String name = p.getFileName().toString();
            compressedDir(List.of(p), server.resolve("wals").resolve(name.substring(0, 16)), codec, true);
        }
        Files.createDirectories(server.resolve("base"));
        Files.createDirectories(server.resolve("streaming"));
        Files.writeString(server.resolve("wals").resolve("xlog.db"), "");
        return server;
    }

    private static String sha1(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
