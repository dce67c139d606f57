package org.walprism.analyzer.desc;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.lengths.PayloadLengths;
import org.walprism.codec.write.RecordEncoder;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The codec's length rules ({@link PayloadLengths}), which {@link RecordCheck} applies instead of describing a
 * record, are the describer's own: for every version, resource manager and record type, a record they accept is
 * one the describer prints without error and a record they reject is one it rejects. A describer that starts
 * reading another field, or a field whose place depends on the data, fails this test until its rule says so.
 *
 * <p>Two sources of records: synthetic payloads of every length up to past the longest fixed struct (zeros, all
 * ones, random bytes, and sparse small values that make the counts inside a payload small enough to fit), with
 * and without a block 0 (data, or a page image); and every record type of the corpus with its main data and its
 * block 0 data cut short at every length up to 160 bytes.
 */
class DescLengthRulesTest {
    private static final int[] RMGRS = {0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
        22, 130};
    private static final int MAX_LEN = 104;
    private static final int TRIALS = 8;
    private static final long LSN = 0x1000028L;

    @Test
    void theRulesAcceptExactlyWhatTheDescriberPrints() {
        Random random = new Random(15);
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (WalVersion v : WalVersion.values()) {
            for (int rmid : RMGRS) {
                for (int info = 0; info < 256; info += 0x10) {
                    for (int len = 0; len <= MAX_LEN; len++) {
                        for (int t = 0; t < TRIALS; t++) {
                            DecodedRecord r = record(v, rmid, info, bytes(random, len, t), block0(v, random, t));
                            checked++;
                            String d = disagreement(r);
                            if (d != null) {
                                wrong.add(d);
                            }
                        }
                    }
                }
            }
        }
        assertTrue(checked > 100_000, "records checked: " + checked);
        if (!wrong.isEmpty()) {
            fail(wrong.size() + " disagreements, first: " + wrong.subList(0, Math.min(10, wrong.size())));
        }
    }

    @Test
    void theRulesAcceptExactlyWhatTheDescriberPrintsOnCutCorpusRecords() {
        List<String> wrong = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        int checked = 0;
        for (Capture c : TestData.captures()) {
            try (WalReader reader = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
                RecordView view;
                while ((view = reader.nextView()) != null) {
                    if (view.rmid() == RmgrTable.HEAP2) {
                        continue;
                    }
                    String key = c.versionLabel() + "/" + view.rmid() + "/" + (view.info() & 0xF0);
                    if (seen.merge(key, 1, Integer::sum) > 2) {
                        continue; // two records of each type and version
                    }
                    DecodedRecord r = view.toDecoded();
                    byte[] main = r.mainData();
                    for (int len = 0; len <= main.length; len = next(len, main.length)) {
                        DecodedRecord cut = withMain(r, Arrays.copyOf(main, len));
                        checked++;
                        String d = disagreement(cut);
                        if (d != null) {
                            wrong.add(c.name() + ": " + d);
                        }
                    }
                    for (int b = 0; b < r.blocks().size(); b++) {
                        BlockRef ref = r.blocks().get(b);
                        if (ref.id() != 0 || ref.data() == null || ref.data().length == 0) {
                            continue;
                        }
                        for (int len = 0; len < ref.data().length; len = next(len, ref.data().length)) {
                            checked++;
                            String d = disagreement(withBlock0Data(r, b, Arrays.copyOf(ref.data(), len)));
                            if (d != null) {
                                wrong.add(c.name() + ": block 0 cut to " + len + ": " + d);
                            }
                        }
                    }
                }
            }
        }
        assertTrue(checked > 10_000, "records checked: " + checked);
        if (!wrong.isEmpty()) {
            fail(wrong.size() + " disagreements, first: " + wrong.subList(0, Math.min(10, wrong.size())));
        }
    }

    /** Every length up to 160, then the whole part only (past the fixed structs, the counts decide). */
    private static int next(int len, int whole) {
        return len < 160 || len >= whole ? len + 1 : whole;
    }

