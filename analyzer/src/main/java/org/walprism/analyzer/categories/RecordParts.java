package org.walprism.analyzer.categories;

/**
 * Reusable scratch list of (part, bytes) entries for one record. Entries may be negative to move bytes from one
 * part to another (the VM block header of a 19+ prune record moves from {@link Parts#BLOCK_HEADERS} to
 * {@link Parts#VM_BLOCK}).
 */
public final class RecordParts {
    private int[] part = new int[32];
    private int[] bytes = new int[32];
    private int size;
    private boolean unparsed;

    /** Empties the list for the next record. */
    public void clear() {
        size = 0;
        unparsed = false;
    }

    /** Attributes {@code n} bytes to {@code p}; zero is ignored. */
    public void add(int p, int n) {
        if (n == 0) {
            return;
        }
        if (size == part.length) {
            part = java.util.Arrays.copyOf(part, size * 2);
            bytes = java.util.Arrays.copyOf(bytes, size * 2);
        }
        part[size] = p;
        bytes[size] = n;
        size++;
    }

    /** Moves {@code n} bytes from part {@code from} to part {@code to}. */
    public void move(int from, int to, int n) {
        add(from, -n);
        add(to, n);
    }

    /** Marks that a payload did not match its expected layout and was attributed to its resource manager whole. */
    public void markUnparsed() {
        unparsed = true;
    }

    /** True when the payload did not match its layout and its bytes went to the resource manager whole. */
    public boolean unparsed() {
        return unparsed;
    }

    /** Number of parts. */
    public int size() {
        return size;
    }

    /** The {@link Parts} index of part {@code i}. */
    public int part(int i) {
        return part[i];
    }

    /** Bytes of part {@code i}. */
    public int bytes(int i) {
        return bytes[i];
    }

    /** Sum of all entries. */
    public long sum() {
        long s = 0;
        for (int i = 0; i < size; i++) {
            s += bytes[i];
        }
        return s;
    }
}
