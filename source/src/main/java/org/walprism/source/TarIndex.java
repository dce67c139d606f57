package org.walprism.source;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalInputException;
import org.walprism.codec.read.TimelineHistory;

/**
 * The one pass over a tar archive's headers that {@link WalTarArchive#open} makes: the members named like segments
 * (name, data offset, size), the timeline history members (one per timeline, bounded), and for a compressed archive
 * the first bytes of each WAL member (reaching them again later would cost another pass). A plain archive is walked
 * by seeking over member data; a compressed one is decompressed through.
 */
final class TarIndex {
    /** A member named like a segment: its name, where its data starts in the (decompressed) archive, its size. */
    record Member(String name, long offset, long size, StoredSegmentName stored) {
    }

    /** The buffer member data is drained through (a size for the stream, 64 KiB). */
    private static final int DRAIN_BUFFER = 1 << 16;

    private final String label;
    /** The WAL members by segment file name (several when the archive holds a name twice, e.g. plain and .gz). */
    final Map<String, List<Member>> byName = new TreeMap<>();
    /** A compressed archive's first bytes of each WAL member. */
    final Map<Member, byte[]> heads = new HashMap<>();
    /** The kept history member of each timeline: {@code tli -> name -> bytes}. */
    final TreeMap<Long, Map<String, byte[]>> histories = new TreeMap<>();
    private final byte[] drain = new byte[DRAIN_BUFFER];
    private int walMembers;
    private long historyBytes;

    private TarIndex(String label) {
        this.label = label;
    }

    /** Indexes the archive open on {@code ch}, compressed as a whole with {@code c}; {@code label} names it. */
    static TarIndex read(FileChannel ch, Compression c, String label) throws IOException {
        TarIndex x = new TarIndex(label);
        x.pass(ch, c);
        return x;
    }

