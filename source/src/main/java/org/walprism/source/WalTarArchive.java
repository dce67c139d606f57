package org.walprism.source;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalInputException;
import org.walprism.codec.WalMessage;
import org.walprism.codec.read.ForkableSource;
import org.walprism.codec.read.TimelineHistory;

/**
 * WAL segments inside a tar archive, as {@code pg_basebackup -Ft} writes them ({@code pg_wal.tar}, and
 * {@code base.tar} with {@code pg_wal/} when WAL is fetched), plain or compressed as a whole (gzip, lz4, zstd,
 * bzip2, xz: {@code .tar.gz}, {@code .tar.lz4}, {@code .tar.zst}, ...); members may themselves be compressed
 * segments ({@code pg_wal/NAME.gz}) and may come in any order. Tar framing is read by commons-compress; nothing is
 * extracted to disk.
 *
 * <p>Opening reads the archive's headers once and keeps, for each member named like a segment (in any directory),
 * its name, data offset and size: memory grows with the number of WAL members only. Then:
 * <ul>
 *   <li>a plain tar is indexed by seeking from header to header (member data is not read) and a member is read
 *       with positional reads at its offset, like a segment file, on as many threads as asked;</li>
 *   <li>a compressed tar can only be read front to back: indexing decompresses it once, and reading decompresses
 *       it again, keeping one decompressing stream open and moving it forward from member to member. Members
 *       stored in segment order (as pg_basebackup writes them) cost that one second pass; a member before the
 *       stream's position restarts decompression from the archive's start. Such a source is read on one thread
 *       ({@link #randomAccess()} is false).</li>
 * </ul>
 */
public final class WalTarArchive implements ForkableSource {
    /** Offset and length of the {@code ustar} magic in a tar header block. */
    private static final int MAGIC_OFFSET = 257;
    /** The buffer of a member copied or skipped through: a size for the stream, not a page (8 KiB). */
    private static final int COPY_BUFFER = 1 << 13;
    /**
     * The most members named like segments one archive may hold (1 TiB of 16 MB segments): their index is kept in
     * memory, some hundred bytes each.
     */
    static final int MAX_WAL_MEMBERS = 65536;
    /**
     * The most bytes of timeline history members kept while indexing (one per timeline, the one read): a history
     * is a line per switch, a few kilobytes in practice, each at most {@link TimelineHistory#MAX_FILE_SIZE}.
     */
    static final long MAX_HISTORY_BYTES = 16L << 20;

    private record Member(String name, long offset, long size, StoredSegmentName stored) {
    }

    private final Path archive;
    private final String label;
    private final Compression compression;
    private final long archiveSize;
    private final int timeline;
    private final int segmentSize;
    private final NavigableMap<Long, Member> members;
    private final List<WalMessage> notices;
    private final TimelineHistory history;
    /** {@link #newestTimeline()}: set once by {@code open}, copied by {@link #fork()}. */
    private int newest;

    // Reading state (one per fork): the archive's channel (plain) or decompressed stream (compressed).
    private FileChannel channel;
    private CountingInputStream cursor;
    private final OpenSegment open = new OpenSegment(this::openMember);

    private WalTarArchive(Path archive, Compression compression, long archiveSize, int timeline, int segmentSize,
                          NavigableMap<Long, Member> members, List<WalMessage> notices,
                          TimelineHistory history) {
        this.archive = archive;
        this.history = history;
        this.label = archive.getFileName().toString();
        this.compression = compression;
        this.archiveSize = archiveSize;
        this.timeline = timeline;
        this.segmentSize = segmentSize;
        this.members = members;
        this.notices = notices;
    }

