package org.walprism.codec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A note or error text whose WAL locations are values, not text: {@code end of WAL at }, {@link Lsn}
 * {@code 0/1707FB8}, {@code : invalid record length at }, ... The text is made where the WAL's major is known (the
 * CLI's edge), with {@link #format(WalVersion)}: each LSN as that major's pg_waldump prints it (PostgreSQL's
 * {@code LSN_FORMAT_ARGS}: {@code %X/%X} up to 18, {@code %X/%08X} from 19). Everything else is text as it was
 * given, so a path or LSN the user typed is echoed as typed.
 *
 * <p>{@link #toString()} is the text with walprism's own {@code %X/%08X}, for when no major is known.
 */
public final class WalMessage implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /** The texts around the LSNs: {@code texts[0] lsns[0] texts[1] ... lsns[n-1] texts[n]}. */
    private final String[] texts;
    private final long[] lsns;

    private WalMessage(String[] texts, long[] lsns) {
        this.texts = texts;
        this.lsns = lsns;
    }

    /**
     * The message of {@code parts} in order: a {@link Lsn} stays a value, a {@link WalMessage} is spliced in, anything
     * else is its {@code String.valueOf} text.
     */
    public static WalMessage of(Object... parts) {
        return new Builder().add(parts).build();
    }

    /** A message with no WAL location in it. */
    public static WalMessage text(String text) {
        return new WalMessage(new String[] {text}, new long[0]);
    }

    /** This message followed by {@code more} (as {@link #of}). */
    public WalMessage plus(Object... more) {
        return new Builder().add(new Object[] {this}).add(more).build();
    }

    /** The WAL locations of the message, in order. */
    public List<Lsn> lsns() {
        List<Lsn> l = new ArrayList<>(lsns.length);
        for (long v : lsns) {
            l.add(Lsn.of(v));
        }
        return l;
    }

    /** The text, each LSN as {@code version}'s tools print it; {@code version} null: walprism's own {@code %X/%08X}. */
    public String format(WalVersion version) {
        if (lsns.length == 0) {
            return texts[0];
        }
        StringBuilder sb = new StringBuilder(texts[0]);
        for (int i = 0; i < lsns.length; i++) {
            sb.append(version == null ? Lsn.format(lsns[i], true) : Lsn.of(lsns[i]).format(version))
                    .append(texts[i + 1]);
        }
        return sb.toString();
    }

    /** The text with walprism's own {@code %X/%08X} LSNs. */
    @Override
    public String toString() {
        return format(null);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WalMessage m && Arrays.equals(texts, m.texts) && Arrays.equals(lsns, m.lsns);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(texts) + Arrays.hashCode(lsns);
    }

    /** Texts and LSNs in order, adjacent texts joined (so equal texts are equal messages). */
    private static final class Builder {
        private final List<String> texts = new ArrayList<>();
        private final List<Long> lsns = new ArrayList<>();
        private final StringBuilder cur = new StringBuilder();

        Builder add(Object[] parts) {
            for (Object p : parts) {
                if (p instanceof WalMessage m) {
                    for (int i = 0; i < m.lsns.length; i++) {
                        cur.append(m.texts[i]);
                        lsn(m.lsns[i]);
                    }
                    cur.append(m.texts[m.lsns.length]);
                } else if (p instanceof Lsn l) {
                    lsn(l.value());
                } else {
                    cur.append(p);
                }
            }
            return this;
        }

        private void lsn(long v) {
            texts.add(cur.toString());
            cur.setLength(0);
            lsns.add(v);
        }

        WalMessage build() {
            String[] t = texts.toArray(new String[texts.size() + 1]);
            t[texts.size()] = cur.toString();
            long[] l = new long[lsns.size()];
            for (int i = 0; i < l.length; i++) {
                l[i] = lsns.get(i);
            }
            return new WalMessage(t, l);
        }
    }

    /** A failure or note that can give its whole text as a {@link WalMessage} (its LSNs as values). */
    public interface Source {
        /** The whole text, LSNs as values. */
        WalMessage walMessage();
    }
}
