package org.walprism.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalInputException;
import org.walprism.codec.read.ForkableSource;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.read.SegmentSource;
import org.walprism.codec.read.WalReader;

/**
 * Opens WAL where it really lives, from one path: what {@code -p} may point at.
 *
 * <table>
 * <caption>input forms</caption>
 * <tr><th>path</th><th>read as</th></tr>
 * <tr><td>a directory of segment files (plain or compressed, any name of {@link StoredSegmentName})</td>
 *     <td>{@link WalDirectory}</td></tr>
 * <tr><td>one segment file</td><td>its directory, its timeline</td></tr>
 * <tr><td>a tar archive, plain or compressed ({@code pg_wal.tar}, {@code base.tar.gz}, ...)</td>
 *     <td>{@link WalTarArchive}</td></tr>
 * <tr><td>a directory holding {@code pg_wal}</td><td>its {@code pg_wal}</td></tr>
 * <tr><td>a {@code pg_basebackup -Ft} directory ({@code pg_wal.tar*}, else {@code base.tar*})</td>
 *     <td>that archive</td></tr>
 * <tr><td>a pgBackRest repository ({@code archive/<stanza>/<version>-<db-id>/<16 hex>/<segment>-<sha1>.<ext>}):
 *     the repository, its {@code archive}, a stanza or a version directory</td>
 *     <td>the stanza's newest archive (highest db-id)</td></tr>
 * <tr><td>a WAL-G storage root ({@code wal_005/<segment>.<ext>}, beside {@code basebackups_005})</td>
 *     <td>{@code wal_005}</td></tr>
 * <tr><td>a barman server directory ({@code wals/<16 hex>/<segment>[.<ext>]}), its {@code wals}, or a barman
 *     home with one server</td><td>every {@code <16 hex>} directory of {@code wals}</td></tr>
 * </table>
 *
 * <p>An archiver's layout is named in the source's first notice, so the user sees what was read.
 */
public final class WalSources {
    private static final Pattern LOG_DIR = Pattern.compile("[0-9A-F]{16}");
    /**
     * pgBackRest's {@code <version>-<db-id>}: the db-id is an unsigned 32-bit number (pgBackRest's
     * {@code unsigned int}), so a longer run of digits is no archive of its.
     */
    private static final Pattern PGBACKREST_ARCHIVE = Pattern.compile("(\\d{1,10})-(\\d{1,10})");
    private static final Pattern BACKUP_TAR = Pattern.compile("(pg_wal|base)\\.tar(\\.(gz|lz4|zst|bz2|xz))?");

    private WalSources() {
    }

    /**
     * Opens the WAL at {@code path} (any form in the class comment) for {@code timeline}; 0 means the timeline of a
     * given segment file, else the only timeline present, else 1, as pg_waldump defaults.
     *
     * @throws WalFormatException when nothing readable is there
     */
    public static ForkableSource open(Path path, int timeline) {
        if (Files.isRegularFile(path)) {
            if (StoredSegmentName.parse(path.getFileName().toString()) != null) {
                return WalDirectory.open(path, timeline);
            }
            if (WalTarArchive.isTar(path)) {
                return WalTarArchive.open(path, timeline);
            }
            throw new WalFormatException("not a WAL segment file name, nor a tar archive: " + path);
        }
        if (!Files.isDirectory(path)) {
            throw new WalInputException("could not open \"" + path + "\": no such file or directory");
        }
        return openDirectory(path, timeline);
    }

    /**
     * A reader over the WAL at {@code path} as pg_waldump reads its arguments: a segment file is its STARTSEG
     * (reading starts at that segment's first record), any other form starts at its lowest segment; {@code start}
     * (the first record at or after it) and {@code end} (records that end after it are not read) narrow that, empty
     * meaning those defaults and the end of the WAL. {@code timeline} 0: as {@link #open} chooses.
     */
    public static WalReader reader(Path path, Optional<Lsn> start, Optional<Lsn> end, int timeline) {
        SegmentSource source = open(path, timeline);
        try {
            return WalReader.open(source, start.isPresent() ? start : Lsn.bound(startOf(path, source)), end);
        } catch (RuntimeException e) {
            source.close();
            throw e;
        }
    }

    /** pg_waldump's STARTSEG: the start of the segment {@code path} names, or 0 (the lowest segment). */
    private static long startOf(Path path, SegmentSource source) {
        String seg = Files.isRegularFile(path) ? StoredSegmentName.segmentOf(path.getFileName().toString()) : null;
        return seg == null ? 0 : WalFileName.segno(seg, source.segmentSize()) * source.segmentSize();
    }