    /**
     * True when {@code file} is a tar archive (a POSIX or GNU header block, after decompression if its first bytes
     * announce a compression).
     */
    public static boolean isTar(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            Compression c = compressionOf(ch);
            RegionInputStream raw = new RegionInputStream(ch, 0, ch.size());
            try (InputStream in = c.decompress(new BufferedInputStream(raw))) {
                byte[] block = in.readNBytes(512);
                return block.length == 512 && new String(block, MAGIC_OFFSET, 5, StandardCharsets.US_ASCII)
                        .equals("ustar");
            } catch (IOException | RuntimeException e) {
                if (c == Compression.NONE) {
                    throw e;
                }
                // compressed data that does not decompress (cut off, corrupt): say so, whatever it holds
                String why = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName()
                        : e.getMessage();
                if (e instanceof EOFException || raw.available() == 0) {
                    throw new TruncatedWalException("truncated " + c.label() + "-compressed file " + file
                            + ": the compressed data is cut off (" + why + ")");
                }
                throw new WalFormatException("corrupt " + c.label() + "-compressed file " + file + ": " + why);
            }
        } catch (WalFormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            // unreadable or not compressed and corrupt: not recognisably a tar archive; opening it as whatever it
            // is reports why
            return false;
        }
    }

    /**
     * Indexes the WAL members of {@code archive}. {@code timeline} 0 means: the only timeline among them, else 1.
     *
     * @throws WalFormatException when the archive cannot be read or holds no segment of the timeline
     */
    public static WalTarArchive open(Path archive, int timeline) {
        String label = archive.getFileName().toString();
        Map<String, List<Member>> byName = new TreeMap<>();
        Map<Member, byte[]> heads = new java.util.HashMap<>();
        TreeMap<Long, Map<String, byte[]>> histories = new TreeMap<>();
        Compression c;
        long size;
        try (FileChannel ch = FileChannel.open(archive, StandardOpenOption.READ)) {
            size = ch.size();
            c = compressionOf(ch);
            index(ch, c, label, byName, heads, histories);
        } catch (NoSuchFileException e) {
            throw new WalInputException("could not open \"" + archive + "\": no such file or directory");
        } catch (AccessDeniedException e) {
            throw new WalInputException("could not open file \"" + archive + "\": permission denied");
        } catch (IOException e) {
            throw new WalInputException("could not read file \"" + archive + "\": " + e.getMessage());
        }
        String several = null;
        if (timeline == 0) {
            List<Integer> tlis = byName.keySet().stream().map(WalFileName::timeline).distinct().sorted().toList();
            timeline = tlis.size() == 1 ? tlis.get(0) : 1;
            if (tlis.size() > 1) {
                several = WalDirectory.severalTimelines(tlis, histories.isEmpty() ? -1 : histories.lastKey());
            }
        }
        final int tli = timeline;
        List<WalMessage> notices = new ArrayList<>();
        Map<String, byte[]> ignored = histories.remove(1L);
        if (ignored != null && tli == 1) {
            notices.add(WalMessage.text(label + ":" + HistoryFiles.timelineOneNote(ignored.keySet().iterator().next())));
        }
        TimelineHistory history = history(tli, histories.get(Integer.toUnsignedLong(tli)), label);
        if (several != null) {
            notices.add(WalMessage.text(several));
        }
        if (history.fromFile()) {
            notices.add(history.description());
        }
        TreeMap<String, List<Member>> candidates = new TreeMap<>();
        for (Map.Entry<String, List<Member>> e : byName.entrySet()) {
            if (history.contains(Integer.toUnsignedLong(WalFileName.timeline(e.getKey())))) {
                List<Member> ms = e.getValue();
                ms.sort(Comparator.comparingInt((Member m) -> m.stored().rank()).thenComparing(Member::name));
                candidates.put(e.getKey(), ms);
            }
        }
        if (candidates.isEmpty()) {
            throw new WalInputException(String.format(Locale.ROOT,
                    "no WAL segment files of timeline %d%s in tar archive %s", Integer.toUnsignedLong(tli),
                    history.fromFile() ? " or its ancestors (" + history.file() + ")" : "", archive));
        }
        int segSize = segmentSizeOf(archive, c, candidates.values().stream().map(ms -> ms.get(0)).toList(), heads);
        TreeMap<String, Member> chosen = new TreeMap<>();
        for (Map.Entry<String, List<Member>> e : candidates.entrySet()) {
            if (!history.supplies(e.getKey(), segSize)) {
                continue; // another timeline's member holds this segment's WAL (or the segment is past a switch)
            }
            List<Member> ms = e.getValue();
            Member m = ms.get(0);
            chosen.put(e.getKey(), m);
            if (ms.size() > 1) {
                notices.add(WalMessage.text("both " + ms.get(0).name() + " and " + ms.get(1).name() + " are in " + label
                        + "; reading " + m.name()));
            }
            if (m.stored().partial()) {
                notices.add(WalMessage.text(label + ":" + m.name() + " is a partial segment: its WAL is read up to where it ends"));
            }
        }
        if (chosen.isEmpty()) {
            throw new WalInputException("no WAL segment files of timeline " + Integer.toUnsignedLong(tli)
                    + " or its ancestors in tar archive " + archive + " hold WAL of " + history.describe());
        }
        String kind = c == Compression.NONE ? "tar archive " : c.label() + "-compressed tar archive ";
        notices.add(0, WalMessage.text(kind + label + ": " + chosen.size() + " WAL segment member(s) of timeline "
                + (history.fromFile() ? Integer.toUnsignedLong(tli) + " and its ancestors" : Integer.toUnsignedLong(tli))
                + (c == Compression.NONE ? "" : " (read front to back, on one thread)")));
        TreeMap<Long, Member> members = new TreeMap<>();
        for (var e : chosen.entrySet()) {
            members.put(WalFileName.segno(e.getKey(), segSize), e.getValue());
        }
        WalTarArchive a = new WalTarArchive(archive, c, size, tli, segSize, members,
                Collections.unmodifiableList(notices), history);
        a.newest = WalDirectory.newest(tli, byName.keySet(), histories.isEmpty() ? -1 : histories.lastKey());
        return a;
    }

    private static Compression compressionOf(FileChannel ch) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(Compression.MAGIC_BYTES);
        while (head.hasRemaining() && ch.read(head, head.position()) > 0) {
            // fill what the file has
        }
        return Compression.detect(head.array(), head.position());
    }

    /**
     * One pass over the archive's headers, keeping the members named like segments. A plain archive is walked by
     * seeking over member data; a compressed one is decompressed through, and the first bytes of each WAL member
     * are kept in {@code heads} (reaching them again later would cost another pass).
     */
    private static void index(FileChannel ch, Compression c, String label, Map<String, List<Member>> byName,
                              Map<Member, byte[]> heads, NavigableMap<Long, Map<String, byte[]>> histories)
            throws IOException {
        RegionInputStream region = new RegionInputStream(ch, 0, ch.size());
        CountingInputStream counting = null;
        if (c != Compression.NONE) {
            try {
                counting = new CountingInputStream(c.decompress(new BufferedInputStream(region, 65536)));
            } catch (IOException | RuntimeException e) {
                throw indexFailure(e, label, region);
            }
        }
        InputStream in = counting != null ? counting : region;
        byte[] drain = new byte[65536];
        // where the header after the last member starts: the end-of-archive marker must be there
        long nextHeader = 0;
        String last = null;
        int walMembers = 0;
        long historyBytes = 0;
        try (TarArchiveInputStream tar = new TarArchiveInputStream(in)) {
            TarArchiveEntry e;
            while ((e = nextEntry(tar, label, region)) != null) {
                long offset = counting != null ? counting.count() : region.position();
                nextHeader = offset + ((e.getSize() + 511) & ~511L);
                last = e.getName();
                String special = special(e);
                if (special != null) {
                    String base = e.getName().substring(e.getName().lastIndexOf('/') + 1);
                    if (StoredSegmentName.parse(base) != null || HistoryFiles.timelineOfFileName(base) > 0) {
                        throw new WalFormatException("invalid tar archive " + label + ": member " + e.getName()
                                + " is " + special + ", not a WAL file");
                    }
                }
                if (special == null && e.isFile() && !e.isSparse()) {
                    String name = e.getName();
                    StoredSegmentName s = StoredSegmentName.parse(name.substring(name.lastIndexOf('/') + 1));
                    if (s != null) {
                        if (++walMembers > MAX_WAL_MEMBERS) {
                            throw new WalFormatException("tar archive " + label + " holds more than "
                                    + MAX_WAL_MEMBERS + " WAL segment members, the most walprism indexes in one archive");
                        }
                        Member m = new Member(name, offset, e.getSize(), s);
                        byName.computeIfAbsent(s.segment(), k -> new ArrayList<>()).add(m);
                        if (counting != null) {
                            heads.put(m, headOf(tar));
                        }
                    }
                }
                if (e.isDirectory()) {
                    continue;
                }
                String base = e.getName().substring(e.getName().lastIndexOf('/') + 1);
                long htli = special == null && e.isFile() && !e.isSparse() ? HistoryFiles.timelineOfFileName(base)
                        : -1;
                if (htli > 0) {
                    // a timeline history: small, kept whole (bounded), read through the tar stream
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
                        if (historyBytes > MAX_HISTORY_BYTES) {
                            throw new WalFormatException("tar archive " + label + " holds more than "
                                    + (MAX_HISTORY_BYTES >> 20) + " MiB of timeline history members, the most "
                                    + "walprism keeps of one archive");
                        }
                        same.clear();
                        same.put(e.getName(), content.toByteArray());
                    }
                    continue;
                }
                if (counting == null && !e.isSparse()) {
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
            checkEnd(counting, region, nextHeader, last, label);
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
    private static void checkEnd(CountingInputStream counting, RegionInputStream region, long nextHeader,
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
        byte[] buf = new byte[COPY_BUFFER];
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
    private static TimelineHistory history(int tli, Map<String, byte[]> members, String label) {
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
            InputStream in = new NonClosingInputStream(member);
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
    private static int segmentSizeOf(Path archive, Compression compression, List<Member> candidates,
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

    @Override
    public WalTarArchive fork() {
        WalTarArchive a = new WalTarArchive(archive, compression, archiveSize, timeline, segmentSize, members,
                notices, history);
        a.newest = newest;
        return a;
    }

    @Override
    public boolean randomAccess() {
        return compression == Compression.NONE;
    }

    /** The archive read. */
    public Path archive() {
        return archive;
    }

    /** How the archive as a whole is compressed. */
    public Compression compression() {
        return compression;
    }

    @Override
    public int timeline() {
        return timeline;
    }

    @Override
    public TimelineHistory history() {
        return history;
    }

    @Override
    public int newestTimeline() {
        return newest;
    }

    @Override
    public int segmentSize() {
        return segmentSize;
    }

    @Override
    public long firstSegment() {
        return members.isEmpty() ? -1 : members.firstKey();
    }

    @Override
    public long nextSegment(long segno) {
        Long k = members.higherKey(segno);
        return k == null ? -1 : k;
    }

    @Override
    public List<WalMessage> notices() {
        return notices;
    }

    @Override
    public String segmentName(long segno) {
        Member m = members.get(segno);
        return m != null ? label + ":" + m.name()
                : WalFileName.of(history.timelineOfSegment(segno, segmentSize), segno, segmentSize);
    }

    @Override
    public boolean read(long segno, int offset, byte[] dst, int dstOffset, int length) {
        return open.read(segno, offset, dst, dstOffset, length);
    }

    @Override
    public boolean read(long segno, int offset, ByteBuffer dst) {
        return open.read(segno, offset, dst);
    }

    /** The reader of segment {@code segno}'s member, or null when the archive has no such member. */
    private SegmentReader openMember(long segno) {
        Member m = members.get(segno);
        return m == null ? null : openMember(segno, m);
    }

    private SegmentReader openMember(long segno, Member m) {
        String name = label + ":" + m.name();
        if (compression != Compression.NONE) {
            return SegmentReader.stream(name, segno, segmentSize, m.stored().partial(), compression,
                    () -> memberStream(segno, m, name));
        }
        try {
            if (channel == null) {
                channel = FileChannel.open(archive, StandardOpenOption.READ);
            }
            if (m.offset() + m.size() > channel.size()) {
                throw new TruncatedWalException(String.format(Locale.ROOT,
                        "tar archive ends inside the member: %d of its %d bytes present",
                        Math.max(0, channel.size() - m.offset()), m.size()), segno * segmentSize, name, 0);
            }
            return SegmentReader.open(name, segno, segmentSize, m.stored().partial(), channel, false, m.offset(),
                    m.size());
        } catch (AccessDeniedException e) {
            throw new WalInputException("could not open file \"" + archive + "\": permission denied",
                    segno * segmentSize, name, 0);
        } catch (IOException e) {
            throw new WalInputException("could not read file \"" + archive + "\": " + e.getMessage(),
                    segno * segmentSize, name, 0);
        }
    }

    /**
     * The decompressed bytes of member {@code m} of a compressed archive, from the archive stream kept open: moved
     * forward to the member, or restarted from the archive's start when the member lies behind it.
     */
    private SegmentReader.Opened memberStream(long segno, Member m, String name) throws IOException {
        if (cursor == null || cursor.count() > m.offset()) {
            if (cursor != null) {
                cursor.close();
            }
            FileChannel ch = FileChannel.open(archive, StandardOpenOption.READ);
            cursor = new CountingInputStream(compression.decompress(
                    new BufferedInputStream(new ClosingRegionInputStream(ch, archiveSize), 65536)));
        }
        long skip = m.offset() - cursor.count();
        byte[] buf = new byte[COPY_BUFFER];
        while (skip > 0) {
            int n = cursor.read(buf, 0, (int) Math.min(buf.length, skip));
            if (n < 0) {
                throw new EOFException("archive ends before the member");
            }
            skip -= n;
        }
        PushbackInputStream member = new PushbackInputStream(new BoundedInputStream(cursor, m.size()),
                Compression.MAGIC_BYTES);
        byte[] magic = member.readNBytes(Compression.MAGIC_BYTES);
        member.unread(magic);
        Compression mc = Compression.ofStored(name, magic, magic.length);
        if (mc == Compression.NONE) {
            if (!m.stored().partial() || m.size() > segmentSize) {
                SegmentReader.checkStoredSize(name, segno, segmentSize, m.size());
            }
            return new SegmentReader.Opened(member, null, compression);
        }
        return SegmentReader.StoredBytes.decompress(mc, member);
    }

    @Override
    public void close() {
        open.close();
        try {
            if (channel != null) {
                channel.close();
            }
            if (cursor != null) {
                cursor.close();
            }
        } catch (IOException e) {
            // read-only: nothing to report
        }
        channel = null;
        cursor = null;
    }

    /** Counts the bytes read or skipped. */
    static final class CountingInputStream extends FilterInputStream {
        private long count;

        CountingInputStream(InputStream in) {
            super(in);
        }

        long count() {
            return count;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long k = in.skip(n);
            count += k;
            return k;
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }

    /** At most {@code limit} bytes of a stream; closing it leaves the stream open. */
    private static final class BoundedInputStream extends InputStream {
        private final InputStream in;
        private long left;

        BoundedInputStream(InputStream in, long limit) {
            this.in = in;
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }
    }

    /** A stream whose close does not close the stream under it. */
    private static final class NonClosingInputStream extends FilterInputStream {
        NonClosingInputStream(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // the archive stream stays open for the next member
        }
    }

    /** A whole file's region stream that closes its channel with it. */
    private static final class ClosingRegionInputStream extends FilterInputStream {
        private final FileChannel ch;

        ClosingRegionInputStream(FileChannel ch, long size) {
            super(new RegionInputStream(ch, 0, size));
            this.ch = ch;
        }

        @Override
        public void close() throws IOException {
            ch.close();
        }
    }
}
