package org.walprism.source;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import net.jpountz.lz4.LZ4FrameInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorInputStream;
import org.brotli.dec.BrotliInputStream;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFormatException;
import org.tukaani.xz.LZMAInputStream;
import org.tukaani.xz.XZInputStream;

/**
 * How the bytes of a stored WAL segment or archive are compressed, recognised by their first bytes (the formats'
 * magic numbers), never by the file name alone: barman, for one, keeps compressed segments under the plain
 * segment name. Every codec is a maintained library; none is written here:
 *
 * <table>
 * <caption>formats</caption>
 * <tr><th>format</th><th>magic</th><th>suffix</th><th>library</th></tr>
 * <tr><td>gzip</td><td>{@code 1F 8B}</td><td>.gz</td><td>java.util.zip</td></tr>
 * <tr><td>lz4 frame</td><td>{@code 04 22 4D 18}</td><td>.lz4</td><td>lz4-java (at.yawk.lz4), commons-compress
 *     (linked blocks)</td></tr>
 * <tr><td>zstd</td><td>{@code 28 B5 2F FD}</td><td>.zst</td><td>zstd-jni</td></tr>
 * <tr><td>bzip2</td><td>{@code "BZh" '1'..'9'}</td><td>.bz2</td><td>commons-compress</td></tr>
 * <tr><td>xz</td><td>{@code FD "7zXZ" 00}</td><td>.xz</td><td>org.tukaani:xz</td></tr>
 * <tr><td>lzma (alone)</td><td>{@code 5D 00 00}</td><td>.lzma (WAL-G)</td><td>org.tukaani:xz</td></tr>
 * <tr><td>brotli</td><td>none</td><td>.br (WAL-G)</td><td>org.brotli:dec (Google's decoder)</td></tr>
 * </table>
 *
 * <p>Brotli streams have no magic number, so they are the one format known by name: a file named {@code .br} whose
 * first bytes are no other format's and no WAL page's ({@link #byNameOrContent}).
 *
 * <p>A WAL segment never starts with any of these: its first two bytes are the page magic {@code xlp_magic}
 * ({@code 0xD0xx}/{@code 0xD1xx}, little-endian, so the second byte is D0 or D1).
 *
 * <p>lz4 frames with independent blocks (what the {@code lz4} tool writes by default) are decoded with lz4-java:
 * on a 12 MB WAL stream it inflates at over 1 GB/s, commons-compress's pure-Java framed decoder at under 20 MB/s.
 * lz4-java's frame reader cannot decode linked blocks, which PostgreSQL's own writers use (pg_receivewal and
 * pg_basebackup {@code --compress=lz4} keep LZ4F's default, {@code LZ4F_blockLinked}): those frames go to
 * commons-compress. The frame descriptor's block-independence flag decides.
 */
public enum Compression {
    /** Not compressed. */
    NONE("none", "", ""),
    /** gzip ({@code .gz}). */
    GZIP("gzip", ".gz", "1F 8B"),
    /** LZ4 frame format ({@code .lz4}). */
    LZ4("lz4", ".lz4", "04 22 4D 18"),
    /** Zstandard ({@code .zst}). */
    ZSTD("zstd", ".zst", "28 B5 2F FD"),
    /** bzip2 ({@code .bz2}). */
    BZIP2("bzip2", ".bz2", "42 5A 68"),
    /** xz ({@code .xz}). */
    XZ("xz", ".xz", "FD 37 7A 58 5A 00"),
    /** Legacy lzma ({@code .lzma}). */
    LZMA("lzma", ".lzma", "5D 00 00"),
    /** Brotli ({@code .br}; WAL-G), known by name only. */
    BROTLI("brotli", ".br", "");

    /** Bytes needed by {@link #detect}. */
    public static final int MAGIC_BYTES = 6;

    /** Decoder memory limit for xz and lzma, in KiB: 256 MiB, four times the largest preset's dictionary. */
    private static final int XZ_MEMORY_LIMIT_KIB = 256 * 1024;

    private final String label;
    private final String suffix;
    private final String magic;

    Compression(String label, String suffix, String magic) {
        this.label = label;
        this.suffix = suffix;
        this.magic = magic;
    }

    /** The format's usual name ({@code gzip}, {@code zstd}, ...). */
    public String label() {
        return label;
    }

    /** The file-name suffix tools give it ({@code .gz}, {@code .zst}, ...; empty for {@link #NONE}). */
    public String suffix() {
        return suffix;
    }

    /** The format whose magic number starts {@code head[0..n)}, else {@link #NONE}. */
    public static Compression detect(byte[] head, int n) {
        if (n >= 2 && u(head, 0) == 0x1F && u(head, 1) == 0x8B) {
            return GZIP;
        }
        if (n >= 4 && u(head, 0) == 0x04 && u(head, 1) == 0x22 && u(head, 2) == 0x4D && u(head, 3) == 0x18) {
            return LZ4;
        }
        if (n >= 4 && u(head, 0) == 0x28 && u(head, 1) == 0xB5 && u(head, 2) == 0x2F && u(head, 3) == 0xFD) {
            return ZSTD;
        }
        if (n >= 4 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h' && head[3] >= '1' && head[3] <= '9') {
            return BZIP2;
        }
        if (n >= 6 && u(head, 0) == 0xFD && head[1] == '7' && head[2] == 'z' && head[3] == 'X' && head[4] == 'Z'
                && head[5] == 0) {
            return XZ;
        }
        if (n >= 3 && u(head, 0) == 0x5D && head[1] == 0 && head[2] == 0) {
            return LZMA;
        }
        return NONE;
    }