    /** As {@link #reader(Path, Optional, Optional, int)}, on the timeline pg_waldump chooses. */
    public static WalReader reader(Path path, Optional<Lsn> start, Optional<Lsn> end) {
        return reader(path, start, end, 0);
    }

    /**
     * Runs {@code scan} over the WAL at {@code path} from {@code start} to {@code end} on timeline {@code timeline}
     * (0 = default), with the range of {@link #reader(Path, Optional, Optional, int)}: an empty start is a segment
     * file's STARTSEG or the lowest segment, an empty end the end of WAL.
     */
    public static <S extends ParallelWalScan.Sink> ParallelWalScan.Result<S> scan(ParallelWalScan<S> scan, Path path,
                                                                                 Optional<Lsn> start, Optional<Lsn> end,
                                                                                 int timeline) {
        try (ForkableSource probe = open(path, timeline)) {
            return scan.scan(probe, start.isPresent() ? start : Lsn.bound(startOf(path, probe)), end);
        }
    }

    /**
     * True when {@code dir} is one of the layouts above other than a plain directory of segments: an archiver's
     * repository (or a part of one), a directory of {@code <16 hex>} directories, or a {@code pg_basebackup -Ft}
     * directory. Only names are looked at.
     */
    public static boolean isStore(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        List<Path> entries = list(dir);
        if (!logDirs(entries).isEmpty() || Files.isDirectory(dir.resolve("wal_005"))
                || Files.isDirectory(dir.resolve("wals")) || Files.isRegularFile(dir.resolve("archive.info"))
                || Files.isDirectory(dir.resolve("archive"))) {
            return true;
        }
        return entries.stream().anyMatch(p -> Files.isRegularFile(p.resolve("archive.info"))
                || Files.isDirectory(p.resolve("wals"))
                || (BACKUP_TAR.matcher(p.getFileName().toString()).matches() && Files.isRegularFile(p)));
    }

    private static ForkableSource openDirectory(Path dir, int timeline) {
        List<Path> entries = list(dir);
        if (entries.stream().anyMatch(p -> isSegmentFile(p))) {
            return WalDirectory.open(dir, timeline);
        }
        List<Path> logDirs = logDirs(entries);
        if (!logDirs.isEmpty()) {
            String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
            String layout = name.equals("wals") ? "barman WAL archive " + dir
                    : PGBACKREST_ARCHIVE.matcher(name).matches() ? "pgBackRest archive " + dir
                    : "WAL archive with <16 hex> subdirectories " + dir;
            return WalDirectory.open(dir, withHistories(logDirs, dir), timeline, List.of(layout + describe(logDirs)));
        }
        Path pgWal = dir.resolve("pg_wal");
        if (Files.isDirectory(pgWal)) {
            return openDirectory(pgWal, timeline);
        }
        Path walg = dir.resolve("wal_005");
        if (Files.isDirectory(walg)) {
            return WalDirectory.open(walg, List.of(walg), timeline, List.of("WAL-G storage " + dir + ": reading "
                    + walg.getFileName()));
        }
        Path wals = dir.resolve("wals");
        if (Files.isDirectory(wals)) {
            return barman(dir, wals, timeline);
        }
        if (Files.isRegularFile(dir.resolve("archive.info"))) {
            return pgBackRestStanza(dir, timeline);
        }
        Path archive = dir.resolve("archive");
        if (Files.isDirectory(archive)) {
            return pgBackRestArchive(archive, timeline);
        }
        if (entries.stream().anyMatch(p -> Files.isRegularFile(p.resolve("archive.info")))) {
            return pgBackRestArchive(dir, timeline);
        }
        ForkableSource tar = backupTar(entries, timeline);
        if (tar != null) {
            return tar;
        }
        List<Path> servers = entries.stream().filter(p -> Files.isDirectory(p.resolve("wals"))).toList();
        if (servers.size() == 1) {
            return barman(servers.get(0), servers.get(0).resolve("wals"), timeline);
        }
        if (servers.size() > 1) {
            throw new WalInputException("barman home " + dir + " has several servers (" + names(servers)
                    + "): point -p at one of them");
        }
        return WalDirectory.open(dir, timeline);
    }

    private static ForkableSource barman(Path server, Path wals, int timeline) {
        List<Path> logDirs = logDirs(list(wals));
        String note = "barman server directory " + server + ": reading wals/" + describe(logDirs);
        List<Path> dirs = new ArrayList<>(logDirs);
        dirs.add(wals);
        return WalDirectory.open(server, dirs, timeline, List.of(note));
    }