    static Compression compressionOf(FileChannel ch) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(Compression.MAGIC_BYTES);
        while (head.hasRemaining() && ch.read(head, head.position()) > 0) {
            // fill what the file has
        }
        return Compression.detect(head.array(), head.position());
    }

    private void pass(FileChannel ch, Compression c) throws IOException {
        RegionInputStream region = new RegionInputStream(ch, 0, ch.size());
        TarStreams.CountingInputStream counting = null;
        if (c != Compression.NONE) {
            try {
                counting = new TarStreams.CountingInputStream(c.decompress(new BufferedInputStream(region, 65536)));
            } catch (IOException | RuntimeException e) {
                throw indexFailure(e, label, region);
            }
        }
        InputStream in = counting != null ? counting : region;
        // where the header after the last member starts: the end-of-archive marker must be there
        long nextHeader = 0;
        String last = null;
        try (TarArchiveInputStream tar = new TarArchiveInputStream(in)) {
            TarArchiveEntry e;
            while ((e = nextEntry(tar, label, region)) != null) {
                long offset = counting != null ? counting.count() : region.position();
                nextHeader = offset + ((e.getSize() + 511) & ~511L);
                last = e.getName();
                String special = special(e);
                String base = e.getName().substring(e.getName().lastIndexOf('/') + 1);
                if (special != null) {
                    if (StoredSegmentName.parse(base) != null || HistoryFiles.timelineOfFileName(base) > 0) {
                        throw new WalFormatException("invalid tar archive " + label + ": member " + e.getName()
                                + " is " + special + ", not a WAL file");
                    }
                }
                boolean file = special == null && e.isFile() && !e.isSparse();
                if (file) {
                    walMember(e, base, offset, counting != null ? tar : null);
                }
                if (e.isDirectory()) {
                    continue;
                }
                long htli = file ? HistoryFiles.timelineOfFileName(base) : -1;
                if (htli > 0) {
                    history(e, htli, tar, region);
                } else {
                    skipData(e, tar, region, counting == null);
                }
            }
            checkEnd(counting, region, nextHeader, last, label);
        }
    }

    /** Keeps member {@code e} if it is named like a segment; {@code tar} (compressed archives) to keep its head. */
    private void walMember(TarArchiveEntry e, String base, long offset, TarArchiveInputStream tar) {
        StoredSegmentName s = StoredSegmentName.parse(base);
        if (s == null) {
            return;
        }
        if (++walMembers > WalTarArchive.MAX_WAL_MEMBERS) {
            throw new WalFormatException("tar archive " + label + " holds more than "
                    + WalTarArchive.MAX_WAL_MEMBERS + " WAL segment members, the most walprism indexes in one archive");
        }
        Member m = new Member(e.getName(), offset, e.getSize(), s);
        byName.computeIfAbsent(s.segment(), k -> new ArrayList<>()).add(m);
        if (tar != null) {
            heads.put(m, headOf(tar));
        }
    }

    /** Reads timeline {@code htli}'s history member {@code e}: small, kept whole (bounded), through the tar stream. */
    private void history(TarArchiveEntry e, long htli, TarArchiveInputStream tar, RegionInputStream region) {
        java.io.ByteArrayOutputStream content = new java.io.ByteArrayOutputStream();
        int n;
        while ((n = read(tar, drain, label, region)) >= 0) {
            // past the bound only one byte more is kept: enough for the history's size error
            content.write(drain, 0, Math.min(n, HistoryFiles.MAX_FILE_SIZE + 1 - content.size()));
        }
        // one per timeline is read (the shortest name, as history() picks it): only that one is kept
        Map<String, byte[]> same = histories.computeIfAbsent(htli, k -> new TreeMap<>());
        String kept = same.isEmpty() ? null : same.keySet().iterator().next();
        if (kept == null || HISTORY_ORDER.compare(e.getName(), kept) < 0) {
            historyBytes += content.size() - (kept == null ? 0 : same.get(kept).length);
            if (historyBytes > WalTarArchive.MAX_HISTORY_BYTES) {
                throw new WalFormatException("tar archive " + label + " holds more than "
                        + (WalTarArchive.MAX_HISTORY_BYTES >> 20) + " MiB of timeline history members, the most "
                        + "walprism keeps of one archive");
            }
            same.clear();
            same.put(e.getName(), content.toByteArray());
        }
    }

    /** Moves past member {@code e}'s data: with a seek in a plain archive ({@code seek}), else reading it through. */
    private void skipData(TarArchiveEntry e, TarArchiveInputStream tar, RegionInputStream region, boolean seek) {
        if (seek && !e.isSparse()) {
            // Move past the member's data with a seek. The tar reader would drain it before the next
            // header by reading it through (into a fresh 8 KiB array per read: 16 MB of garbage per 16 MB
            // segment); with the entry's size set to 0 it drains nothing, and it still skips the record
            // padding, which it computes from the size it saw in the header. InputFormsTest checks the
            // offsets found this way against the content of every member.
            if (e.getSize() > region.remaining()) {
                throw new TruncatedWalException("truncated tar archive " + label + ": member " + e.getName()
                        + " has " + e.getSize() + " bytes, the file ends after " + region.remaining());
            }
            region.advance(e.getSize());
            e.setSize(0);
        } else {
            // read through (a compressed archive can only be): into one reused buffer
            while (read(tar, drain, label, region) >= 0) {
                // discard
            }
        }
    }

    /** Decompressed bytes read past an archive's end-of-archive marker to reach the end of the compressed data. */
    private static final int TAIL_LIMIT = 1 << 20;

    /**
     * The tar reader ended (it also ends, without complaint, where the file ends at a header): the archive must hold
     * its end-of-archive marker, the 512-byte header block after the last member's data ({@code nextHeader}), and
     * a compressed archive's data must not be cut off after it (the tar reader stops reading at the marker, before
     * the decompressor reaches the end of its stream and checks its trailer: gzip's CRC and size, bzip2's and xz's
     * checks). The rest is read for that, up to {@link #TAIL_LIMIT} bytes.
     */
    private static void checkEnd(TarStreams.CountingInputStream counting, RegionInputStream region, long nextHeader,
                                 String last, String label) {
        long have = counting != null ? counting.count() : region.position();
        if (have < nextHeader + 512) {
            throw new TruncatedWalException("truncated tar archive " + label + ": it ends "
                    + (last == null ? "before its first header" : "after member " + last)
                    + " without the end-of-archive marker");
        }
        if (counting == null) {
            return;
        }
        byte[] buf = new byte[WalTarArchive.COPY_BUFFER];
        long tail = 0;
        try {
            int n;
            while (tail < TAIL_LIMIT && (n = counting.read(buf, 0, buf.length)) >= 0) {
                tail += n;
            }
        } catch (IOException | RuntimeException e) {
            throw indexFailure(e, label, region);
        }
    }

    /**
     * What member {@code e} is when it is neither a file nor a directory (a symbolic or hard link, a device, a
     * FIFO), or null. commons-compress counts such an entry as a file ({@code isFile()}: anything not a directory).
     */
    private static String special(TarArchiveEntry e) {
        if (e.isSymbolicLink()) {
            return "a symbolic link";
        }
        if (e.isLink()) {
            return "a hard link";
        }
        if (e.isCharacterDevice() || e.isBlockDevice() || e.isFIFO()) {
            return "a device or FIFO";
        }
        return null;
    }
    /** Which of a timeline's history members is read: the shortest name (a plain one) first, then by name. */
    private static final Comparator<String> HISTORY_ORDER = Comparator.comparingInt(String::length)
            .thenComparing(Comparator.naturalOrder());

    /**
     * The history of timeline {@code tli} from its history members ({@code name -> bytes}; the shortest name, a
     * plain one, first), else none.
     */
    static TimelineHistory history(int tli, Map<String, byte[]> members, String label) {
        if (members == null || members.isEmpty()) {
            return TimelineHistory.of(tli);
        }
        String name = members.keySet().stream().min(HISTORY_ORDER).get();
        return HistoryFiles.read(new ByteArrayInputStream(members.get(name)), tli, label + ":" + name);
    }

    private static int read(TarArchiveInputStream tar, byte[] buf, String label, RegionInputStream raw) {
        try {
            return tar.read(buf, 0, buf.length);
        } catch (IOException | RuntimeException e) {
            throw indexFailure(e, label, raw);
        }
    }

    private static TarArchiveEntry nextEntry(TarArchiveInputStream tar, String label, RegionInputStream raw) {
        try {
            return tar.getNextEntry();
        } catch (IOException | RuntimeException e) {
            throw indexFailure(e, label, raw);
        }
    }

    /**
     * A failure reading the archive's headers: truncated when the file was read to its end (the tar reader or the
     * decompressor ran out of bytes), else invalid. commons-compress and the decoders report corrupt input with
     * IOException, and some with an unchecked exception.
     */
    private static WalFormatException indexFailure(Exception e, String label, RegionInputStream raw) {
        String why = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName()
                : e.getMessage();
        if (e instanceof EOFException || raw.available() == 0) {
            return new TruncatedWalException("truncated tar archive " + label + ": " + why);
        }
        return new WalFormatException("invalid tar archive " + label + ": " + why);
    }

    /** The first 40 decompressed bytes of the current member, or null when they cannot be read. */
    private static byte[] headOf(InputStream member) {
        try {
            InputStream in = new TarStreams.NonClosingInputStream(member);
            byte[] m = in.readNBytes(Compression.MAGIC_BYTES);
            Compression mc = Compression.detect(m, m.length);
            InputStream all = new SequenceInputStream(new ByteArrayInputStream(m), in);
            return mc.decompress(new BufferedInputStream(all)).readNBytes(40);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The segment size in the first candidate whose first 40 bytes are a valid long page header (read from the
     * archive for a plain one, kept by the index pass for a compressed one).
     */
    static int segmentSizeOf(Path archive, Compression compression, List<Member> candidates,
                                     Map<Member, byte[]> heads) {
        WalFormatException first = null;
        for (Member m : candidates) {
            String name = archive.getFileName() + ":" + m.name();
            try {
                byte[] head = compression == Compression.NONE ? plainHead(archive, m) : heads.get(m);
                if (head == null) {
                    throw new WalFormatException("could not read the start of the member", 0, name, 0);
                }
                return WalDirectory.segmentSizeOf(head, name);
            } catch (WalInputException e) {
                throw e;
            } catch (WalFormatException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        throw first;
    }

    private static byte[] plainHead(Path archive, Member m) {
        try (FileChannel ch = FileChannel.open(archive, StandardOpenOption.READ);
             InputStream in = new PushbackInputStream(new RegionInputStream(ch, m.offset(), m.size()),
                     Compression.MAGIC_BYTES)) {
            PushbackInputStream p = (PushbackInputStream) in;
            byte[] magic = p.readNBytes(Compression.MAGIC_BYTES);
            p.unread(magic);
            return Compression.detect(magic, magic.length).decompress(new BufferedInputStream(p)).readNBytes(40);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
