package org.walprism.testdata;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One real WAL capture of the corpus: the segments a PostgreSQL server wrote while running one workload,
 * the measured LSN range, and what PostgreSQL itself says about that range (the oracle files).
 *
 * <p>Instances come from {@link TestData#captures()} / {@link TestData#capture(String)}; they are one row
 * of {@code testdata/manifest.tsv}. Files stored gzip-compressed in the repository are handed out
 * uncompressed: {@link #walDir()} and {@link #oracle(String)} materialise them into a cache directory on
 * first use.
 */
public final class Capture {

    private final TestData.Corpus corpus;
    private final Path storedDir;
    private final String name;
    private final String versionLabel;
    private final String workload;
    private final int segmentSize;
    private final long startLsn;
    private final long endLsn;
    private final long records;
    private final List<String> initdbOptions;
    private final Map<String, String> settings;
    private final List<String> files;
    private final Set<String> oracles;
    private final String provenance;

    Capture(TestData.Corpus corpus, Path storedDir, String name, String versionLabel, String workload, int segmentSize,
            long startLsn, long endLsn, long records, List<String> initdbOptions, Map<String, String> settings,
            List<String> files, Set<String> oracles, String provenance) {
        this.corpus = corpus;
        this.storedDir = storedDir;
        this.name = name;
        this.versionLabel = versionLabel;
        this.workload = workload;
        this.segmentSize = segmentSize;
        this.startLsn = startLsn;
        this.endLsn = endLsn;
        this.records = records;
        this.initdbOptions = List.copyOf(initdbOptions);
        this.settings = Map.copyOf(settings);
        this.files = List.copyOf(files);
        this.oracles = Set.copyOf(oracles);
        this.provenance = provenance;
    }

    /** The capture's name, {@code <version label>/<capture folder>}, e.g. {@code "17/vacuum_noindex"}. */
    public String name() {
        return name;
    }

    /** The server's major as walprism labels it: {@code "13"} .. {@code "19"}, {@code "19beta1"}, {@code "19beta3"}. */
    public String versionLabel() {
        return versionLabel;
    }

    /** The workload that ran in the measured range, e.g. {@code "vacuum_noindex"} (SQL in testdata/workloads). */
    public String workload() {
        return workload;
    }

    /** {@code wal_segment_size} in bytes (initdb {@code --wal-segsize}). */
    public int segmentSize() {
        return segmentSize;
    }

    /** First LSN of the measured range: the start of its first record. */
    public long startLsn() {
        return startLsn;
    }

    /**
     * End LSN of the measured range: the end of its last record (where the closing {@code XLOG_SWITCH}
     * starts for captures made by the capture tool).
     */
    public long endLsn() {
        return endLsn;
    }

    /** How many records PostgreSQL reports in the range (records.tsv or pg_waldump), or -1 where no oracle says. */
    public long records() {
        return records;
    }

    /** The initdb options the cluster was made with, e.g. {@code [--wal-segsize=1, --data-checksums]}. */
    public List<String> initdbOptions() {
        return initdbOptions;
    }

    /**
     * True when the cluster had data checksums on: the {@code data_checksums} setting the server showed, else
     * whether initdb got {@code --data-checksums} / {@code -k}.
     */
    public boolean dataChecksums() {
        String shown = settings.get("data_checksums");
        if (shown != null) {
            return shown.equals("on");
        }
        return initdbOptions.contains("--data-checksums") || initdbOptions.contains("-k");
    }

    /**
     * Server settings the capture ran with (e.g. {@code wal_compression -> lz4}), plus the key
     * {@code "initdb"} holding the initdb options as one space-separated string.
     */
    public Map<String, String> settings() {
        return settings;
    }

    /** Where the data came from (server build, oracle tools, when). */
    public String provenance() {
        return provenance;
    }

    /** The files stored for this capture, relative to its folder, as committed (with {@code .gz}). */
    public List<String> storedFiles() {
        return files;
    }

    /** The oracle files present, by plain name (e.g. {@code "records.tsv"}, {@code "waldump.txt"}). */
    public Set<String> oracles() {
        return oracles;
    }

    /**
     * The value of {@code key} in the capture's {@code capture.meta} (what the capture tool recorded, e.g.
     * {@code switch_1} of a promotion capture), or null when it has none.
     */
    public String meta(String key) {
        try {
            for (String line : Files.readAllLines(storedDir.resolve("capture.meta"))) {
                int tab = line.indexOf('\t');
                if (tab > 0 && line.substring(0, tab).equals(key)) {
                    return line.substring(tab + 1);
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The committed folder of this capture (files may be gzip-compressed there). */
    public Path storedDir() {
        return storedDir;
    }

    /** Whether the oracle file {@code oracle} (plain name, e.g. {@code "blocks.tsv"}) exists for this capture. */
    public boolean has(String oracle) {
        return oracles.contains(oracle);
    }

    /**
     * The oracle file {@code file} (plain name, e.g. {@code "records.tsv"}), uncompressed.
     *
     * @throws IllegalArgumentException when this capture has no such oracle
     */
    public Path oracle(String file) {
        if (!has(file)) {
            throw new IllegalArgumentException("capture " + name + " has no oracle " + file + " (has: "
                    + new java.util.TreeSet<>(oracles) + ")");
        }
        return corpus.materialise(this, file);
    }

    /** The oracle file as text (UTF-8). */
    public String oracleText(String file) {
        try {
            return Files.readString(oracle(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The WAL segment file names (24 hex digits), in order. */
    public List<String> segments() {
        return files.stream()
                .filter(f -> f.startsWith("wal/"))
                .map(f -> TestData.stripGz(f.substring(4)))
                .sorted()
                .toList();
    }

    /** A directory holding exactly this capture's WAL segments, uncompressed (materialised on first use). */
    public Path walDir() {
        return corpus.materialiseWal(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Capture c && c.name.equals(name) && c.corpus == corpus;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name);
    }

    @Override
    public String toString() {
        return "Capture[" + name + ", " + TestData.formatLsn(startLsn) + ".." + TestData.formatLsn(endLsn)
                + ", " + settings + "]";
    }
}