    /** {@code archive/}: one stanza, or the user chooses. */
    private static ForkableSource pgBackRestArchive(Path archive, int timeline) {
        List<Path> stanzas = list(archive).stream().filter(Files::isDirectory).toList();
        if (stanzas.size() == 1) {
            return pgBackRestStanza(stanzas.get(0), timeline);
        }
        if (stanzas.isEmpty()) {
            throw new WalInputException("pgBackRest archive directory " + archive + " has no stanza");
        }
        throw new WalInputException("pgBackRest repository " + archive + " has several stanzas (" + names(stanzas)
                + "): point -p at " + archive.resolve("<stanza>"));
    }

    /**
     * A stanza's archive directory: one {@code <version>-<db-id>} directory per cluster the stanza has had
     * (stanza-upgrade adds one); the highest db-id is the current cluster's.
     */
    private static ForkableSource pgBackRestStanza(Path stanza, int timeline) {
        List<Path> archives = list(stanza).stream()
                .filter(p -> Files.isDirectory(p) && dbId(p) >= 0)
                .sorted(Comparator.comparingLong(WalSources::dbId)).toList();
        if (archives.isEmpty()) {
            throw new WalInputException("pgBackRest stanza directory " + stanza
                    + " has no archive (no <version>-<db-id> directory)");
        }
        Path current = archives.get(archives.size() - 1);
        StringBuilder note = new StringBuilder("pgBackRest stanza ").append(stanza.getFileName()).append(" in ")
                .append(stanza).append(": reading archive ").append(current.getFileName());
        if (archives.size() > 1) {
            note.append(" (the newest; also there: ").append(names(archives.subList(0, archives.size() - 1)))
                    .append(": point -p at one to read it)");
        }
        List<Path> logDirs = logDirs(list(current));
        if (logDirs.isEmpty()) {
            throw new WalInputException("pgBackRest archive " + current + " holds no WAL");
        }
        return WalDirectory.open(current, withHistories(logDirs, current), timeline, List.of(note + describe(logDirs)));
    }

    /**
     * {@code logDirs} and {@code parent}, where an archiver keeps timeline history files beside the
     * {@code <16 hex>} directories (pgBackRest's {@code <version>-<db-id>}, barman's {@code wals}).
     */
    private static List<Path> withHistories(List<Path> logDirs, Path parent) {
        List<Path> dirs = new ArrayList<>(logDirs);
        dirs.add(parent);
        return dirs;
    }

    /** The db-id of a pgBackRest {@code <version>-<db-id>} directory, or -1 when {@code archive} is not one. */
    private static long dbId(Path archive) {
        Matcher m = PGBACKREST_ARCHIVE.matcher(archive.getFileName().toString());
        long id = m.matches() ? Long.parseLong(m.group(2)) : -1;
        return id <= 0xFFFFFFFFL ? id : -1;
    }

    /** The {@code pg_basebackup -Ft} output in {@code dir}: {@code pg_wal.tar*}, else {@code base.tar*}. */
    private static ForkableSource backupTar(List<Path> entries, int timeline) {
        for (String kind : List.of("pg_wal", "base")) {
            for (Path p : entries) {
                Matcher m = BACKUP_TAR.matcher(p.getFileName().toString());
                if (m.matches() && m.group(1).equals(kind) && Files.isRegularFile(p) && WalTarArchive.isTar(p)) {
                    return WalTarArchive.open(p, timeline);
                }
            }
        }
        return null;
    }

    private static boolean isSegmentFile(Path p) {
        return StoredSegmentName.parse(p.getFileName().toString()) != null && Files.isRegularFile(p);
    }

    private static List<Path> logDirs(List<Path> entries) {
        return entries.stream().filter(p -> LOG_DIR.matcher(p.getFileName().toString()).matches()
                && Files.isDirectory(p)).toList();
    }

    private static String describe(List<Path> logDirs) {
        return logDirs.isEmpty() ? "" : " (" + logDirs.size() + " <16 hex> director"
                + (logDirs.size() == 1 ? "y" : "ies") + ")";
    }

    private static String names(List<Path> paths) {
        return String.join(", ", paths.stream().map(p -> p.getFileName().toString()).toList());
    }

    /** The entries of {@code dir}, sorted by name. */
    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new WalInputException("could not read directory \"" + dir + "\": " + e.getMessage());
        }
    }
}
