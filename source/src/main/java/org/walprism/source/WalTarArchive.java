package org.walprism.source;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
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
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalInputException;
import org.walprism.codec.WalMessage;
import org.walprism.codec.read.ForkableSource;
import org.walprism.codec.read.TimelineHistory;
import org.walprism.source.TarIndex.Member;

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
    static final int COPY_BUFFER = 1 << 13;
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
    private TarStreams.CountingInputStream cursor;
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
            Compression c = TarIndex.compressionOf(ch);
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
        Compression c;
        long size;
        TarIndex index;
        try (FileChannel ch = FileChannel.open(archive, StandardOpenOption.READ)) {
            size = ch.size();
            c = TarIndex.compressionOf(ch);
            index = TarIndex.read(ch, c, label);
        } catch (NoSuchFileException e) {
            throw new WalInputException("could not open \"" + archive + "\": no such file or directory");
        } catch (AccessDeniedException e) {
            throw new WalInputException("could not open file \"" + archive + "\": permission denied");
        } catch (IOException e) {
            throw new WalInputException("could not read file \"" + archive + "\": " + e.getMessage());
        }
        Map<String, List<Member>> byName = index.byName;
        TreeMap<Long, Map<String, byte[]>> histories = index.histories;
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
        TimelineHistory history = TarIndex.history(tli, histories.get(Integer.toUnsignedLong(tli)), label);
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
        int segSize = TarIndex.segmentSizeOf(archive, c, candidates.values().stream().map(ms -> ms.get(0)).toList(),
                index.heads);
        NavigableMap<Long, Member> members = choose(archive, c, tli, history, candidates, segSize, notices);
        WalTarArchive a = new WalTarArchive(archive, c, size, tli, segSize, members,
                Collections.unmodifiableList(notices), history);
        a.newest = WalDirectory.newest(tli, byName.keySet(), histories.isEmpty() ? -1 : histories.lastKey());
        return a;
    }

    /**
     * The member read for each segment of {@code history} among {@code candidates} (best first), by segment number;
     * notes duplicates and partial segments in {@code notices}, and puts the archive's summary first.
     */
    private static NavigableMap<Long, Member> choose(Path archive, Compression c, int tli, TimelineHistory history,
                                                     Map<String, List<Member>> candidates, int segSize,
                                                     List<WalMessage> notices) {
        String label = archive.getFileName().toString();
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
        return members;
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
            cursor = new TarStreams.CountingInputStream(compression.decompress(
                    new BufferedInputStream(new TarStreams.ClosingRegionInputStream(ch, archiveSize), 65536)));
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
        PushbackInputStream member = new PushbackInputStream(new TarStreams.BoundedInputStream(cursor, m.size()),
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


}
