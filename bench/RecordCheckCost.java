import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Optional;
import org.walprism.analyzer.desc.DescRecord;
import org.walprism.analyzer.desc.Describers;
import org.walprism.analyzer.desc.RecordCheck;
import org.walprism.analyzer.desc.TextBuffer;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.source.WalSources;

/**
 * What validating every record as dump does costs a reading command: thread CPU time of reading a WAL range alone,
 * with {@link RecordCheck} on every record, and with the describer run on every record into a discarded buffer,
 * alternated in one JVM (round 0 is warm-up and not counted).
 *
 * <pre>java -XX:+UseSerialGC -Xmn16m -cp cli/target/walprism.jar bench/RecordCheckCost.java WALDIR [ROUNDS]</pre>
 */
public class RecordCheckCost {
    private static long sink;

    public static void main(String[] args) {
        Path path = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        String[] names = {"read", "read+check", "read+describe"};
        var mx = ManagementFactory.getThreadMXBean();
        long[] total = new long[names.length];
        for (int i = 0; i < rounds; i++) {
            for (int mode = 0; mode < names.length; mode++) {
                long c0 = mx.getCurrentThreadCpuTime();
                RecordCheck check = new RecordCheck();
                DescRecord rec = new DescRecord();
                TextBuffer text = new TextBuffer(256);
                long n = 0;
                try (WalReader r = WalSources.reader(path, Optional.empty(), Optional.empty())) {
                    RecordView v;
                    while ((v = r.nextView()) != null) {
                        if (mode == 1) {
                            check.check(v);
                        } else if (mode == 2) {
                            Describers.describe(rec.load(v), text.clear());
                        }
                        n += v.totalLength();
                    }
                }
                sink += n;
                long dt = mx.getCurrentThreadCpuTime() - c0;
                if (i > 0) {
                    total[mode] += dt;
                }
            }
        }
        double read = total[0] / 1e9 / (rounds - 1);
        System.out.printf("%s: %.3f s CPU%n", names[0], read);
        for (int m = 1; m < names.length; m++) {
            double s = total[m] / 1e9 / (rounds - 1);
            System.out.printf("%s: %.3f s CPU (%+.1f%%)%n", names[m], s, 100 * (s - read) / read);
        }
    }
}
