package org.walprism.codec.read;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Locale;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalMessage;
import org.walprism.codec.page.PageFlags;
import org.walprism.codec.page.PageHeader;
import org.walprism.codec.record.RecordView;

/**
 * Gathers a record that spans pages into one reusable buffer, as xlogreader's XLogDecodeNextRecord does: each next
 * page must carry XLP_FIRST_IS_CONTRECORD with {@code xlp_rem_len} what is still missing. The buffer grows only as
 * bytes actually arrive, so a corrupt length never allocates what it claims.
 */
final class Reassembly {
    private static final int BLCKSZ = PageHeader.XLOG_BLCKSZ;

    /** {@link #gather} result: the record is in {@link #buffer()}; the next one starts at {@link #nextStart}. */
    static final int COMPLETE = 0;
    /** {@link #gather} result: the record would end after the requested end LSN. */
    static final int PAST_END = 1;
    /** {@link #gather} result: page {@link #stoppedAt} is not there ({@link PageFrames#endReason} says why). */
    static final int PAGE_MISSING = 2;
    /**
     * {@link #gather} result: page {@link #stoppedAt} has XLP_FIRST_IS_OVERWRITE_CONTRECORD: the partial record was
     * abandoned by crash recovery and a new record starts on that page (xlogreader: RecPtr = targetPagePtr; goto
     * restart).
     */
    static final int OVERWRITTEN = 3;

    private final SegmentSource source;
    private final PageFrames pages;
    private final RecordChecks checks;
    private final long endLsn;
    private ByteBuf assembly = Unpooled.buffer(2 * BLCKSZ);

    /** After {@link #COMPLETE}: where the next record starts. */
    long nextStart;
    /** After {@link #PAGE_MISSING} or {@link #OVERWRITTEN}: the page concerned. */
    long stoppedAt;

    Reassembly(SegmentSource source, PageFrames pages, RecordChecks checks, long endLsn) {
        this.source = source;
        this.pages = pages;
        this.checks = checks;
        this.endLsn = endLsn;
    }

    /** The gathered record after {@link #COMPLETE}, from index 0. */
    ByteBuf buffer() {
        return assembly;
    }

    /**
     * Gathers the record of {@code len} bytes at {@code lsn}, at {@code pageOff} of the current page of
     * {@link PageFrames}, checking its header ({@link RecordChecks#header}) as soon as all of it is read.
     *
     * @return {@link #COMPLETE}, {@link #PAST_END}, {@link #PAGE_MISSING} or {@link #OVERWRITTEN}
     */
    int gather(long lsn, int pageOff, int len) {
        int index = pages.curIdx + pageOff;
        int onPage = BLCKSZ - pageOff;
        assembly.clear();
        boolean headerChecked = false;
        if (onPage >= RecordView.HEADER_SIZE) {
            checks.header(pages.winBuf, index, lsn);
            headerChecked = true;
        }
        append(index, onPage);
        long got = onPage;
        long page = lsn - pageOff;
        int take = 0;
        while (got < len) {
            page += BLCKSZ;
            if (endLsn != 0 && Long.compareUnsigned(page, endLsn) >= 0) {
                return PAST_END;
            }
            if (!pages.loadPage(page)) {
                pages.endReason = WalMessage.of("incomplete record at ", Lsn.of(lsn),
                        " (" + got + " of " + len + " bytes): ", pages.endReason);
                stoppedAt = page;
                return PAGE_MISSING;
            }
            if ((pages.curPageInfo & PageFlags.overwriteContrecord(pages.version)) != 0) {
                stoppedAt = page;
                return OVERWRITTEN;
            }
            if ((pages.curPageInfo & PageHeader.FIRST_IS_CONTRECORD) == 0) {
                throw ReadErrors.at(source, "there is no contrecord flag", page);
            }
            long expected = len - got;
            if (pages.curPageRemLen == 0 || pages.curPageRemLen != expected) {
                throw ReadErrors.at(source, String.format(Locale.ROOT, "invalid contrecord length %d (expected: %d)",
                        pages.curPageRemLen, expected), page);
            }
            int avail = BLCKSZ - pages.curPageHeaderSize;
            take = (int) Math.min(avail, expected);
            if (endLsn != 0 && Long.compareUnsigned(page + pages.curPageHeaderSize + take, endLsn) > 0) {
                return PAST_END;
            }
            append(pages.curIdx + pages.curPageHeaderSize, take);
            got += take;
            if (!headerChecked && got >= RecordView.HEADER_SIZE) {
                checks.header(assembly, 0, lsn);
                headerChecked = true;
            }
        }
        nextStart = page + pages.curPageHeaderSize + PageFrames.maxAlign(take);
        return COMPLETE;
    }

    /** Appends {@code len} window bytes at {@code index} to the buffer, which grows only by what arrives. */
    private void append(int index, int len) {
        assembly.ensureWritable(len);
        int w = assembly.writerIndex();
        pages.copy(index, assembly.array(), assembly.arrayOffset() + w, len);
        assembly.writerIndex(w + len);
    }

    /** Lets the buffer go (the reader is closed). */
    void release() {
        assembly = Unpooled.EMPTY_BUFFER;
    }
}
