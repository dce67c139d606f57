package org.walprism.analyzer.desc;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;

/**
 * {@link Describers#fixedMainLength}, the rule {@link RecordCheck} applies instead of describing a record, is the
 * describer's own: for every version, resource manager and {@code xl_info} it declares a length for, the describer
 * prints every record with at least that many main-data bytes (whatever they hold, with or without block data) and
 * rejects every shorter one. A describer that starts reading another field, or a field that depends on the data,
 * fails this test until its rule says so.
 */
class DescLengthRulesTest {
    private static final int[] RMGRS = {0, 1, 10, 11};
    private static final int TRIALS = 6;

    @Test
    void theDeclaredLengthIsExactlyWhatTheDescriberNeeds() {
        Random random = new Random(15);
        List<String> wrong = new ArrayList<>();
        int rules = 0;
        for (WalVersion v : WalVersion.values()) {
            for (int rmid : RMGRS) {
                for (int info = 0; info < 256; info++) {
                    int need = Describers.fixedMainLength(v, rmid, info);
                    if (need < 0) {
                        continue;
                    }
                    rules++;
                    rule:
                    for (int len = 0; len <= need + 16; len++) {
                        for (int t = 0; t < TRIALS; t++) {
                            DecodedRecord r = record(v, rmid, info, bytes(random, len, t), block0(random, t));
                            String failure = describe(r);
                            if (len >= need && failure != null) {
                                wrong.add(v + " rmid " + rmid + " info 0x" + Integer.toHexString(info) + ": rule "
                                        + need + " bytes, but " + len + " are rejected: " + failure);
                                break rule;
                            } else if (len < need && failure == null) {
                                wrong.add(v + " rmid " + rmid + " info 0x" + Integer.toHexString(info) + ": rule "
                                        + need + " bytes, but " + len + " are described");
                                break rule;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(rules > 100, "rules declared: " + rules);
        if (!wrong.isEmpty()) {
            fail(wrong.size() + " disagreements, first: " + wrong.subList(0, Math.min(10, wrong.size())));
        }
    }

    /** The describer's error, or null when it describes {@code r}. */
    private static String describe(DecodedRecord r) {
        try {
            Describers.describe(r);
            return null;
        } catch (WalFormatException e) {
            return e.getMessage();
        }
    }

    /** Zeros, all ones, or random bytes. */
    private static byte[] bytes(Random random, int len, int trial) {
        byte[] b = new byte[len];
        if (trial == 1) {
            java.util.Arrays.fill(b, (byte) 0xFF);
        } else if (trial > 1) {
            random.nextBytes(b);
        }
        return b;
    }

    /** No block, or a block 0 with 0..31 random bytes of data. */
    private static List<BlockRef> block0(Random random, int trial) {
        if (trial % 2 == 0) {
            return List.of();
        }
        byte[] data = bytes(random, random.nextInt(32), 2);
        int flags = data.length > 0 ? BlockRef.HAS_DATA : 0;
        return List.of(new BlockRef(0, flags, new RelFileLocator(1663, 5, 16384), 0, null, data));
    }

    private static DecodedRecord record(WalVersion v, int rmid, int info, byte[] main, List<BlockRef> blocks) {
        return new DecodedRecord(v, 0x1000028L, 24 + main.length, 0, 0, info, rmid, 0, blocks, -1, -1, main, false,
                new byte[0]);
    }
}
