package org.walprism.analyzer.replay;

/**
 * Subtransaction id to top-level transaction id, as a stream's COMMIT, ABORT and ASSIGNMENT records list them, in
 * memory bounded by {@link #MAX_ENTRIES} rather than by the stream: open addressing over one {@code long[]} (an
 * entry is the 32-bit {@code TransactionId} of the subtransaction in the high half and its top-level one in the
 * low half; 0, {@code InvalidTransactionId}, is never a subtransaction and marks an empty slot), doubled at half
 * load: 36 MiB at most with the flags of {@link #takeOnce}. Each entry can be taken once ({@link #takeOnce}), as 14+ log the top-level xid once per
 * subtransaction.
 */
final class SubxactMap {
    /** The most subtransactions kept: 2^21, in 2^22 slots of 8 bytes and a flag byte. */
    static final int MAX_ENTRIES = 1 << 21;

    private long[] slots = new long[1024];
    private boolean[] taken = new boolean[1024];
    private int size;

    /** Thrown when a stream names more than {@link #MAX_ENTRIES} subtransactions. */
    static final class FullException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        FullException() {
            super(null, null, false, false);
        }
    }

    /** Records that {@code sub} belongs to {@code top} (the last word wins). */
    void put(long sub, long top) {
        int key = (int) sub;
        if (key == 0) {
            return;
        }
        int i = find(key);
        if (slots[i] != 0) {
            slots[i] = (long) key << 32 | (top & 0xFFFFFFFFL);
            return;
        }
        if (size + 1 > slots.length / 2) {
            if (slots.length * 2 > MAX_ENTRIES * 2) {
                throw new FullException();
            }
            grow();
            i = find(key);
        }
        slots[i] = (long) key << 32 | (top & 0xFFFFFFFFL);
        size++;
    }

    /** The top-level transaction of {@code sub}; -1 when the stream does not name it a subtransaction. */
    long get(long sub) {
        int key = (int) sub;
        if (key == 0) {
            return -1;
        }
        long e = slots[find(key)];
        return e == 0 ? -1 : e & 0xFFFFFFFFL;
    }

    /** As {@link #get}, but -1 after the first call for {@code sub}. */
    long takeOnce(long sub) {
        int key = (int) sub;
        if (key == 0) {
            return -1;
        }
        int i = find(key);
        if (slots[i] == 0 || taken[i]) {
            return -1;
        }
        taken[i] = true;
        return slots[i] & 0xFFFFFFFFL;
    }

    /** The number of subtransactions kept. */
    int size() {
        return size;
    }

    private int find(int key) {
        int mask = slots.length - 1;
        int i = mix(key) & mask;
        while (slots[i] != 0 && (int) (slots[i] >>> 32) != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private static int mix(int key) {
        int h = key * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    private void grow() {
        long[] old = slots;
        boolean[] oldTaken = taken;
        slots = new long[old.length * 2];
        taken = new boolean[old.length * 2];
        for (int j = 0; j < old.length; j++) {
            if (old[j] != 0) {
                int i = find((int) (old[j] >>> 32));
                slots[i] = old[j];
                taken[i] = oldTaken[j];
            }
        }
    }
}
