package org.walprism.testdata;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * Entry point to walprism's real-WAL corpus: the captures listed in {@code testdata/manifest.tsv}.
 *
 * <p>Tests get captures by name ({@code TestData.capture("17/vacuum_noindex")}), never by relative path.
 * The testdata folder is found by walking up from the working directory (and from this class's location)
 * to a folder holding {@code testdata/manifest.tsv}; the system property {@value #ROOT_PROPERTY} (or the
 * environment variable {@code WALPRISM_TESTDATA}) names it explicitly. Gzip-compressed files are
 * materialised uncompressed into a cache directory ({@value #CACHE_PROPERTY}, default
 * {@code java.io.tmpdir/walprism-corpus-<hash of the testdata path>}) the first time they are asked for, and
 * again whenever the stored file's modification time changes.
 */
public final class TestData {

    /** System property naming the testdata folder (the one holding manifest.tsv). */
    public static final String ROOT_PROPERTY = "walprism.testdata";
    /** System property naming the directory uncompressed corpus files are materialised into. */
    public static final String CACHE_PROPERTY = "walprism.corpus.cache";
    /** The manifest's file name inside the testdata folder. */
    public static final String MANIFEST = "manifest.tsv";

    /** Manifest columns, in order (the first line of manifest.tsv must name them exactly). */
    public static final List<String> COLUMNS = List.of("name", "version", "workload", "segment_size",
            "start_lsn", "end_lsn", "records", "initdb_options", "settings", "files", "oracles", "provenance");

    private static volatile Corpus corpus;

    private TestData() {
    }

    /** Every capture of the corpus, in manifest order. */
    public static List<Capture> captures() {
        return corpus().captures;
    }

    /**
     * The capture called {@code name}, e.g. {@code "19/vacuum_noindex"} or {@code "16/hot_updates"}.
     *
     * @throws IllegalArgumentException when the manifest lists no such capture
     */
    public static Capture capture(String name) {
        Capture c = corpus().byName.get(name);
        if (c == null) {
            throw new IllegalArgumentException("no capture \"" + name + "\" in " + corpus().root.resolve(MANIFEST)
                    + " (known: " + corpus().byName.keySet() + ")");
        }
        return c;
    }

    /** The captures of one version label ({@code "13"} .. {@code "19"}, {@code "19beta1"}, {@code "19beta3"}). */
    public static List<Capture> captures(String versionLabel) {
        return captures().stream().filter(c -> c.versionLabel().equals(versionLabel)).toList();
    }

    /** The testdata folder (holding manifest.tsv, corpus/, workloads/, capture/). */
    public static Path root() {
        return corpus().root;
    }

    /** Reads a manifest from an explicit testdata folder (used by tests of the manifest itself). */
    public static List<Capture> readManifest(Path testdataRoot) {
        return new Corpus(testdataRoot).captures;
    }

    /**
     * A capture the capture tool just wrote into {@code dir} (outside the corpus, e.g. by a live test), read
     * from its {@code capture.meta}; its gzip-compressed files are materialised under {@code dir/.plain}.
     */
    public static Capture fromDirectory(Path dir) {
        Path d = dir.toAbsolutePath().normalize();
        return fromDirectory(d, d.resolve(".plain"));
    }

    /**
     * A capture of {@code testdata/timelines/<name>} (e.g. {@code "15/promotion"}): WAL of several timelines, kept out
     * of manifest.tsv because the corpus's tests read one timeline; see testdata/README.md. Its files are
     * materialised into the corpus's cache, never beside the committed files.
     */
    public static Capture timelineCapture(String name) {
        Path d = root().resolve("timelines").resolve(name);
        if (!Files.isRegularFile(d.resolve("capture.meta"))) {
            throw new IllegalArgumentException("no timeline capture \"" + name + "\" in " + root().resolve("timelines"));
        }
        return fromDirectory(d, corpus().cache.resolve("timelines").resolve(name));
    }

    private static Capture fromDirectory(Path d, Path cache) {
        Map<String, String> meta = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(d.resolve("capture.meta"))) {
                int tab = line.indexOf('\t');
                if (tab > 0) {
                    meta.put(line.substring(0, tab), line.substring(tab + 1));
                }
            }
            List<String> files;
            try (var s = Files.walk(d)) {
                files = s.filter(Files::isRegularFile)
                        .map(p -> d.relativize(p).toString().replace('\\', '/'))
                        .filter(f -> !f.equals("capture.meta") && !f.startsWith(".plain/"))
                        .sorted().toList();
            }
            List<String> oracles = new ArrayList<>(ORACLES.stream()
                    .filter(o -> files.contains(o) || files.contains(o + ".gz")).toList());
            // a promotion capture's pg_waldump output per timeline (capture/promotion.sh)
            files.stream().filter(f -> f.startsWith("waldump-tli")).map(TestData::stripGz).forEach(oracles::add);
            Corpus c = new Corpus(d, cache);
            long records = -1;
            if (oracles.contains("records.tsv")) {
                records = Files.readAllLines(c.materialiseFile(d, "records.tsv", files)).size();
            } else if (oracles.contains("waldump.txt")) {
                records = Files.readAllLines(c.materialiseFile(d, "waldump.txt", files)).stream()
                        .filter(l -> l.startsWith("rmgr:")).count();
            }
            String[] row = new String[COLUMNS.size()];
            row[0] = meta.get("version") + "/" + d.getFileName();
            row[1] = meta.get("version");
            row[2] = meta.get("workload");
            row[3] = meta.get("segment_size");
            row[4] = meta.get("start_lsn");
            row[5] = meta.get("end_lsn");
            row[6] = Long.toString(records);
            row[7] = meta.getOrDefault("initdb_options", "");
            row[8] = meta.getOrDefault("settings", "");
            row[9] = String.join(",", files);
            row[10] = String.join(",", oracles);
            row[11] = meta.getOrDefault("provenance", "");
            return c.row(d.resolve("capture.meta"), 1, row, d);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the capture in " + d, e);
        }
    }

    /** The oracle file names a capture may have, in the order the manifest lists them. */
    public static final List<String> ORACLES = List.of("stats.tsv", "records.tsv", "blocks.tsv", "blocks-md5.tsv",
            "waldump.txt", "waldump-b.txt", "waldump-stats.txt", "waldump-stats-record.txt", "waldump-fullpage.sha256");

    private static Corpus corpus() {
        Corpus c = corpus;
        if (c == null) {
            synchronized (TestData.class) {
                c = corpus;
                if (c == null) {
                    c = new Corpus(locateRoot());
                    corpus = c;
                }
            }
        }
        return c;
    }

    static Path locateRoot() {
        String explicit = System.getProperty(ROOT_PROPERTY);
        if (explicit == null || explicit.isBlank()) {
            explicit = System.getenv("WALPRISM_TESTDATA");
        }
        if (explicit != null && !explicit.isBlank()) {
            Path p = Paths.get(explicit).toAbsolutePath().normalize();
            if (!Files.isRegularFile(p.resolve(MANIFEST))) {
                throw new IllegalStateException(ROOT_PROPERTY + "=" + explicit + " holds no " + MANIFEST);
            }
            return p;
        }
        List<Path> starts = new ArrayList<>();
        starts.add(Paths.get(System.getProperty("user.dir")).toAbsolutePath());
        try {
            var src = TestData.class.getProtectionDomain().getCodeSource();
            if (src != null && src.getLocation() != null) {
                starts.add(Paths.get(src.getLocation().toURI()).toAbsolutePath());
            }
        } catch (URISyntaxException | SecurityException | IllegalArgumentException ignored) {
            // no usable code source (e.g. a custom class loader): the working directory walk still applies
        }
        for (Path start : starts) {
            for (Path d = start; d != null; d = d.getParent()) {
                if (Files.isRegularFile(d.resolve("testdata").resolve(MANIFEST))) {
                    return d.resolve("testdata").normalize();
                }
                if (d.getFileName() != null && d.getFileName().toString().equals("testdata")
                        && Files.isRegularFile(d.resolve(MANIFEST))) {
                    return d.normalize();
                }
            }
        }
        throw new IllegalStateException("cannot find testdata/" + MANIFEST + " above " + starts
                + "; set -D" + ROOT_PROPERTY + "=<path to walprism/testdata>");
    }

    static String stripGz(String file) {
        return file.endsWith(".gz") ? file.substring(0, file.length() - 3) : file;
    }

    /** Parses {@code X/Y} (hex) into a 64-bit LSN. */
    public static long parseLsn(String text) {
        int slash = text.indexOf('/');
        if (slash <= 0 || slash == text.length() - 1) {
            throw new IllegalArgumentException("invalid LSN \"" + text + "\"");
        }
        long hi = Long.parseUnsignedLong(text.substring(0, slash), 16);
        long lo = Long.parseUnsignedLong(text.substring(slash + 1), 16);
        if (hi > 0xFFFFFFFFL || lo > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("invalid LSN \"" + text + "\"");
        }
        return (hi << 32) | lo;
    }

    static String formatLsn(long lsn) {
        return String.format(Locale.ROOT, "%X/%08X", lsn >>> 32, lsn & 0xFFFFFFFFL);
    }

    /** One loaded manifest plus its materialisation cache. */
    static final class Corpus {
        private final Path root;
        private final List<Capture> captures;
        private final Map<String, Capture> byName;
        private final Path cache;

        /** A corpus of one directory-held capture: no manifest, files materialised into {@code cache}. */
        Corpus(Path dir, Path cache) {
            this.root = dir;
            this.captures = List.of();
            this.byName = Map.of();
            this.cache = cache;
        }

        Path materialiseFile(Path dir, String file, List<String> files) {
            boolean gz = files.contains(file + ".gz");
            return materialiseFile(dir.resolve(gz ? file + ".gz" : file), cache.resolve(file), gz);
        }

        Corpus(Path root) {
            this.root = root.toAbsolutePath().normalize();
            Path manifest = this.root.resolve(MANIFEST);
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(manifest);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + manifest, e);
            }
            this.captures = Collections.unmodifiableList(parse(manifest, new String(bytes, StandardCharsets.UTF_8)));
            Map<String, Capture> m = new LinkedHashMap<>();
            for (Capture c : captures) {
                if (m.put(c.name(), c) != null) {
                    throw new IllegalStateException(manifest + ": capture " + c.name() + " listed twice");
                }
            }
            this.byName = Collections.unmodifiableMap(m);
            String explicit = System.getProperty(CACHE_PROPERTY);
            if (explicit != null && !explicit.isBlank()) {
                this.cache = Paths.get(explicit).toAbsolutePath();
            } else {
                this.cache = Paths.get(System.getProperty("java.io.tmpdir"))
                        .resolve("walprism-corpus-" + digest(this.root.toString().getBytes(StandardCharsets.UTF_8)));
            }
        }

        Path root() {
            return root;
        }

        private List<Capture> parse(Path manifest, String text) {
            List<Capture> out = new ArrayList<>();
            String[] lines = text.split("\n", -1);
            if (lines.length == 0 || !Arrays.asList(lines[0].split("\t", -1)).equals(COLUMNS)) {
                throw new IllegalStateException(manifest + ": first line must be the columns " + COLUMNS);
            }
            for (int i = 1; i < lines.length; i++) {
                String line = lines[i];
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                if (f.length != COLUMNS.size()) {
                    throw new IllegalStateException(manifest + " line " + (i + 1) + ": " + f.length
                            + " columns (expected: " + COLUMNS.size() + ")");
                }
                out.add(row(manifest, i + 1, f, root.resolve("corpus").resolve(f[0])));
            }
            return out;
        }

        Capture row(Path source, int lineNo, String[] f, Path storedDir) {
            try {
                List<String> initdb = f[7].isBlank() || f[7].equals("-") ? List.of() : List.of(f[7].trim().split(" +"));
                Map<String, String> settings = new LinkedHashMap<>();
                if (!f[8].isBlank() && !f[8].equals("-")) {
                    for (String kv : f[8].split(";")) {
                        int eq = kv.indexOf('=');
                        if (eq <= 0) {
                            throw new IllegalArgumentException("setting without '=': " + kv);
                        }
                        settings.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
                    }
                }
                settings.put("initdb", String.join(" ", initdb));
                List<String> files = List.of(f[9].split(","));
                Set<String> oracles = new LinkedHashSet<>();
                if (!f[10].isBlank() && !f[10].equals("-")) {
                    oracles.addAll(Arrays.asList(f[10].split(",")));
                }
                for (String o : oracles) {
                    if (!files.contains(o) && !files.contains(o + ".gz")) {
                        throw new IllegalArgumentException("oracle " + o + " is not among the files");
                    }
                }
                String name = f[0];
                if (!name.startsWith(f[1] + "/")) {
                    throw new IllegalArgumentException("name " + name + " does not start with its version " + f[1]);
                }
                return new Capture(this, storedDir, name, f[1], f[2], Integer.parseInt(f[3]), parseLsn(f[4]),
                        parseLsn(f[5]), Long.parseLong(f[6]), initdb, settings, files, oracles, f[11]);
            } catch (RuntimeException e) {
                throw new IllegalStateException(source + " line " + lineNo + ": " + e.getMessage(), e);
            }
        }

        synchronized Path materialise(Capture c, String file) {
            String stored = c.storedFiles().contains(file + ".gz") ? file + ".gz" : file;
            Path src = c.storedDir().resolve(stored);
            Path dst = cache.resolve(c.name()).resolve(file);
            return materialiseFile(src, dst, stored.endsWith(".gz"));
        }

        synchronized Path materialiseWal(Capture c) {
            Path dir = cache.resolve(c.name()).resolve("wal");
            for (String f : c.storedFiles()) {
                if (f.startsWith("wal/")) {
                    materialiseFile(c.storedDir().resolve(f), dir.resolve(stripGz(f.substring(4))), f.endsWith(".gz"));
                }
            }
            // a regenerated capture may cover other segments than the one materialised before
            Set<String> keep = Set.copyOf(c.segments());
            try (var s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    String n = p.getFileName().toString();
                    if (!keep.contains(n) && !n.endsWith(".part")) {
                        Files.deleteIfExists(p);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + dir, e);
            }
            return dir;
        }

        private static Path materialiseFile(Path src, Path dst, boolean gz) {
            try {
                FileTime srcTime = Files.getLastModifiedTime(src);
                if (Files.isRegularFile(dst) && Files.getLastModifiedTime(dst).equals(srcTime)) {
                    return dst;
                }
                Files.createDirectories(dst.getParent());
                Path tmp = Files.createTempFile(dst.getParent(), dst.getFileName().toString(), ".part");
                try {
                    try (InputStream in = gz ? new GZIPInputStream(Files.newInputStream(src), 1 << 16)
                            : Files.newInputStream(src);
                         OutputStream out = Files.newOutputStream(tmp)) {
                        in.transferTo(out);
                    }
                    Files.setLastModifiedTime(tmp, srcTime);
                    try {
                        Files.move(tmp, dst, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    } catch (AtomicMoveNotSupportedException e) {
                        Files.move(tmp, dst, StandardCopyOption.REPLACE_EXISTING);
                    }
                } finally {
                    Files.deleteIfExists(tmp);
                }
                return dst;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot materialise " + src + " into " + dst, e);
            }
        }

        private static String digest(byte[] a) {
            try {
                MessageDigest md = MessageDigest.getInstance("SHA-256");
                md.update(a);
                return HexFormat.of().formatHex(md.digest(), 0, 6);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