    /** Null when the rule and the describer agree on {@code r}, else what each said. */
    private static String disagreement(DecodedRecord r) {
        byte[] bytes = RecordEncoder.encode(r);
        RecordView view = RecordView.of(r.version(), bytes, LSN);
        boolean accepted = PayloadLengths.accepts(view);
        String failure = describe(view);
        if (accepted == (failure == null)) {
            return null;
        }
        return r.version() + " rmid " + r.rmid() + " info 0x" + Integer.toHexString(r.info()) + ", main "
                + r.mainData().length + " bytes " + hex(r.mainData()) + ", blocks " + r.blocks().size() + ": rule "
                + (accepted ? "accepts" : "rejects") + ", describer " + (failure == null ? "prints it" : failure);
    }

    /** The describer's error, or null when it describes the record. */
    private static String describe(RecordView view) {
        try {
            Describers.describe(new DescRecord().load(view), new TextBuffer(64));
            return null;
        } catch (WalFormatException e) {
            return e.getMessage();
        }
    }

    private static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(b.length, 32); i++) {
            sb.append(String.format("%02x", b[i] & 0xFF));
        }
        return sb.append(b.length > 32 ? "..." : "").toString();
    }

    /**
     * Trial 0: zeros; 1: all ones; 2, 3: random; 4..7: zeros with a few small values (1..4), so that counts in
     * the payload are small and their items fit.
     */
    private static byte[] bytes(Random random, int len, int trial) {
        byte[] b = new byte[len];
        if (trial == 1) {
            Arrays.fill(b, (byte) 0xFF);
        } else if (trial == 2 || trial == 3) {
            random.nextBytes(b);
        } else if (trial >= 4) {
            for (int i = 0; i < len; i++) {
                if (random.nextInt(4) == 0) {
                    b[i] = (byte) (1 + random.nextInt(4));
                }
            }
        }
        return b;
    }

    /** Odd trials: no block; trial 2: block 0 with an image; else block 0 with 0..47 bytes of data. */
    private static List<BlockRef> block0(WalVersion v, Random random, int trial) {
        if (trial % 2 == 1) {
            return List.of();
        }
        RelFileLocator rel = new RelFileLocator(1663, 5, 16384);
        if (trial == 2) {
            byte[] page = new byte[BlockImage.BLCKSZ];
            int apply = switch (v) { // BKPIMAGE_APPLY
                case PG13, PG14 -> 0x04;
                case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> 0x02;
            };
            BlockImage image = new BlockImage(page.length, 0, 0, apply, BlockImage.Compression.NONE, true, false, page);
            return List.of(new BlockRef(0, BlockRef.HAS_IMAGE, rel, 0, image, new byte[0]));
        }
        byte[] data = bytes(random, random.nextInt(48), trial >= 4 ? trial : 3);
        int flags = data.length > 0 ? BlockRef.HAS_DATA : 0;
        return List.of(new BlockRef(0, flags, rel, 0, null, data));
    }

    private static DecodedRecord record(WalVersion v, int rmid, int info, byte[] main, List<BlockRef> blocks) {
        return new DecodedRecord(v, LSN, 24 + main.length, 0, 0, info, rmid, 0, blocks, -1, -1, main,
                main.length > 255, new byte[0]);
    }

    private static DecodedRecord withMain(DecodedRecord r, byte[] main) {
        return new DecodedRecord(r.version(), LSN, 0, r.xid(), r.prev(), r.info(), r.rmid(), 0, r.blocks(),
                r.origin(), r.toplevelXid(), main, main.length > 255, new byte[0]);
    }

    private static DecodedRecord withBlock0Data(DecodedRecord r, int b, byte[] data) {
        List<BlockRef> blocks = new ArrayList<>(r.blocks());
        BlockRef ref = blocks.get(b);
        int flags = data.length > 0 ? ref.forkFlags() : ref.forkFlags() & ~BlockRef.HAS_DATA;
        blocks.set(b, new BlockRef(ref.id(), flags, ref.rel(), ref.blockNumber(), ref.image(),
                data));
        return new DecodedRecord(r.version(), LSN, 0, r.xid(), r.prev(), r.info(), r.rmid(), 0, blocks, r.origin(),
                r.toplevelXid(), r.mainData(), r.longMainDataHeader(), new byte[0]);
    }
}
