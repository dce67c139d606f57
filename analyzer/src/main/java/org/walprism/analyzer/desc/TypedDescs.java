package org.walprism.analyzer.desc;

import java.util.List;
import org.walprism.codec.rmgr.heap2.OffsetArray;

/** rmgrdesc_utils.c's {@code array_desc} over typed values: {@code " [1, 2]"} or {@code " []"}. */
final class TypedDescs {
    private TypedDescs() {
    }

    static void array(TextBuffer sb, List<Long> values) {
        if (values.isEmpty()) {
            sb.append(" []");
            return;
        }
        sb.append(" [");
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(values.get(i).longValue());
        }
        sb.append(']');
    }

    static void offsets(TextBuffer sb, OffsetArray values) {
        if (values.isEmpty()) {
            sb.append(" []");
            return;
        }
        sb.append(" [");
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(values.get(i));
        }
        sb.append(']');
    }
}