    /**
     * {@link #detect}, and for a file named {@code *.br} (WAL-G's brotli) whose first bytes are neither another
     * format's magic nor a WAL page header's ({@code xlp_magic}'s second byte D0 or D1), {@link #BROTLI}.
     */
    public static Compression byNameOrContent(String name, byte[] head, int n) {
        Compression c = detect(head, n);
        if (c == NONE && name != null && name.endsWith(BROTLI.suffix) && !(n >= 2 && (u(head, 1) == 0xD0
                || u(head, 1) == 0xD1))) {
            return BROTLI;
        }
        return c;
    }

    /**
     * {@link #byNameOrContent}, refusing a file whose name says it is compressed ({@code .gz}, {@code .zst}, ...)
     * while its first bytes are neither that format's magic number, another format's, nor a WAL page header's:
     * {@code "not a gzip file"} names the cause, where reading it as a plain segment would report a symptom
     * (a file too short for a long page header, an invalid page magic).
     *
     * @throws WalFormatException for such a file (an empty one: {@link TruncatedWalException})
     */
    public static Compression ofStored(String name, byte[] head, int n) {
        Compression c = byNameOrContent(name, head, n);
        if (c != NONE || name == null || (n >= 2 && (u(head, 1) == 0xD0 || u(head, 1) == 0xD1))) {
            return c;
        }
        Compression named = bySuffix(name);
        if (named == null || named == BROTLI) {
            return c;
        }
        if (n == 0) {
            throw new TruncatedWalException("the " + named.label + " file is empty", 0, name, 0);
        }
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < n; i++) {
            hex.append(i == 0 ? "" : " ").append(String.format(Locale.ROOT, "%02X", u(head, i)));
        }
        throw new WalFormatException("not a " + named.label + " file: it starts with " + hex + " (" + named.label
                + " data starts with " + named.magic + ")", 0, name, 0);
    }

    /**
     * The error for this format's decoder failing on a segment's stored bytes, after {@code produced} bytes of
     * the segment (of {@code segSize} bytes; 0 or less: not known yet): a stream that ends early ({@code ended}: the stored bytes were read to their end, or the
     * decoder said so) is truncated WAL, anything else corrupt data. The decoder's own wording of an early end
     * (Java's "Unexpected end of ZLIB input stream") is not passed on; its reason for corrupt data is.
     */
    public WalFormatException failure(Throwable e, boolean ended, long produced, int segSize, long lsn,
                                      String file) {
        if (ended || e instanceof EOFException) {
            return new TruncatedWalException(String.format(Locale.ROOT,
                    "the %s stream ends early: after %d bytes of the WAL segment%s", label, produced,
                    segSize > 0 ? " (expected: " + segSize + ")" : ""), lsn, file, produced);
        }
        return new WalFormatException(String.format(Locale.ROOT, "corrupt %s data after %d bytes of the WAL "
                + "segment (%s)", label, produced, reason(e)), lsn, file, produced);
    }

    /** The decoder's reason for refusing its input, without the exception's class where it gave one. */
    static String reason(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m.strip();
    }

    /** The format named by a file-name suffix ({@code .gz}, ...) at the end of {@code name}, or null. */
    public static Compression bySuffix(String name) {
        for (Compression c : values()) {
            if (c != NONE && name.endsWith(c.suffix)) {
                return c;
            }
        }
        return null;
    }

    /**
     * A stream of the decompressed bytes of {@code in} (which must be buffered by the caller where that matters).
     * Concatenated frames or members are read through as one stream, as the command-line tools do.
     */
    public InputStream decompress(InputStream in) throws IOException {
        return switch (this) {
            case NONE -> in;
            case GZIP -> new GZIPInputStream(in, 65536);
            case LZ4 -> independentBlocks(in) ? new LZ4FrameInputStream(in)
                    : new FramedLZ4CompressorInputStream(in, true);
            case ZSTD -> new ZstdInputStreamNoFinalizer(in);
            case BZIP2 -> new BZip2CompressorInputStream(in, true);
            case XZ -> new XZInputStream(in, XZ_MEMORY_LIMIT_KIB);
            case LZMA -> new LZMAInputStream(in, XZ_MEMORY_LIMIT_KIB);
            case BROTLI -> Brotli.open(in);
        };
    }

    /**
     * Brotli's decoder behind a class of its own: its jar is old bytecode that no JVM cache (AppCDS, AOT) holds, and
     * verifying {@link #decompress} would otherwise load it from the jar in every process that reads WAL.
     */
    private static final class Brotli {
        private Brotli() {
        }

        static InputStream open(InputStream in) throws IOException {
            return new BrotliInputStream(in);
        }
    }

    /**
     * True when the lz4 frame starting {@code in} (which must support mark) has independent blocks: bit 5 of its
     * FLG byte, the fifth byte of the frame.
     */
    private static boolean independentBlocks(InputStream in) throws IOException {
        if (!in.markSupported()) {
            return false;
        }
        in.mark(5);
        byte[] h = in.readNBytes(5);
        in.reset();
        return h.length == 5 && (h[4] & 0x20) != 0;
    }

    private static int u(byte[] b, int i) {
        return b[i] & 0xFF;
    }
}
