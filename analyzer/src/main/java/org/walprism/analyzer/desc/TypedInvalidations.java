package org.walprism.analyzer.desc;

import java.util.List;
import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.InvalidationMessage;

/**
 * {@code standby_desc_invalidations} (src/backend/access/rmgrdesc/standbydesc.c) over typed
 * {@link InvalidationMessage}s: the text {@link StandbyDescriber} prints from bytes.
 */
final class TypedInvalidations {
    private TypedInvalidations() {
    }

    /** Whether {@code version} knows SHAREDINVALRELSYNC_ID (-6). */
    private static boolean hasRelSync(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17 -> false;
            case PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    static void append(TextBuffer sb, WalVersion version, List<InvalidationMessage> msgs, long dbId, long tsId,
                       boolean relcacheInitFileInval) {
        if (msgs.isEmpty()) {
            return;
        }
        if (relcacheInitFileInval) {
            sb.append("; relcache init file inval dbid ").append(dbId).append(" tsid ").append(tsId);
        }
        sb.append("; inval msgs:");
        for (InvalidationMessage m : msgs) {
            int id = m.id();
            if (id >= 0) {
                sb.append(" catcache ").append(id);
            } else if (id == -1) {
                sb.append(" catalog ").append(m.objectId());
            } else if (id == -2) {
                sb.append(" relcache ").append(m.objectId());
            } else if (id == -3) {
                sb.append(" smgr");
            } else if (id == -4) {
                sb.append(" relmap db ").append(m.dbId());
            } else if (id == -5) {
                sb.append(" snapshot ").append(m.objectId());
            } else if (id == -6 && hasRelSync(version)) {
                sb.append(" relsync ").append(m.objectId());
            } else {
                sb.append(" unrecognized id ").append(id);
            }
        }
    }
}
