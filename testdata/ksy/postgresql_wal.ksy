meta:
  id: postgresql_wal
  title: PostgreSQL write-ahead log (WAL) segment, page headers, records and XLOG, Heap2, Heap, Transaction and Btree payloads
  application: PostgreSQL 13, 14, 15, 16, 17, 18, 19 (19rc1 on) and the pre-releases 19beta1-19beta3
  ks-version: '0.11'
  endian: le
doc: |
  A PostgreSQL WAL segment file (pg_wal/000000010000000000000001 and so on): a run of
  XLOG_BLCKSZ pages, each starting with a page header. Records are packed into the page
  payloads and may continue over any number of following pages (and segments), so a whole
  record cannot be described by a single position in a segment. This spec therefore offers
  three entry points:

  * `postgresql_wal` (this type): one segment file, split into `page`s; each page is a
    page header plus the record bytes that follow it.
  * `xlog_record`: one whole record, reassembled by the caller from the page payloads
    (concatenate payload bytes, skipping page headers, until `len_total` bytes are
    collected). Parses the record header, every block header, image header, the origin,
    top-level xid and main-data headers, the images, block data and main data.
  * `xlog_main_data`: the typed XLOG (rmgr 0) main data (checkpoints, CHECKPOINT_REDO,
    LOGICAL_DECODING_STATUS_CHANGE, NEXTOID, PARAMETER_CHANGE, ...), also reachable as
    `xlog_record.xlog_main`.
  * `heap2_main_data` / `heap2_block_data`: the typed Heap2 (rmgr 9) payloads, also
    reachable as `xlog_record.heap2_main` and `xlog_record.heap2_block0`; likewise
    `heap_main_data` / `heap_block_data` (Heap, rmgr 10, `xlog_record.heap_main`,
    `heap_block0`), `xact_main_data` (Transaction, rmgr 1, `xlog_record.xact_main`) and
    `btree_main_data` / `btree_block_data` / `btree_metadata` (Btree, rmgr 11,
    `xlog_record.btree_main`, `btree_block0`, `btree_meta0`, `btree_meta_last`).

  The WAL format version is the page magic (`xlp_magic`). `page_header.major` maps it to
  the PostgreSQL major (13..19); every version-dependent type takes that `major` as a
  parameter. Three magics map to 19: 0xD122 (19 as released, 19rc1 on) and the
  pre-releases 0xD120 (19beta1-19beta2) and 0xD121 (19beta3, and 20devel builds of
  mid-2026), told apart by `page_header.pre_release`, which the types whose bytes differ
  between them take as a second parameter (the checkpoint records, CHECKPOINT_REDO; the
  XLOG2 resource manager exists in the pre-releases only). All multi-byte fields are little-endian: WAL is written in the
  server's native byte order, and only little-endian servers (x86-64, aarch64) are covered.
  BLCKSZ (relation page size) is assumed to be 8192.
doc-ref:
  - https://github.com/postgres/postgres/blob/master/src/include/access/xlog_internal.h
  - https://github.com/postgres/postgres/blob/master/src/include/access/xlogrecord.h
  - https://github.com/postgres/postgres/blob/REL_19_STABLE/src/include/catalog/pg_control.h
  - https://github.com/postgres/postgres/blob/master/src/include/access/heapam_xlog.h
  - https://github.com/postgres/postgres/blob/master/src/include/access/xact.h
  - https://github.com/postgres/postgres/blob/master/src/include/access/nbtxlog.h
  - https://github.com/postgres/postgres/blob/master/src/backend/access/rmgrdesc/xactdesc.c
seq:
  - id: pages
    type: page
    size: len_page
    repeat: eos
    doc: Every page of the segment, in file order.
instances:
  len_page:
    pos: 36
    type: u4
    valid:
      any-of: [1024, 2048, 4096, 8192, 16384, 32768, 65536]
    -orig-id: xlp_xlog_blcksz
    doc: |
      XLOG_BLCKSZ, read from the long page header at the start of the segment
      (8192 unless PostgreSQL was configured with --with-wal-blocksize).

types:
  page:
    doc: One XLOG_BLCKSZ page of a segment.
    seq:
      - id: header
        type: page_header
      - id: payload
        size-eos: true
        doc: |
          Record bytes after the header: first the rest of a record continued from the
          previous page (`header.len_remaining` bytes in total, of which at most this
          page's payload is here), then records starting at 8-byte aligned LSNs.

  page_header:
    doc: |
      XLogPageHeaderData (24 bytes), or XLogLongPageHeaderData (40 bytes) when
      XLP_LONG_HEADER is set, which happens on, and only on, the first page of a segment.
      The layout is the same in 13 to 19; the meaning of the flag bits is not.
    seq:
      - id: magic
        type: u2
        -orig-id: xlp_magic
        doc: XLOG_PAGE_MAGIC, the WAL format version (see `major`).
      - id: info
        type: u2
        -orig-id: xlp_info
        doc: XLP_* flag bits (see the `is_*` instances).
      - id: timeline
        type: u4
        -orig-id: xlp_tli
        doc: Timeline ID the page was written on.
      - id: page_address
        type: u8
        -orig-id: xlp_pageaddr
        doc: LSN of the first byte of this page.
      - id: len_remaining
        type: u4
        -orig-id: xlp_rem_len
        doc: |
          Record bytes still to come of a record continued from the previous page
          (0 if none). Counts record bytes only, not page headers; may exceed this page.
      - id: pad
        size: 4
        doc: Struct tail padding, always zero.
      - id: system_identifier
        type: u8
        if: is_long_header
        -orig-id: xlp_sysid
        doc: Database system identifier (from pg_control).
      - id: len_segment
        type: u4
        if: is_long_header
        -orig-id: xlp_seg_size
        doc: WAL segment size in bytes.
      - id: len_page
        type: u4
        if: is_long_header
        -orig-id: xlp_xlog_blcksz
        doc: XLOG_BLCKSZ in bytes.
    instances:
      major:
        value: |
          magic == 0xd106 ? 13 :
          magic == 0xd10d ? 14 :
          magic == 0xd110 ? 15 :
          magic == 0xd113 ? 16 :
          magic == 0xd116 ? 17 :
          magic == 0xd118 ? 18 :
          magic == 0xd120 ? 19 :
          magic == 0xd121 ? 19 :
          magic == 0xd122 ? 19 : 0
        doc: |
          PostgreSQL major of the page magic: 13..19, 0 for an unknown magic (a zero-filled
          page never written has magic 0). 19 covers the release (0xD122) and its
          pre-releases (0xD120, 0xD121; see `pre_release`).
      pre_release:
        value: |
          magic == 0xd120 ? 1 :
          magic == 0xd121 ? 3 : 0
        doc: |
          Which pre-release of `major` wrote the page: 0 for a release; 1 for 0xD120
          (19beta1-19beta2, and master from the REL_19 branch point), 3 for 0xD121 (19beta3
          and 20devel of mid-2026). Both pre-releases log online data-checksum changes
          (the XLOG2 resource manager, checksum state in checkpoints and CHECKPOINT_REDO),
          which 19rc1 no longer has.
      len_header:
        value: 'is_long_header ? 40 : 24'
        doc: SizeOfXLogLongPHD (40) or SizeOfXLogShortPHD (24).
      is_first_contrecord:
        value: (info & 0x0001) != 0
        -orig-id: XLP_FIRST_IS_CONTRECORD
        doc: The payload starts with the rest of a record begun on an earlier page.
      is_long_header:
        value: (info & 0x0002) != 0
        -orig-id: XLP_LONG_HEADER
      is_bkp_removable:
        value: 'major <= 18 and (info & 0x0004) != 0'
        -orig-id: XLP_BKP_REMOVABLE
        doc: 13 to 18 only; carries no information for decoding.
      is_first_overwrite_contrecord:
        value: '(info & (major <= 18 ? 0x0008 : 0x0004)) != 0'
        -orig-id: XLP_FIRST_IS_OVERWRITE_CONTRECORD
        doc: |
          0x0008 in 13.5+/14.1+ to 18, renumbered to 0x0004 in 19 (and its pre-releases). The page
          starts a fresh record after an abandoned multi-page record.
      all_flags:
        value: 'major <= 18 ? 0x000f : 0x0007'
        -orig-id: XLP_ALL_FLAGS
        doc: Mask of the valid flag bits; a reader rejects any other bit.

  xlog_record:
    doc: |
      One whole WAL record, `len_total` bytes, reassembled from the page payloads.
      Order: XLogRecord header (24 bytes); then the header part: one block header per
      registered block (ascending block id), the origin (253), the top-level xid (252) and
      the main-data header (255 or 254); then the data part: per block its image bytes and
      its data; then the main data. Nothing inside a record is aligned.
    params:
      - id: major
        type: u1
        doc: PostgreSQL major of the page magic (`page_header.major`).
      - id: pre_release
        type: u1
        doc: Pre-release of the page magic (`page_header.pre_release`), 0 for a release.
    seq:
      - id: len_total
        type: u4
        -orig-id: xl_tot_len
        doc: Total record length including this header, excluding page headers crossed.
      - id: xid
        type: u4
        -orig-id: xl_xid
        doc: Transaction ID, 0 when none was assigned.
      - id: prev_lsn
        type: u8
        -orig-id: xl_prev
        doc: Start LSN of the previous record.
      - id: info
        type: u1
        -orig-id: xl_info
        doc: Low 4 bits XLR_* flags, high 4 bits the record type of the resource manager.
      - id: rmgr_id
        type: u1
        -orig-id: xl_rmid
        doc: Resource manager ID (see enum `rmgr`).
      - id: pad
        size: 2
        doc: Always zero; covered by the CRC.
      - id: crc
        type: u4
        -orig-id: xl_crc
        doc: CRC-32C over bytes 24..len_total-1 then bytes 0..19 of the record.
      - id: headers
        type: 'record_header_entry(major, _index == 0 ? 0 : headers[_index - 1].len_payload_upto)'
        repeat: until
        repeat-until: '_.is_main_data or _io.size - _io.pos <= _.len_payload_upto or _io.eof'
        if: len_total > 24
        doc: |
          The header part. As in PostgreSQL's DecodeXLogRecord, headers are read while the
          bytes left exceed the payload declared so far; a main-data header ends the part.
      - id: payloads
        type: block_payload(headers[_index])
        repeat: expr
        repeat-expr: 'len_total > 24 ? headers.size : 0'
        doc: |
          The data part, one entry per header entry (entries that are not block references
          are empty): the block's image bytes, then its block data.
      - id: main_data
        size: len_main_data
        doc: Main data of the record (`len_main_data` bytes).
    instances:
      rmgr:
        value: rmgr_id
        enum: rmgr
        doc: Resource manager of `rmgr_id`.
      rmgr_info:
        value: info & 0xf0
        doc: Record type bits (XLR_RMGR_INFO_MASK).
      has_special_rel_update:
        value: (info & 0x01) != 0
        -orig-id: XLR_SPECIAL_REL_UPDATE
      has_check_consistency:
        value: (info & 0x02) != 0
        -orig-id: XLR_CHECK_CONSISTENCY
      len_main_data:
        value: 'len_total > 24 ? (headers.last.is_main_data ? headers.last.len_main_data : 0) : 0'
        doc: Main data length from the 255/254 header, 0 without one.
      len_payload_total:
        value: 'len_total > 24 ? headers.last.len_payload_upto : 0'
        doc: Bytes of the data part (all image bytes, block data and main data).
      ofs_data_part:
        value: len_total - len_payload_total
        doc: Offset in the record where the data part (first image or block data) starts.
      ofs_main_data:
        value: len_total - len_main_data
        doc: Offset of the main data in the record.
      has_heap2_block0_data:
        value: |
          rmgr_id == 9 and len_main_data > 0 and len_total > 24
          and headers[0].is_block_ref and headers[0].block_id == 0 and headers[0].block.has_data
      xlog_main:
        pos: ofs_main_data
        size: len_main_data
        type: xlog_main_data(major, pre_release, info)
        if: rmgr_id == 0 and len_main_data > 0
        doc: Main data of an XLOG record, typed by version and record type.
      heap2_main:
        pos: ofs_main_data
        size: len_main_data
        type: heap2_main_data(major, info)
        if: rmgr_id == 9 and len_main_data > 0
        doc: Main data of a Heap2 record, typed by version and record type.
      heap2_block0:
        pos: ofs_data_part + headers[0].block.len_image_stored
        size: headers[0].block.len_data
        type: heap2_block_data(heap2_main)
        if: has_heap2_block0_data
        doc: |
          Block 0 data of a Heap2 record, typed by version and record type. Absent when
          block 0 carries a full-page image (the data is then not logged).
      has_block0_data:
        value: 'len_total > 24 and headers[0].is_block_ref and headers[0].block_id == 0 and headers[0].block.has_data'
        doc: Whether the first header entry is block 0 and it carries data.
      heap_main:
        pos: ofs_main_data
        size: len_main_data
        type: heap_main_data(major, info)
        if: rmgr_id == 10 and len_main_data > 0
        doc: Main data of a Heap record, typed by version and record type.
      heap_block0:
        pos: ofs_data_part + headers[0].block.len_image_stored
        size: headers[0].block.len_data
        type: heap_block_data(heap_main)
        if: rmgr_id == 10 and len_main_data > 0 and has_block0_data
        doc: |
          Block 0 data of a Heap record (the new tuple of INSERT and UPDATE, the tuple
          bytes of INPLACE). Absent when block 0 carries a full-page image.
      xact_main:
        pos: ofs_main_data
        size: len_main_data
        type: xact_main_data(major, info)
        if: rmgr_id == 1 and len_main_data > 0
        doc: Main data of a Transaction record, typed by version and record type.
      btree_main:
        pos: ofs_main_data
        size: len_main_data
        type: btree_main_data(major, info)
        if: rmgr_id == 11 and len_main_data > 0
        doc: Main data of a Btree record (every type but META_CLEANUP has some).
      btree_block0:
        pos: ofs_data_part + headers[0].block.len_image_stored
        size: headers[0].block.len_data
        type: btree_block_data(btree_main)
        if: rmgr_id == 11 and len_main_data > 0 and has_block0_data
        doc: |
          Block 0 data of a Btree record: typed for DEDUP, DELETE and VACUUM. Absent when
          block 0 carries a full-page image.
      btree_meta0:
        pos: ofs_data_part + headers[0].block.len_image_stored
        size: headers[0].block.len_data
        type: btree_metadata(major)
        if: rmgr_id == 11 and (info & 0xf0) == 0xe0 and has_block0_data
        doc: Block 0 data of META_CLEANUP, the metapage's xl_btree_metadata.
      idx_last_block:
        value: 'len_total > 24 ? (headers.last.is_main_data ? headers.size - 2 : headers.size - 1) : -1'
        doc: Index in `headers` of the last block reference (the main-data header, when there is one, is last).
      has_btree_meta_last:
        value: |
          rmgr_id == 11 and idx_last_block >= 0
          and ((info & 0xf0) == 0x20 or (info & 0xf0) == 0xa0 or (info & 0xf0) == 0x90)
          and headers[idx_last_block].is_block_ref
          and headers[idx_last_block].block_id == ((info & 0xf0) == 0x90 ? 4 : 2)
          and headers[idx_last_block].block.has_data
        doc: Whether an INSERT_META, NEWROOT (block 2) or UNLINK_PAGE_META (block 4) record logs the metapage.
      btree_meta_last:
        pos: |
          ofs_data_part + headers[idx_last_block].len_payload_before
          + headers[idx_last_block].block.len_image_stored
        size: headers[idx_last_block].block.len_data
        type: btree_metadata(major)
        if: has_btree_meta_last
        doc: The metapage's xl_btree_metadata of INSERT_META and NEWROOT (block 2) and UNLINK_PAGE_META (block 4).

  record_header_entry:
    doc: |
      One entry of the record's header part: a block reference (id 0..32), the
      replication origin (253), the top-level xid (252, 14+) or the main-data header
      (255 short, 254 long).
    params:
      - id: major
        type: u1
      - id: len_payload_before
        type: u4
        doc: Data-part bytes declared by the entries before this one.
    seq:
      - id: block_id
        type: u1
        -orig-id: id
        valid:
          expr: '_ <= 32 or _ >= 253 or (_ == 252 and major >= 14)'
        doc: |
          0..32 block reference; 252 XLR_BLOCK_ID_TOPLEVEL_XID (14+); 253
          XLR_BLOCK_ID_ORIGIN; 254 XLR_BLOCK_ID_DATA_LONG; 255 XLR_BLOCK_ID_DATA_SHORT.
      - id: block
        type: block_header(major)
        if: is_block_ref
        doc: The rest of XLogRecordBlockHeader and what follows it.
      - id: origin
        type: u2
        if: block_id == 253
        -orig-id: RepOriginId
        doc: Replication origin of the inserting session.
      - id: toplevel_xid
        type: u4
        if: block_id == 252
        -orig-id: TransactionId
        doc: Top-level transaction id of a subtransaction (logical decoding).
      - id: len_main_data_short
        type: u1
        if: block_id == 255
        doc: Main data length, used when it is at most 255 bytes.
      - id: len_main_data_long
        type: u4
        if: block_id == 254
        doc: Main data length, used when it is above 255 bytes.
    instances:
      is_block_ref:
        value: block_id <= 32
      is_main_data:
        value: block_id == 255 or block_id == 254
      is_long_main_data:
        value: block_id == 254
      len_main_data:
        value: 'block_id == 255 ? len_main_data_short : (block_id == 254 ? len_main_data_long : 0)'
      len_payload:
        value: 'is_block_ref ? block.len_image_stored + block.len_data : len_main_data'
        doc: Bytes this entry adds to the data part.
      len_payload_upto:
        value: len_payload_before + len_payload
        doc: Data-part bytes declared by this entry and all before it.

  block_header:
    doc: |
      XLogRecordBlockHeader after its id byte, then the optional image header, the
      relation (unless BKPBLOCK_SAME_REL) and the block number.
    params:
      - id: major
        type: u1
    seq:
      - id: fork_flags
        type: u1
        -orig-id: fork_flags
        doc: Low nibble the fork number, high nibble BKPBLOCK_* flags.
      - id: len_data
        type: u2
        -orig-id: data_length
        valid:
          expr: '(_ > 0) == has_data'
        doc: Bytes of block data (rmgr data for this block, not the image).
      - id: image_header
        type: block_image_header(major)
        if: has_image
      - id: rel
        type: rel_file_locator
        if: not is_same_rel
        doc: The relation; omitted with BKPBLOCK_SAME_REL (then the previous block's).
      - id: block_number
        type: u4
        -orig-id: BlockNumber
    instances:
      fork_number:
        value: fork_flags & 0x0f
        enum: fork_number
        -orig-id: BKPBLOCK_FORK_MASK
      has_image:
        value: (fork_flags & 0x10) != 0
        -orig-id: BKPBLOCK_HAS_IMAGE
      has_data:
        value: (fork_flags & 0x20) != 0
        -orig-id: BKPBLOCK_HAS_DATA
      will_init:
        value: (fork_flags & 0x40) != 0
        -orig-id: BKPBLOCK_WILL_INIT
      is_same_rel:
        value: (fork_flags & 0x80) != 0
        -orig-id: BKPBLOCK_SAME_REL
      len_image_stored:
        value: 'has_image ? image_header.len_image : 0'
        doc: Image bytes this block stores in the data part.

  block_image_header:
    doc: |
      XLogRecordBlockImageHeader (5 bytes), then XLogRecordBlockCompressHeader (2 bytes)
      only when the image is compressed and has a hole. The bimg_info bits differ:
      13/14 HAS_HOLE 0x01, IS_COMPRESSED 0x02 (pglz), APPLY 0x04;
      15+ HAS_HOLE 0x01, APPLY 0x02, COMPRESS_PGLZ 0x04, COMPRESS_LZ4 0x08, COMPRESS_ZSTD 0x10.
    params:
      - id: major
        type: u1
    seq:
      - id: len_image
        type: u2
        -orig-id: length
        doc: Stored image bytes (hole removed, possibly compressed).
      - id: ofs_hole
        type: u2
        -orig-id: hole_offset
        doc: Bytes of the page before the hole.
      - id: bimg_info
        type: u1
        -orig-id: bimg_info
      - id: len_hole_compressed
        type: u2
        if: is_compressed and has_hole
        -orig-id: hole_length
        doc: XLogRecordBlockCompressHeader.hole_length.
    instances:
      has_hole:
        value: (bimg_info & 0x01) != 0
        -orig-id: BKPIMAGE_HAS_HOLE
      is_compressed:
        value: '(bimg_info & (major <= 14 ? 0x02 : 0x1c)) != 0'
        -orig-id: [BKPIMAGE_IS_COMPRESSED, BKPIMAGE_COMPRESSED]
      is_apply:
        value: '(bimg_info & (major <= 14 ? 0x04 : 0x02)) != 0'
        -orig-id: BKPIMAGE_APPLY
        doc: The image is restored during redo (clear for wal_consistency_checking images).
      compression:
        value: |
          major <= 14 ? ((bimg_info & 0x02) != 0 ? 1 : 0) :
          (bimg_info & 0x04) != 0 ? 1 :
          (bimg_info & 0x08) != 0 ? 2 :
          (bimg_info & 0x10) != 0 ? 3 : 0
        enum: image_compression
      len_hole:
        value: 'has_hole ? (is_compressed ? len_hole_compressed : 8192 - len_image) : 0'
        doc: |
          Hole length as PostgreSQL's decoder derives it: from the compress header for a
          compressed image, BLCKSZ - len_image for an uncompressed one, 0 without a hole.

  rel_file_locator:
    doc: RelFileLocator (16+) / RelFileNode (13-15); identical bytes in every version.
    seq:
      - id: spc_oid
        type: u4
        -orig-id: [spcOid, spcNode]
        doc: Tablespace OID.
      - id: db_oid
        type: u4
        -orig-id: [dbOid, dbNode]
        doc: Database OID (0 for shared relations).
      - id: rel_number
        type: u4
        -orig-id: [relNumber, relNode]
        doc: Relfilenode number.

  block_payload:
    doc: The data-part bytes of one header entry (empty unless it is a block reference).
    params:
      - id: hdr
        type: record_header_entry
    seq:
      - id: image
        size: hdr.block.len_image_stored
        if: hdr.is_block_ref
        doc: Image bytes as stored (hole removed, possibly compressed).
      - id: data
        size: hdr.block.len_data
        if: hdr.is_block_ref
        doc: Block data.

  # ---------------------------------------------------------------------------------
  # XLOG (rmgr 0)
  # ---------------------------------------------------------------------------------

  xlog_main_data:
    doc: |
      Main data of an XLOG record, chosen by the record type (info & 0xf0), the major and,
      for the checkpoint records and CHECKPOINT_REDO of 19, whether a pre-release wrote it.
      NOOP (0x20) carries free-form bytes; SWITCH (0x40), FPI_FOR_HINT (0xa0), FPI (0xb0)
      and ASSIGN_LSN (0xc0, 19) carry none (their images are block references).
    params:
      - id: major
        type: u1
      - id: pre_release
        type: u1
      - id: info
        type: u1
        -orig-id: xl_info
    seq:
      - id: body
        type:
          switch-on: layout
          cases:
            'xlog_layout::checkpoint_pg13': xlog_checkpoint_pg13
            'xlog_layout::checkpoint_pg17': xlog_checkpoint_pg17
            'xlog_layout::checkpoint_pg19_beta1': xlog_checkpoint_pg19_beta1
            'xlog_layout::checkpoint_pg19': xlog_checkpoint_pg19
            'xlog_layout::next_oid': xlog_next_oid
            'xlog_layout::backup_end': xlog_backup_end
            'xlog_layout::parameter_change': xlog_parameter_change
            'xlog_layout::restore_point': xlog_restore_point
            'xlog_layout::fpw_change': xlog_fpw_change
            'xlog_layout::end_of_recovery_pg13': xlog_end_of_recovery_pg13
            'xlog_layout::end_of_recovery_pg17': xlog_end_of_recovery_pg17
            'xlog_layout::overwrite_contrecord': xlog_overwrite_contrecord
            'xlog_layout::checkpoint_redo_pg17': xlog_checkpoint_redo_pg17
            'xlog_layout::checkpoint_redo_pg19_beta1': xlog_checkpoint_redo_pg19_beta1
            'xlog_layout::logical_decoding_status_change': xlog_logical_decoding_status_change
    instances:
      opcode:
        value: info & 0xf0
        -orig-id: XLR_RMGR_INFO_MASK
      is_shutdown:
        value: opcode == 0x00
        doc: CHECKPOINT_SHUTDOWN (0x00) rather than CHECKPOINT_ONLINE (0x10).
      layout:
        value: |
          major < 13 or major > 19 ? 0 :
          opcode == 0x00 or opcode == 0x10 ?
            (major <= 16 ? 1 : major <= 18 ? 2 : pre_release != 0 ? 3 : 4) :
          opcode == 0x30 ? 5 :
          opcode == 0x50 ? 6 :
          opcode == 0x60 ? 7 :
          opcode == 0x70 ? 8 :
          opcode == 0x80 ? 9 :
          opcode == 0x90 ? (major <= 16 ? 10 : 11) :
          opcode == 0xd0 ? 12 :
          opcode == 0xe0 ? (major <= 16 ? 0 : major <= 18 ? 13 : pre_release != 0 ? 14 : 13) :
          opcode == 0xf0 ? (major >= 19 ? 15 : 0) : 0
        enum: xlog_layout
        doc: |
          0x00 CHECKPOINT_SHUTDOWN and 0x10 CHECKPOINT_ONLINE (CheckPoint: 13-16, 17-18,
          19's pre-releases, 19); 0x30 NEXTOID; 0x50 BACKUP_END; 0x60 PARAMETER_CHANGE;
          0x70 RESTORE_POINT; 0x80 FPW_CHANGE; 0x90 END_OF_RECOVERY (13-16, 17+);
          0xd0 OVERWRITE_CONTRECORD; 0xe0 CHECKPOINT_REDO (17+: wal_level; the 19
          pre-releases add the checksum version); 0xf0 LOGICAL_DECODING_STATUS_CHANGE (19).

  xlog_checkpoint_pg13:
    doc: |
      CheckPoint of 13-16 (XLOG_CHECKPOINT_SHUTDOWN / _ONLINE main data), 88 bytes.
      Mirrors src/include/catalog/pg_control.h of REL_13_STABLE .. REL_16_STABLE.
    seq:
      - id: redo
        type: u8
        -orig-id: redo
        doc: LSN of the checkpoint's redo point.
      - id: this_timeline
        type: u4
        -orig-id: ThisTimeLineID
      - id: prev_timeline
        type: u4
        -orig-id: PrevTimeLineID
      - id: full_page_writes
        type: u1
        -orig-id: fullPageWrites
        doc: bool.
      - id: pad1
        size: 7
        doc: Alignment of nextXid (where 17 put wal_level).
      - id: next_xid
        type: u8
        -orig-id: [nextXid, nextFullXid]
        doc: FullTransactionId, epoch in the high 32 bits.
      - id: next_oid
        type: u4
        -orig-id: nextOid
      - id: next_multi
        type: u4
        -orig-id: nextMulti
      - id: next_multi_offset
        type: u4
        -orig-id: nextMultiOffset
      - id: oldest_xid
        type: u4
        -orig-id: oldestXid
      - id: oldest_xid_db
        type: u4
        -orig-id: oldestXidDB
      - id: oldest_multi
        type: u4
        -orig-id: oldestMulti
      - id: oldest_multi_db
        type: u4
        -orig-id: oldestMultiDB
      - id: pad2
        size: 4
        doc: Alignment of time.
      - id: time
        type: s8
        -orig-id: time
        doc: pg_time_t, seconds since the Unix epoch.
      - id: oldest_commit_ts_xid
        type: u4
        -orig-id: oldestCommitTsXid
      - id: newest_commit_ts_xid
        type: u4
        -orig-id: newestCommitTsXid
      - id: oldest_active_xid
        type: u4
        -orig-id: oldestActiveXid
      - id: pad3
        size: 4
        doc: Struct tail padding.

  xlog_checkpoint_pg17:
    doc: |
      CheckPoint of 17 and 18, 88 bytes: as 13-16 with wal_level in the padding after
      fullPageWrites. Mirrors src/include/catalog/pg_control.h of REL_17_STABLE / REL_18_STABLE.
    seq:
      - id: redo
        type: u8
        -orig-id: redo
      - id: this_timeline
        type: u4
        -orig-id: ThisTimeLineID
      - id: prev_timeline
        type: u4
        -orig-id: PrevTimeLineID
      - id: full_page_writes
        type: u1
        -orig-id: fullPageWrites
      - id: pad1
        size: 3
      - id: wal_level
        type: s4
        -orig-id: wal_level
        doc: 0 minimal, 1 replica, 2 logical.
      - id: next_xid
        type: u8
        -orig-id: nextXid
      - id: next_oid
        type: u4
        -orig-id: nextOid
      - id: next_multi
        type: u4
        -orig-id: nextMulti
      - id: next_multi_offset
        type: u4
        -orig-id: nextMultiOffset
      - id: oldest_xid
        type: u4
        -orig-id: oldestXid
      - id: oldest_xid_db
        type: u4
        -orig-id: oldestXidDB
      - id: oldest_multi
        type: u4
        -orig-id: oldestMulti
      - id: oldest_multi_db
        type: u4
        -orig-id: oldestMultiDB
      - id: pad2
        size: 4
      - id: time
        type: s8
        -orig-id: time
      - id: oldest_commit_ts_xid
        type: u4
        -orig-id: oldestCommitTsXid
      - id: newest_commit_ts_xid
        type: u4
        -orig-id: newestCommitTsXid
      - id: oldest_active_xid
        type: u4
        -orig-id: oldestActiveXid
      - id: pad3
        size: 4

  xlog_checkpoint_pg19_beta1:
    doc: |
      CheckPoint of the 19 pre-releases (19beta1 to 19beta3, 20devel of mid-2026), 96
      bytes: logicalDecodingEnabled after wal_level, a 64-bit nextMultiOffset, and the
      online data-checksum state last. Mirrors src/include/catalog/pg_control.h of 19beta1.
    seq:
      - id: redo
        type: u8
        -orig-id: redo
      - id: this_timeline
        type: u4
        -orig-id: ThisTimeLineID
      - id: prev_timeline
        type: u4
        -orig-id: PrevTimeLineID
      - id: full_page_writes
        type: u1
        -orig-id: fullPageWrites
      - id: pad1
        size: 3
      - id: wal_level
        type: s4
        -orig-id: wal_level
      - id: logical_decoding_enabled
        type: u1
        -orig-id: logicalDecodingEnabled
        doc: bool.
      - id: pad2
        size: 7
      - id: next_xid
        type: u8
        -orig-id: nextXid
      - id: next_oid
        type: u4
        -orig-id: nextOid
      - id: next_multi
        type: u4
        -orig-id: nextMulti
      - id: next_multi_offset
        type: u8
        -orig-id: nextMultiOffset
        doc: MultiXactOffset, 64-bit from 19.
      - id: oldest_xid
        type: u4
        -orig-id: oldestXid
      - id: oldest_xid_db
        type: u4
        -orig-id: oldestXidDB
      - id: oldest_multi
        type: u4
        -orig-id: oldestMulti
      - id: oldest_multi_db
        type: u4
        -orig-id: oldestMultiDB
      - id: time
        type: s8
        -orig-id: time
      - id: oldest_commit_ts_xid
        type: u4
        -orig-id: oldestCommitTsXid
      - id: newest_commit_ts_xid
        type: u4
        -orig-id: newestCommitTsXid
      - id: oldest_active_xid
        type: u4
        -orig-id: oldestActiveXid
      - id: data_checksum_state
        type: u4
        -orig-id: dataChecksumState
        doc: 0 off, 1 on, 2 inprogress-off, 3 inprogress-on.

  xlog_checkpoint_pg19:
    doc: |
      CheckPoint of 19 as released (19rc1 on), 96 bytes: the pre-releases' layout without
      dataChecksumState, whose 4 bytes are now the struct's tail padding (CreateCheckPoint
      zeroes the struct). Mirrors src/include/catalog/pg_control.h of REL_19_STABLE.
    seq:
      - id: redo
        type: u8
        -orig-id: redo
      - id: this_timeline
        type: u4
        -orig-id: ThisTimeLineID
      - id: prev_timeline
        type: u4
        -orig-id: PrevTimeLineID
      - id: full_page_writes
        type: u1
        -orig-id: fullPageWrites
      - id: pad1
        size: 3
      - id: wal_level
        type: s4
        -orig-id: wal_level
      - id: logical_decoding_enabled
        type: u1
        -orig-id: logicalDecodingEnabled
      - id: pad2
        size: 7
      - id: next_xid
        type: u8
        -orig-id: nextXid
      - id: next_oid
        type: u4
        -orig-id: nextOid
      - id: next_multi
        type: u4
        -orig-id: nextMulti
      - id: next_multi_offset
        type: u8
        -orig-id: nextMultiOffset
      - id: oldest_xid
        type: u4
        -orig-id: oldestXid
      - id: oldest_xid_db
        type: u4
        -orig-id: oldestXidDB
      - id: oldest_multi
        type: u4
        -orig-id: oldestMulti
      - id: oldest_multi_db
        type: u4
        -orig-id: oldestMultiDB
      - id: time
        type: s8
        -orig-id: time
      - id: oldest_commit_ts_xid
        type: u4
        -orig-id: oldestCommitTsXid
      - id: newest_commit_ts_xid
        type: u4
        -orig-id: newestCommitTsXid
      - id: oldest_active_xid
        type: u4
        -orig-id: oldestActiveXid
      - id: pad3
        size: 4
        doc: Struct tail padding (the 8-byte alignment of the struct).

  xlog_next_oid:
    doc: XLOG_NEXTOID, the next OID (XLogPutNextOid), 4 bytes.
    seq:
      - id: next_oid
        type: u4
        -orig-id: nextOid

  xlog_backup_end:
    doc: XLOG_BACKUP_END, the backup's start LSN, 8 bytes.
    seq:
      - id: start_point
        type: u8
        -orig-id: startpoint

  xlog_parameter_change:
    doc: xl_parameter_change (XLOG_PARAMETER_CHANGE), 28 bytes in every version.
    seq:
      - id: max_connections
        type: s4
        -orig-id: MaxConnections
      - id: max_worker_processes
        type: s4
        -orig-id: max_worker_processes
      - id: max_wal_senders
        type: s4
        -orig-id: max_wal_senders
      - id: max_prepared_xacts
        type: s4
        -orig-id: max_prepared_xacts
      - id: max_locks_per_xact
        type: s4
        -orig-id: max_locks_per_xact
      - id: wal_level
        type: s4
        -orig-id: wal_level
      - id: wal_log_hints
        type: u1
        -orig-id: wal_log_hints
        doc: bool.
      - id: track_commit_timestamp
        type: u1
        -orig-id: track_commit_timestamp
        doc: bool.
      - id: pad
        size: 2

  xlog_restore_point:
    doc: xl_restore_point (XLOG_RESTORE_POINT), 72 bytes.
    seq:
      - id: time
        type: s8
        -orig-id: rp_time
        doc: TimestampTz, microseconds since 2000-01-01.
      - id: name
        type: strz
        size: 64
        encoding: UTF-8
        -orig-id: rp_name
        doc: char[MAXFNAMELEN], NUL-terminated.

  xlog_fpw_change:
    doc: XLOG_FPW_CHANGE, the new full_page_writes (bool), 1 byte.
    seq:
      - id: full_page_writes
        type: u1
        -orig-id: fpw

  xlog_end_of_recovery_pg13:
    doc: xl_end_of_recovery (XLOG_END_OF_RECOVERY) of 13-16, 16 bytes.
    seq:
      - id: end_time
        type: s8
        -orig-id: end_time
      - id: this_timeline
        type: u4
        -orig-id: ThisTimeLineID
      - id: prev_timeline
        type: u4
        -orig-id: PrevTimeLineID

  xlog_end_of_recovery_pg17:
    doc: xl_end_of_recovery (XLOG_END_OF_RECOVERY) of 17+, 24 bytes (wal_level, then tail padding).
    seq:
      - id: end_time
        type: s8
        -orig-id: end_time
      - id: this_timeline
        type: u4
        -orig-id: ThisTimeLineID
      - id: prev_timeline
        type: u4
        -orig-id: PrevTimeLineID
      - id: wal_level
        type: s4
        -orig-id: wal_level
      - id: pad
        size: 4

  xlog_overwrite_contrecord:
    doc: xl_overwrite_contrecord (XLOG_OVERWRITE_CONTRECORD, 13.5+/14.1+), 16 bytes.
    seq:
      - id: overwritten_lsn
        type: u8
        -orig-id: overwritten_lsn
      - id: overwrite_time
        type: s8
        -orig-id: overwrite_time

  xlog_checkpoint_redo_pg17:
    doc: |
      XLOG_CHECKPOINT_REDO of 17, 18 and 19 as released: wal_level (int32), 4 bytes.
      Mirrors CreateCheckPoint in src/backend/access/transam/xlog.c.
    seq:
      - id: wal_level
        type: s4
        -orig-id: wal_level

  xlog_checkpoint_redo_pg19_beta1:
    doc: |
      xl_checkpoint_redo of the 19 pre-releases (19beta1 to 19beta3), 8 bytes: wal_level
      and the data checksum version. Reverted before 19rc1.
    seq:
      - id: wal_level
        type: s4
        -orig-id: wal_level
      - id: data_checksum_version
        type: u4
        -orig-id: data_checksum_version

  xlog_logical_decoding_status_change:
    doc: |
      XLOG_LOGICAL_DECODING_STATUS_CHANGE (19): whether logical decoding is now enabled
      (bool), 1 byte. Mirrors src/backend/replication/logical/logicalctl.c.
    seq:
      - id: enabled
        type: u1
        -orig-id: enabled

  # ---------------------------------------------------------------------------------
  # Heap2 (rmgr 9)
  # ---------------------------------------------------------------------------------

  heap2_main_data:
    doc: |
      Main data of a Heap2 record. The same info code means different layouts in
      different versions (0x20 and 0x30 have three meanings each), so the layout is
      chosen from (major, info & 0x70); see `layout`.
    params:
      - id: major
        type: u1
      - id: info
        type: u1
        -orig-id: xl_info
    seq:
      - id: body
        type:
          switch-on: layout
          cases:
            'heap2_layout::clean_pg13': heap_clean_pg13
            'heap2_layout::freeze_page_pg13': heap_freeze_page_pg13
            'heap2_layout::cleanup_info_pg13': heap_cleanup_info_pg13
            'heap2_layout::vacuum_pg14': heap_vacuum_pg14
            'heap2_layout::prune_pg16': heap_prune_pg16
            'heap2_layout::freeze_page_pg16': heap_freeze_page_pg16
            'heap2_layout::prune_pg17': heap_prune_pg17
            'heap2_layout::prune_pg19': heap_prune_pg19
            'heap2_layout::visible_pg13': heap_visible_pg13
            'heap2_layout::multi_insert': 'heap_multi_insert(is_init_page)'
            'heap2_layout::lock_updated': heap_lock_updated
            'heap2_layout::new_cid': heap_new_cid
            'heap2_layout::rewrite': heap_rewrite_mapping
    instances:
      opcode:
        value: info & 0x70
        -orig-id: XLOG_HEAP_OPMASK
      is_init_page:
        value: (info & 0x80) != 0
        -orig-id: XLOG_HEAP_INIT_PAGE
      layout:
        value: |
          major < 13 or major > 20 ? 0 :
          opcode == 0x00 ? 13 :
          opcode == 0x10 ? (major == 13 ? 1 : major <= 15 ? 1 : major == 16 ? 5 : major <= 18 ? 7 : 8) :
          opcode == 0x20 ? (major == 13 ? 2 : major <= 16 ? 4 : major <= 18 ? 7 : 8) :
          opcode == 0x30 ? (major == 13 ? 3 : major <= 15 ? 2 : major == 16 ? 6 : major <= 18 ? 7 : 8) :
          opcode == 0x40 ? (major <= 18 ? 9 : 0) :
          opcode == 0x50 ? 10 :
          opcode == 0x60 ? 11 : 12
        enum: heap2_layout
        doc: |
          Byte layout of the main data:
          0x10 CLEAN (13), PRUNE (14-16), PRUNE_ON_ACCESS (17+);
          0x20 FREEZE_PAGE (13), VACUUM (14-16), PRUNE_VACUUM_SCAN (17+);
          0x30 CLEANUP_INFO (13), FREEZE_PAGE (14-16), PRUNE_VACUUM_CLEANUP (17+);
          0x40 VISIBLE (13-18, removed in 19); 0x50 MULTI_INSERT; 0x60 LOCK_UPDATED;
          0x70 NEW_CID; 0x00 REWRITE.

  heap2_block_data:
    doc: Block 0 data of a Heap2 record, typed by the layout of its main data.
    params:
      - id: main
        type: heap2_main_data
    seq:
      - id: body
        type:
          switch-on: main.layout
          cases:
            'heap2_layout::clean_pg13': heap_clean_block_pg13(main.body.as<heap_clean_pg13>.num_redirected, main.body.as<heap_clean_pg13>.num_dead)
            'heap2_layout::freeze_page_pg13': heap_freeze_page_block_pg13(main.body.as<heap_freeze_page_pg13>.num_tuples)
            'heap2_layout::vacuum_pg14': heap_vacuum_block_pg14(main.body.as<heap_vacuum_pg14>.num_unused)
            'heap2_layout::prune_pg16': heap_clean_block_pg13(main.body.as<heap_prune_pg16>.num_redirected, main.body.as<heap_prune_pg16>.num_dead)
            'heap2_layout::freeze_page_pg16': heap_freeze_page_block_pg16(main.body.as<heap_freeze_page_pg16>.num_plans)
            'heap2_layout::prune_pg17': heap_prune_block_pg17(main.body.as<heap_prune_pg17>.flags)
            'heap2_layout::prune_pg19': heap_prune_block_pg17(main.body.as<heap_prune_pg19>.flags)

  heap_clean_pg13:
    doc: |
      xl_heap_clean (13, XLOG_HEAP2_CLEAN) and xl_heap_prune (14 and 15, XLOG_HEAP2_PRUNE):
      identical 8 bytes, SizeOfHeapClean = SizeOfHeapPrune = 8.
    seq:
      - id: latest_removed_xid
        type: u4
        -orig-id: latestRemovedXid
      - id: num_redirected
        type: u2
        -orig-id: nredirected
      - id: num_dead
        type: u2
        -orig-id: ndead

  heap_clean_block_pg13:
    doc: |
      Block 0 data of CLEAN (13) and PRUNE (14-16): redirect pairs, then dead offsets,
      then now-unused offsets, whose count is implied by the data length.
    params:
      - id: num_redirected
        type: u2
      - id: num_dead
        type: u2
    seq:
      - id: redirected
        type: redirect_pair
        repeat: expr
        repeat-expr: num_redirected
        -orig-id: redirected
      - id: dead
        type: u2
        repeat: expr
        repeat-expr: num_dead
        -orig-id: nowdead
      - id: unused
        type: u2
        repeat: eos
        -orig-id: nowunused
    instances:
      num_unused:
        value: unused.size
        -orig-id: nunused

  redirect_pair:
    doc: A redirected line pointer (OffsetNumber pair).
    seq:
      - id: from
        type: u2
        doc: Line pointer that becomes a redirect.
      - id: to
        type: u2
        doc: Line pointer it redirects to.

  heap_freeze_page_pg13:
    doc: xl_heap_freeze_page of 13, 14 and 15 (XLOG_HEAP2_FREEZE_PAGE), SizeOfHeapFreezePage = 6.
    seq:
      - id: cutoff_xid
        type: u4
        -orig-id: cutoff_xid
      - id: num_tuples
        type: u2
        -orig-id: ntuples

  heap_freeze_page_block_pg13:
    doc: Block 0 data of FREEZE_PAGE in 13-15, an array of xl_heap_freeze_tuple.
    params:
      - id: num_tuples
        type: u2
    seq:
      - id: tuples
        type: heap_freeze_tuple_pg13
        repeat: expr
        repeat-expr: num_tuples

  heap_freeze_tuple_pg13:
    doc: xl_heap_freeze_tuple (13-15), 12 bytes including the tail pad.
    seq:
      - id: xmax
        type: u4
        -orig-id: xmax
      - id: offset
        type: u2
        -orig-id: offset
      - id: t_infomask2
        type: u2
        -orig-id: t_infomask2
      - id: t_infomask
        type: u2
        -orig-id: t_infomask
      - id: frz_flags
        type: u1
        -orig-id: frzflags
        doc: XLH_FREEZE_XVAC 0x02, XLH_INVALID_XVAC 0x04.
      - id: pad
        size: 1
        doc: Not initialised by the writer.

  heap_cleanup_info_pg13:
    doc: xl_heap_cleanup_info (13 only, XLOG_HEAP2_CLEANUP_INFO), 16 bytes, no block references.
    seq:
      - id: rel
        type: rel_file_locator
        -orig-id: node
      - id: latest_removed_xid
        type: u4
        -orig-id: latestRemovedXid

  heap_vacuum_pg14:
    doc: xl_heap_vacuum (14, 15, 16, XLOG_HEAP2_VACUUM), SizeOfHeapVacuum = 2.
    seq:
      - id: num_unused
        type: u2
        -orig-id: nunused

  heap_vacuum_block_pg14:
    doc: Block 0 data of VACUUM (14-16), the now-unused offsets.
    params:
      - id: num_unused
        type: u2
    seq:
      - id: unused
        type: u2
        repeat: expr
        repeat-expr: num_unused
        -orig-id: nowunused

  heap_prune_pg16:
    doc: xl_heap_prune of 16 (XLOG_HEAP2_PRUNE), SizeOfHeapPrune = 9.
    seq:
      - id: snapshot_conflict_horizon
        type: u4
        -orig-id: snapshotConflictHorizon
      - id: num_redirected
        type: u2
        -orig-id: nredirected
      - id: num_dead
        type: u2
        -orig-id: ndead
      - id: is_catalog_rel
        type: u1
        -orig-id: isCatalogRel
        doc: bool; 1 when the table is accessible in logical decoding.

  heap_freeze_page_pg16:
    doc: xl_heap_freeze_page of 16 (deduplicated freeze plans), SizeOfHeapFreezePage = 7.
    seq:
      - id: snapshot_conflict_horizon
        type: u4
        -orig-id: snapshotConflictHorizon
      - id: num_plans
        type: u2
        -orig-id: nplans
      - id: is_catalog_rel
        type: u1
        -orig-id: isCatalogRel

  heap_freeze_page_block_pg16:
    doc: |
      Block 0 data of FREEZE_PAGE in 16: the freeze plans, immediately followed by the
      offsets of the tuples of each plan, grouped by plan in plan order.
    params:
      - id: num_plans
        type: u2
    seq:
      - id: plans
        type: heap_freeze_plan
        repeat: expr
        repeat-expr: num_plans
      - id: offsets
        type: offset_array(plans[_index].num_tuples)
        repeat: expr
        repeat-expr: num_plans
        doc: One offset array per plan, in plan order.

  heap_freeze_plan:
    doc: xl_heap_freeze_plan (16) = xlhp_freeze_plan (17+), 12 bytes.
    seq:
      - id: xmax
        type: u4
        -orig-id: xmax
      - id: t_infomask2
        type: u2
        -orig-id: t_infomask2
      - id: t_infomask
        type: u2
        -orig-id: t_infomask
      - id: frz_flags
        type: u1
        -orig-id: frzflags
        doc: XLH_FREEZE_XVAC 0x02, XLH_INVALID_XVAC 0x04.
      - id: pad
        size: 1
        doc: Not initialised by the writer (may hold any byte).
      - id: num_tuples
        type: u2
        -orig-id: ntuples
        doc: Number of offsets belonging to this plan.

  offset_array:
    doc: A counted array of OffsetNumber (1-based line pointer numbers).
    params:
      - id: num_offsets
        type: u2
    seq:
      - id: offsets
        type: u2
        repeat: expr
        repeat-expr: num_offsets

  heap_prune_pg17:
    doc: |
      xl_heap_prune of 17 and 18, shared by XLOG_HEAP2_PRUNE_ON_ACCESS (0x10),
      PRUNE_VACUUM_SCAN (0x20) and PRUNE_VACUUM_CLEANUP (0x30); SizeOfHeapPrune = 2,
      main data 2 or 6 bytes.
    seq:
      - id: reason
        type: u1
        -orig-id: reason
        doc: Never set by the writer (uninitialised); readers ignore it.
      - id: flags
        type: u1
        -orig-id: flags
        doc: XLHP_* bits (see the `is_*`/`has_*` instances).
      - id: snapshot_conflict_horizon
        type: u4
        if: has_conflict_horizon
        -orig-id: snapshotConflictHorizon
        doc: Stored unaligned after the flags, only with XLHP_HAS_CONFLICT_HORIZON.
    instances:
      is_catalog_rel:
        value: (flags & 0x02) != 0
        -orig-id: XLHP_IS_CATALOG_REL
      is_cleanup_lock:
        value: (flags & 0x04) != 0
        -orig-id: XLHP_CLEANUP_LOCK
      has_conflict_horizon:
        value: (flags & 0x08) != 0
        -orig-id: XLHP_HAS_CONFLICT_HORIZON
      has_freeze_plans:
        value: (flags & 0x10) != 0
        -orig-id: XLHP_HAS_FREEZE_PLANS
      has_redirections:
        value: (flags & 0x20) != 0
        -orig-id: XLHP_HAS_REDIRECTIONS
      has_dead_items:
        value: (flags & 0x40) != 0
        -orig-id: XLHP_HAS_DEAD_ITEMS
      has_now_unused_items:
        value: (flags & 0x80) != 0
        -orig-id: XLHP_HAS_NOW_UNUSED_ITEMS

  heap_prune_pg19:
    doc: |
      xl_heap_prune of 19 (and its pre-releases): 16-bit flags (the reason byte is gone) with the VM
      bits; SizeOfHeapPrune = 2, main data 2 or 6 bytes. With XLHP_VM_ALL_VISIBLE the VM
      page is block 1.
    seq:
      - id: flags
        type: u2
        -orig-id: flags
      - id: snapshot_conflict_horizon
        type: u4
        if: has_conflict_horizon
        -orig-id: snapshotConflictHorizon
    instances:
      is_catalog_rel:
        value: (flags & 0x0002) != 0
        -orig-id: XLHP_IS_CATALOG_REL
      is_cleanup_lock:
        value: (flags & 0x0004) != 0
        -orig-id: XLHP_CLEANUP_LOCK
      has_conflict_horizon:
        value: (flags & 0x0008) != 0
        -orig-id: XLHP_HAS_CONFLICT_HORIZON
      has_freeze_plans:
        value: (flags & 0x0010) != 0
        -orig-id: XLHP_HAS_FREEZE_PLANS
      has_redirections:
        value: (flags & 0x0020) != 0
        -orig-id: XLHP_HAS_REDIRECTIONS
      has_dead_items:
        value: (flags & 0x0040) != 0
        -orig-id: XLHP_HAS_DEAD_ITEMS
      has_now_unused_items:
        value: (flags & 0x0080) != 0
        -orig-id: XLHP_HAS_NOW_UNUSED_ITEMS
      is_vm_all_visible:
        value: (flags & 0x0100) != 0
        -orig-id: XLHP_VM_ALL_VISIBLE
      is_vm_all_frozen:
        value: (flags & 0x0200) != 0
        -orig-id: XLHP_VM_ALL_FROZEN
      vm_flags:
        value: '(is_vm_all_visible ? 0x01 : 0) | (is_vm_all_frozen ? 0x02 : 0)'
        doc: The VISIBILITYMAP_* bits these flags stand for (as printed by pg_waldump).

  heap_prune_block_pg17:
    doc: |
      Block 0 data of the prune records of 17 to 19: sub-records in this order, each
      present only if its flag is set: freeze plans, redirections, dead items, now-unused
      items, then the frozen offsets grouped by plan.
    params:
      - id: flags
        type: u2
        doc: xl_heap_prune.flags of the main data.
    seq:
      - id: freeze_plans
        type: heap_freeze_plans
        if: (flags & 0x10) != 0
        -orig-id: xlhp_freeze_plans
      - id: redirections
        type: heap_prune_redirections
        if: (flags & 0x20) != 0
        -orig-id: xlhp_prune_items
      - id: dead
        type: heap_prune_items
        if: (flags & 0x40) != 0
        -orig-id: xlhp_prune_items
      - id: now_unused
        type: heap_prune_items
        if: (flags & 0x80) != 0
        -orig-id: xlhp_prune_items
      - id: frozen_offsets
        type: offset_array(freeze_plans.plans[_index].num_tuples)
        repeat: expr
        repeat-expr: '(flags & 0x10) != 0 ? freeze_plans.num_plans : 0'
        -orig-id: frz_offsets
        doc: One offset array per freeze plan, in plan order.

  heap_freeze_plans:
    doc: xlhp_freeze_plans (17+).
    seq:
      - id: num_plans
        type: u2
        -orig-id: nplans
      - id: pad
        size: 2
        doc: Alignment of the plans (uninitialised by the writer).
      - id: plans
        type: heap_freeze_plan
        repeat: expr
        repeat-expr: num_plans
        -orig-id: plans

  heap_prune_redirections:
    doc: xlhp_prune_items holding redirections; 2 OffsetNumbers per target.
    seq:
      - id: num_targets
        type: u2
        -orig-id: ntargets
      - id: pairs
        type: redirect_pair
        repeat: expr
        repeat-expr: num_targets
        -orig-id: data

  heap_prune_items:
    doc: xlhp_prune_items holding dead or now-unused items.
    seq:
      - id: num_targets
        type: u2
        -orig-id: ntargets
      - id: offsets
        type: u2
        repeat: expr
        repeat-expr: num_targets
        -orig-id: data

  heap_visible_pg13:
    doc: |
      xl_heap_visible (13 to 18, XLOG_HEAP2_VISIBLE), SizeOfHeapVisible = 5. Block 0 is
      the VM page, block 1 the heap page; neither carries data.
    seq:
      - id: snapshot_conflict_horizon
        type: u4
        -orig-id: [cutoff_xid, snapshotConflictHorizon]
        doc: Named cutoff_xid in 13-15.
      - id: flags
        type: u1
        -orig-id: flags
        doc: VISIBILITYMAP_ALL_VISIBLE 0x01, ALL_FROZEN 0x02, XLOG_CATALOG_REL 0x04 (16+).

  heap_multi_insert:
    doc: |
      xl_heap_multi_insert (XLOG_HEAP2_MULTI_INSERT), fixed part: SizeOfHeapMultiInsert = 4,
      then the offsets unless the page is initialised (XLOG_HEAP_INIT_PAGE).
    params:
      - id: is_init_page
        type: bool
    seq:
      - id: flags
        type: u1
        -orig-id: flags
      - id: pad
        size: 1
      - id: num_tuples
        type: u2
        -orig-id: ntuples
      - id: offsets
        type: u2
        repeat: expr
        repeat-expr: 'is_init_page ? 0 : num_tuples'
        -orig-id: offsets

  heap_lock_updated:
    doc: xl_heap_lock_updated (XLOG_HEAP2_LOCK_UPDATED), 8 bytes.
    seq:
      - id: xmax
        type: u4
        -orig-id: xmax
      - id: offnum
        type: u2
        -orig-id: offnum
      - id: infobits_set
        type: u1
        -orig-id: infobits_set
      - id: flags
        type: u1
        -orig-id: flags

  heap_new_cid:
    doc: xl_heap_new_cid (XLOG_HEAP2_NEW_CID), SizeOfHeapNewCid = 34.
    seq:
      - id: top_xid
        type: u4
        -orig-id: top_xid
      - id: cmin
        type: u4
        -orig-id: cmin
      - id: cmax
        type: u4
        -orig-id: cmax
      - id: combo_cid
        type: u4
        -orig-id: combocid
      - id: target_rel
        type: rel_file_locator
        -orig-id: [target_locator, target_node]
      - id: target_block_hi
        type: u2
        -orig-id: bi_hi
      - id: target_block_lo
        type: u2
        -orig-id: bi_lo
      - id: target_offset
        type: u2
        -orig-id: ip_posid
    instances:
      target_block_number:
        value: (target_block_hi << 16) | target_block_lo
        doc: Block number of target_tid (BlockIdData stores it as two uint16 halves).

  heap_rewrite_mapping:
    doc: |
      xl_heap_rewrite_mapping (XLOG_HEAP2_REWRITE), fixed part of 40 bytes; the mapping
      entries that follow are left as bytes.
    seq:
      - id: mapped_xid
        type: u4
        -orig-id: mapped_xid
      - id: mapped_db
        type: u4
        -orig-id: mapped_db
      - id: mapped_rel
        type: u4
        -orig-id: mapped_rel
      - id: pad1
        size: 4
      - id: ofs_mapping
        type: u8
        -orig-id: offset
        doc: Offset in the mapping file.
      - id: num_mappings
        type: u4
        -orig-id: num_mappings
      - id: pad2
        size: 4
      - id: start_lsn
        type: u8
        -orig-id: start_lsn
      - id: mappings
        size-eos: true

  # ---------------------------------------------------------------------------------
  # Heap (rmgr 10)
  # ---------------------------------------------------------------------------------

  heap_main_data:
    doc: |
      Main data of a Heap record. The layout follows the opcode (info & 0x70); only
      INPLACE changed, in 18.
    params:
      - id: major
        type: u1
      - id: info
        type: u1
        -orig-id: xl_info
    seq:
      - id: body
        type:
          switch-on: layout
          cases:
            'heap_layout::insert': heap_insert
            'heap_layout::delete': heap_delete
            'heap_layout::update': heap_update
            'heap_layout::truncate': heap_truncate
            'heap_layout::confirm': heap_confirm
            'heap_layout::lock': heap_lock
            'heap_layout::inplace_pg13': heap_inplace_pg13
            'heap_layout::inplace_pg18': heap_inplace_pg18
    instances:
      opcode:
        value: info & 0x70
        -orig-id: XLOG_HEAP_OPMASK
      is_init_page:
        value: (info & 0x80) != 0
        -orig-id: XLOG_HEAP_INIT_PAGE
      layout:
        value: |
          opcode == 0x00 ? 1 : opcode == 0x10 ? 2 : opcode == 0x20 ? 3 : opcode == 0x30 ? 4 :
          opcode == 0x40 ? 3 : opcode == 0x50 ? 5 : opcode == 0x60 ? 6 : major >= 18 ? 8 : 7
        enum: heap_layout
        doc: |
          0x00 INSERT, 0x10 DELETE, 0x20 UPDATE, 0x30 TRUNCATE, 0x40 HOT_UPDATE (the UPDATE
          layout), 0x50 CONFIRM, 0x60 LOCK, 0x70 INPLACE (13-17: offnum only; 18+: with
          invalidation messages).

  heap_block_data:
    doc: Block 0 data of a Heap record, typed by the layout of its main data.
    params:
      - id: main
        type: heap_main_data
    seq:
      - id: body
        type:
          switch-on: main.layout
          cases:
            'heap_layout::insert': heap_logged_tuple
            'heap_layout::update': heap_update_block(main.body.as<heap_update>.flags)
            'heap_layout::inplace_pg13': heap_inplace_block
            'heap_layout::inplace_pg18': heap_inplace_block

  heap_header:
    doc: xl_heap_header, the stored part of a tuple header (SizeOfHeapHeader = 5).
    seq:
      - id: infomask2
        type: u2
        -orig-id: t_infomask2
      - id: infomask
        type: u2
        -orig-id: t_infomask
      - id: hoff
        type: u1
        -orig-id: t_hoff

  heap_logged_tuple:
    doc: A tuple as logged, xl_heap_header then the tuple bytes from t_bits on.
    seq:
      - id: header
        type: heap_header
      - id: data
        size-eos: true

  heap_insert:
    doc: xl_heap_insert (XLOG_HEAP_INSERT), SizeOfHeapInsert = 3; the tuple is block 0 data.
    seq:
      - id: offnum
        type: u2
        -orig-id: offnum
      - id: flags
        type: u1
        -orig-id: flags
        doc: XLH_INSERT_*.

  heap_delete:
    doc: |
      xl_heap_delete (XLOG_HEAP_DELETE), SizeOfHeapDelete = 8, then the old tuple or key
      when XLH_DELETE_CONTAINS_OLD_TUPLE (0x02) or _OLD_KEY (0x04).
    seq:
      - id: xmax
        type: u4
        -orig-id: xmax
      - id: offnum
        type: u2
        -orig-id: offnum
      - id: infobits_set
        type: u1
        -orig-id: infobits_set
      - id: flags
        type: u1
        -orig-id: flags
      - id: old_tuple
        type: heap_logged_tuple
        size-eos: true
        if: (flags & 0x06) != 0

  heap_update:
    doc: |
      xl_heap_update (XLOG_HEAP_UPDATE, XLOG_HEAP_HOT_UPDATE), SizeOfHeapUpdate = 14,
      then the old tuple or key when XLH_UPDATE_CONTAINS_OLD_TUPLE (0x04) or _OLD_KEY
      (0x08). The new tuple is block 0 data.
    seq:
      - id: old_xmax
        type: u4
        -orig-id: old_xmax
      - id: old_offnum
        type: u2
        -orig-id: old_offnum
      - id: old_infobits_set
        type: u1
        -orig-id: old_infobits_set
      - id: flags
        type: u1
        -orig-id: flags
      - id: new_xmax
        type: u4
        -orig-id: new_xmax
      - id: new_offnum
        type: u2
        -orig-id: new_offnum
      - id: old_tuple
        type: heap_logged_tuple
        size-eos: true
        if: (flags & 0x0c) != 0

  heap_update_block:
    doc: |
      Block 0 data of UPDATE/HOT_UPDATE: the lengths of the prefix and suffix taken from
      the old tuple (XLH_UPDATE_PREFIX_FROM_OLD 0x20, XLH_UPDATE_SUFFIX_FROM_OLD 0x40),
      then the new tuple without them.
    params:
      - id: flags
        type: u1
    seq:
      - id: len_prefix
        type: u2
        if: (flags & 0x20) != 0
        -orig-id: prefixlen
      - id: len_suffix
        type: u2
        if: (flags & 0x40) != 0
        -orig-id: suffixlen
      - id: tuple
        type: heap_logged_tuple
        size-eos: true

  heap_truncate:
    doc: xl_heap_truncate (XLOG_HEAP_TRUNCATE), SizeOfHeapTruncate = 12, then the relids.
    seq:
      - id: db_id
        type: u4
        -orig-id: dbId
      - id: num_relids
        type: u4
        -orig-id: nrelids
      - id: flags
        type: u1
        -orig-id: flags
        doc: XLH_TRUNCATE_CASCADE 0x01, XLH_TRUNCATE_RESTART_SEQS 0x02.
      - id: pad
        size: 3
      - id: relids
        type: u4
        repeat: expr
        repeat-expr: num_relids
        -orig-id: relids

  heap_confirm:
    doc: xl_heap_confirm (XLOG_HEAP_CONFIRM), 2 bytes.
    seq:
      - id: offnum
        type: u2
        -orig-id: offnum

  heap_lock:
    doc: xl_heap_lock (XLOG_HEAP_LOCK), SizeOfHeapLock = 8 (xmax is locking_xid in 13-14).
    seq:
      - id: xmax
        type: u4
        -orig-id: [xmax, locking_xid]
      - id: offnum
        type: u2
        -orig-id: offnum
      - id: infobits_set
        type: u1
        -orig-id: infobits_set
      - id: flags
        type: u1
        -orig-id: flags

  heap_inplace_pg13:
    doc: xl_heap_inplace (XLOG_HEAP_INPLACE) of 13-17, 2 bytes.
    seq:
      - id: offnum
        type: u2
        -orig-id: offnum

  heap_inplace_pg18:
    doc: |
      xl_heap_inplace (XLOG_HEAP_INPLACE) of 18+, MinSizeOfHeapInplace = 20, then the
      invalidation messages.
    seq:
      - id: offnum
        type: u2
        -orig-id: offnum
      - id: pad1
        size: 2
      - id: db_id
        type: u4
        -orig-id: dbId
      - id: ts_id
        type: u4
        -orig-id: tsId
      - id: relcache_init_file_inval
        type: u1
        -orig-id: relcacheInitFileInval
      - id: pad2
        size: 3
      - id: num_msgs
        type: s4
        -orig-id: nmsgs
      - id: msgs
        type: shared_inval_msg
        repeat: expr
        repeat-expr: num_msgs
        -orig-id: msgs

  heap_inplace_block:
    doc: Block 0 data of INPLACE, the tuple bytes from t_hoff on.
    seq:
      - id: data
        size-eos: true

  shared_inval_msg:
    doc: |
      SharedInvalidationMessage (16 bytes): id >= 0 catcache, -1 catalog, -2 relcache,
      -3 smgr, -4 relmap, -5 snapshot, -6 relsync (18+). Every kind but smgr has dbId at
      offset 4 and its object id (hashValue, catId, relId) at offset 8.
    seq:
      - id: id
        type: s1
        -orig-id: id
      - id: pad
        size: 3
      - id: word1
        type: u4
        doc: dbId (smgr rlocator.spcOid).
      - id: word2
        type: u4
        doc: hashValue, catId or relId (smgr rlocator.dbOid).
      - id: word3
        type: u4
        doc: smgr rlocator.relNumber; unused otherwise.

  # ---------------------------------------------------------------------------------
  # Transaction (rmgr 1)
  # ---------------------------------------------------------------------------------

  xact_main_data:
    doc: Main data of a Transaction record, chosen by the opcode (info & 0x70).
    params:
      - id: major
        type: u1
      - id: info
        type: u1
        -orig-id: xl_info
    seq:
      - id: body
        type:
          switch-on: layout
          cases:
            'xact_layout::commit': xact_end(major, has_info, true)
            'xact_layout::abort': xact_end(major, has_info, false)
            'xact_layout::prepare': xact_prepare(major)
            'xact_layout::assignment': xact_assignment
            'xact_layout::invalidations': xact_invals
    instances:
      opcode:
        value: info & 0x70
        -orig-id: XLOG_XACT_OPMASK
      has_info:
        value: (info & 0x80) != 0
        -orig-id: XLOG_XACT_HAS_INFO
      layout:
        value: |
          opcode == 0x00 or opcode == 0x30 ? 1 : opcode == 0x20 or opcode == 0x40 ? 2 :
          opcode == 0x10 ? 3 : opcode == 0x50 ? 4 : opcode == 0x60 and major >= 14 ? 5 : 0
        enum: xact_layout
        doc: |
          COMMIT 0x00 and COMMIT_PREPARED 0x30, ABORT 0x20 and ABORT_PREPARED 0x40, PREPARE
          0x10, ASSIGNMENT 0x50, INVALIDATIONS 0x60 (14+).

  xact_end:
    doc: |
      xl_xact_commit / xl_xact_abort and the optional parts xinfo announces, in the order
      of xactdesc.c's ParseCommitRecord / ParseAbortRecord. Nothing is aligned; aborts
      have no invalidation messages.
    params:
      - id: major
        type: u1
      - id: has_info
        type: bool
      - id: is_commit
        type: bool
    seq:
      - id: xact_time
        type: s8
        -orig-id: xact_time
        doc: TimestampTz, microseconds since 2000-01-01 00:00 UTC.
      - id: xinfo
        type: u4
        if: has_info
        -orig-id: xinfo
      - id: db_id
        type: u4
        if: (xinfo_bits & 0x01) != 0
        -orig-id: dbId
      - id: ts_id
        type: u4
        if: (xinfo_bits & 0x01) != 0
        -orig-id: tsId
      - id: num_subxacts
        type: s4
        if: (xinfo_bits & 0x02) != 0
        -orig-id: nsubxacts
      - id: subxacts
        type: u4
        repeat: expr
        repeat-expr: num_subxacts
        if: (xinfo_bits & 0x02) != 0
      - id: num_rels
        type: s4
        if: (xinfo_bits & 0x04) != 0
        -orig-id: nrels
      - id: rels
        type: rel_file_locator
        repeat: expr
        repeat-expr: num_rels
        if: (xinfo_bits & 0x04) != 0
        -orig-id: xlocators
      - id: num_stats
        type: s4
        if: has_stats
        -orig-id: nitems
      - id: stats
        type: xact_stats_item(major)
        repeat: expr
        repeat-expr: num_stats
        if: has_stats
      - id: num_msgs
        type: s4
        if: is_commit and (xinfo_bits & 0x08) != 0
        -orig-id: nmsgs
      - id: msgs
        type: shared_inval_msg
        repeat: expr
        repeat-expr: num_msgs
        if: is_commit and (xinfo_bits & 0x08) != 0
      - id: twophase_xid
        type: u4
        if: (xinfo_bits & 0x10) != 0
        -orig-id: xid
      - id: gid
        type: strz
        encoding: ISO-8859-1
        if: (xinfo_bits & 0x10) != 0 and (xinfo_bits & 0x80) != 0
        -orig-id: twophase_gid
      - id: origin_lsn
        type: u8
        if: (xinfo_bits & 0x20) != 0
        -orig-id: origin_lsn
      - id: origin_timestamp
        type: s8
        if: (xinfo_bits & 0x20) != 0
        -orig-id: origin_timestamp
    instances:
      xinfo_bits:
        value: 'has_info ? xinfo : 0'
        doc: xinfo, 0 when not stored.
      has_stats:
        value: major >= 15 and (xinfo_bits & 0x100) != 0
        -orig-id: XACT_XINFO_HAS_DROPPED_STATS

  xact_stats_item:
    doc: xl_xact_stats_item (15+), 12 bytes in 15-17, 16 from 18 (a 64-bit object id).
    params:
      - id: major
        type: u1
    seq:
      - id: kind
        type: s4
        -orig-id: kind
      - id: db_oid
        type: u4
        -orig-id: dboid
      - id: obj_lo
        type: u4
        -orig-id: [objoid, objid_lo]
      - id: obj_hi
        type: u4
        if: major >= 18
        -orig-id: objid_hi
        doc: High half of the 64-bit object id (18+); the id is obj_hi << 32 | obj_lo.

  xact_prepare:
    doc: |
      XLOG_XACT_PREPARE: the two-phase state file without its CRC. xl_xact_prepare (64
      bytes in 13-14, 72 from 15), then the gid, subxacts, commit and abort relations,
      (15+) commit and abort stats, each padded to 8 bytes, then the invalidation
      messages and the resource managers' two-phase records (left as bytes).
    params:
      - id: major
        type: u1
    seq:
      - id: magic
        type: u4
        -orig-id: magic
      - id: len_total
        type: u4
        -orig-id: total_len
      - id: xid
        type: u4
        -orig-id: xid
      - id: database
        type: u4
        -orig-id: database
      - id: prepared_at
        type: s8
        -orig-id: prepared_at
      - id: owner
        type: u4
        -orig-id: owner
      - id: num_subxacts
        type: s4
        -orig-id: nsubxacts
      - id: num_commit_rels
        type: s4
        -orig-id: ncommitrels
      - id: num_abort_rels
        type: s4
        -orig-id: nabortrels
      - id: num_commit_stats
        type: s4
        if: major >= 15
        -orig-id: ncommitstats
      - id: num_abort_stats
        type: s4
        if: major >= 15
        -orig-id: nabortstats
      - id: num_inval_msgs
        type: s4
        -orig-id: ninvalmsgs
      - id: initfileinval
        type: u1
        -orig-id: initfileinval
      - id: pad
        size: 1
      - id: len_gid
        type: u2
        -orig-id: gidlen
      - id: origin_lsn
        type: u8
        -orig-id: origin_lsn
      - id: origin_timestamp
        type: s8
        -orig-id: origin_timestamp
      - id: gid
        type: strz
        encoding: ISO-8859-1
        size: len_gid
      - id: pad_gid
        size: (8 - len_gid % 8) % 8
      - id: subxacts
        type: u4
        repeat: expr
        repeat-expr: num_subxacts
      - id: pad_subxacts
        size: (8 - (4 * num_subxacts) % 8) % 8
      - id: commit_rels
        type: rel_file_locator
        repeat: expr
        repeat-expr: num_commit_rels
      - id: pad_commit_rels
        size: (8 - (12 * num_commit_rels) % 8) % 8
      - id: abort_rels
        type: rel_file_locator
        repeat: expr
        repeat-expr: num_abort_rels
      - id: pad_abort_rels
        size: (8 - (12 * num_abort_rels) % 8) % 8
      - id: commit_stats
        type: xact_stats_item(major)
        repeat: expr
        repeat-expr: num_commit_stats
        if: major >= 15
      - id: pad_commit_stats
        size: '(8 - ((major >= 18 ? 16 : 12) * num_commit_stats) % 8) % 8'
        if: major >= 15
      - id: abort_stats
        type: xact_stats_item(major)
        repeat: expr
        repeat-expr: num_abort_stats
        if: major >= 15
      - id: pad_abort_stats
        size: '(8 - ((major >= 18 ? 16 : 12) * num_abort_stats) % 8) % 8'
        if: major >= 15
      - id: msgs
        type: shared_inval_msg
        repeat: expr
        repeat-expr: num_inval_msgs
      - id: rmgr_data
        size-eos: true
        doc: TwoPhaseRecordOnDisk entries, up to TWOPHASE_RM_END_ID.

  xact_assignment:
    doc: xl_xact_assignment (XLOG_XACT_ASSIGNMENT), MinSizeOfXactAssignment = 8.
    seq:
      - id: xtop
        type: u4
        -orig-id: xtop
      - id: num_subxacts
        type: s4
        -orig-id: nsubxacts
      - id: xsub
        type: u4
        repeat: expr
        repeat-expr: num_subxacts
        -orig-id: xsub

  xact_invals:
    doc: xl_xact_invals (XLOG_XACT_INVALIDATIONS, 14+).
    seq:
      - id: num_msgs
        type: s4
        -orig-id: nmsgs
      - id: msgs
        type: shared_inval_msg
        repeat: expr
        repeat-expr: num_msgs
        -orig-id: msgs

  # ---------------------------------------------------------------------------------
  # Btree (rmgr 11)
  # ---------------------------------------------------------------------------------

  btree_main_data:
    doc: |
      Main data of a Btree record, chosen by the opcode (info & 0xf0) and, for DELETE,
      UNLINK_PAGE and REUSE_PAGE, the version.
    params:
      - id: major
        type: u1
      - id: info
        type: u1
        -orig-id: xl_info
    seq:
      - id: body
        type:
          switch-on: layout
          cases:
            'btree_layout::insert': btree_insert
            'btree_layout::split': btree_split
            'btree_layout::dedup': btree_dedup
            'btree_layout::delete_pg13': btree_delete_pg13
            'btree_layout::delete_pg14': btree_delete_pg14
            'btree_layout::delete_pg16': btree_delete_pg16
            'btree_layout::unlink_page_pg13': btree_unlink_page_pg13
            'btree_layout::unlink_page_pg14': btree_unlink_page_pg14
            'btree_layout::newroot': btree_newroot
            'btree_layout::mark_page_halfdead': btree_mark_page_halfdead
            'btree_layout::vacuum': btree_vacuum
            'btree_layout::reuse_page_pg13': btree_reuse_page_pg13
            'btree_layout::reuse_page_pg14': btree_reuse_page_pg14
            'btree_layout::reuse_page_pg16': btree_reuse_page_pg16
    instances:
      opcode:
        value: info & 0xf0
      layout:
        value: |
          opcode == 0x00 or opcode == 0x10 or opcode == 0x20 or opcode == 0x50 ? 1 :
          opcode == 0x30 or opcode == 0x40 ? 2 : opcode == 0x60 ? 3 :
          opcode == 0x70 ? (major == 13 ? 4 : major <= 15 ? 5 : 6) :
          opcode == 0x80 or opcode == 0x90 ? (major == 13 ? 7 : 8) :
          opcode == 0xa0 ? 9 : opcode == 0xb0 ? 10 : opcode == 0xc0 ? 11 :
          opcode == 0xd0 ? (major == 13 ? 12 : major <= 15 ? 13 : 14) : 0
        enum: btree_layout
        doc: |
          INSERT_LEAF 0x00, INSERT_UPPER 0x10, INSERT_META 0x20, INSERT_POST 0x50; SPLIT_L
          0x30, SPLIT_R 0x40; DEDUP 0x60; DELETE 0x70; UNLINK_PAGE 0x80, UNLINK_PAGE_META
          0x90; NEWROOT 0xa0; MARK_PAGE_HALFDEAD 0xb0; VACUUM 0xc0; REUSE_PAGE 0xd0;
          META_CLEANUP 0xe0 has no main data.

  btree_block_data:
    doc: Block 0 data of DEDUP, DELETE and VACUUM, typed by the main data.
    params:
      - id: main
        type: btree_main_data
    seq:
      - id: body
        type:
          switch-on: main.layout
          cases:
            'btree_layout::dedup': btree_dedup_intervals(main.body.as<btree_dedup>.num_intervals)
            'btree_layout::delete_pg13': btree_deleted_items(main.body.as<btree_delete_pg13>.num_deleted, 0)
            'btree_layout::delete_pg14': btree_deleted_items(main.body.as<btree_delete_pg14>.num_deleted, main.body.as<btree_delete_pg14>.num_updated)
            'btree_layout::delete_pg16': btree_deleted_items(main.body.as<btree_delete_pg16>.num_deleted, main.body.as<btree_delete_pg16>.num_updated)
            'btree_layout::vacuum': btree_deleted_items(main.body.as<btree_vacuum>.num_deleted, main.body.as<btree_vacuum>.num_updated)

  btree_insert:
    doc: xl_btree_insert (INSERT_LEAF, _UPPER, _META, _POST), 2 bytes.
    seq:
      - id: offnum
        type: u2
        -orig-id: offnum

  btree_split:
    doc: xl_btree_split (SPLIT_L, SPLIT_R), SizeOfBtreeSplit = 10.
    seq:
      - id: level
        type: u4
        -orig-id: level
      - id: firstrightoff
        type: u2
        -orig-id: [firstrightoff, firstright]
      - id: newitemoff
        type: u2
        -orig-id: newitemoff
      - id: postingoff
        type: u2
        -orig-id: postingoff

  btree_dedup:
    doc: xl_btree_dedup (DEDUP), 2 bytes; the intervals are block 0 data.
    seq:
      - id: num_intervals
        type: u2
        -orig-id: nintervals

  btree_dedup_intervals:
    params:
      - id: num_intervals
        type: u2
    seq:
      - id: intervals
        type: btree_dedup_interval
        repeat: expr
        repeat-expr: num_intervals

  btree_dedup_interval:
    doc: BTDedupInterval.
    seq:
      - id: baseoff
        type: u2
        -orig-id: baseoff
      - id: num_items
        type: u2
        -orig-id: nitems

  btree_delete_pg13:
    doc: xl_btree_delete of 13, 8 bytes; the deleted offsets are block 0 data.
    seq:
      - id: latest_removed_xid
        type: u4
        -orig-id: latestRemovedXid
      - id: num_deleted
        type: u4
        -orig-id: ndeleted

  btree_delete_pg14:
    doc: xl_btree_delete of 14-15, 8 bytes.
    seq:
      - id: latest_removed_xid
        type: u4
        -orig-id: latestRemovedXid
      - id: num_deleted
        type: u2
        -orig-id: ndeleted
      - id: num_updated
        type: u2
        -orig-id: nupdated

  btree_delete_pg16:
    doc: xl_btree_delete of 16+, SizeOfBtreeDelete = 9.
    seq:
      - id: snapshot_conflict_horizon
        type: u4
        -orig-id: snapshotConflictHorizon
      - id: num_deleted
        type: u2
        -orig-id: ndeleted
      - id: num_updated
        type: u2
        -orig-id: nupdated
      - id: is_catalog_rel
        type: u1
        -orig-id: isCatalogRel

  btree_vacuum:
    doc: xl_btree_vacuum (VACUUM), 4 bytes.
    seq:
      - id: num_deleted
        type: u2
        -orig-id: ndeleted
      - id: num_updated
        type: u2
        -orig-id: nupdated

  btree_deleted_items:
    doc: |
      Block 0 data of VACUUM and DELETE: deleted offsets, updated offsets, then one
      xl_btree_update per updated offset (13 DELETE: the deleted offsets only).
    params:
      - id: num_deleted
        type: u4
      - id: num_updated
        type: u2
    seq:
      - id: deleted
        type: u2
        repeat: expr
        repeat-expr: num_deleted
      - id: updated_offsets
        type: u2
        repeat: expr
        repeat-expr: num_updated
      - id: updates
        type: btree_update
        repeat: expr
        repeat-expr: num_updated

  btree_update:
    doc: xl_btree_update, then the posting-list positions of the deleted TIDs.
    seq:
      - id: num_deleted_tids
        type: u2
        -orig-id: ndeletedtids
      - id: ptids
        type: u2
        repeat: expr
        repeat-expr: num_deleted_tids

  btree_mark_page_halfdead:
    doc: xl_btree_mark_page_halfdead (MARK_PAGE_HALFDEAD), 20 bytes.
    seq:
      - id: poffset
        type: u2
        -orig-id: poffset
      - id: pad
        size: 2
      - id: leafblk
        type: u4
        -orig-id: leafblk
      - id: leftblk
        type: u4
        -orig-id: leftblk
      - id: rightblk
        type: u4
        -orig-id: rightblk
      - id: topparent
        type: u4
        -orig-id: topparent

  btree_unlink_page_pg13:
    doc: xl_btree_unlink_page of 13, 24 bytes.
    seq:
      - id: leftsib
        type: u4
      - id: rightsib
        type: u4
      - id: leafleftsib
        type: u4
      - id: leafrightsib
        type: u4
      - id: topparent
        type: u4
      - id: btpo_xact
        type: u4

  btree_unlink_page_pg14:
    doc: xl_btree_unlink_page of 14+, SizeOfBtreeUnlinkPage = 36.
    seq:
      - id: leftsib
        type: u4
      - id: rightsib
        type: u4
      - id: level
        type: u4
      - id: pad
        size: 4
      - id: safexid
        type: u8
        doc: FullTransactionId.
      - id: leafleftsib
        type: u4
      - id: leafrightsib
        type: u4
      - id: leaftopparent
        type: u4

  btree_newroot:
    doc: xl_btree_newroot (NEWROOT), 8 bytes.
    seq:
      - id: rootblk
        type: u4
      - id: level
        type: u4

  btree_reuse_page_pg13:
    doc: xl_btree_reuse_page of 13, 20 bytes.
    seq:
      - id: locator
        type: rel_file_locator
      - id: block
        type: u4
      - id: latest_removed_xid
        type: u4

  btree_reuse_page_pg14:
    doc: xl_btree_reuse_page of 14-15, 24 bytes.
    seq:
      - id: locator
        type: rel_file_locator
      - id: block
        type: u4
      - id: latest_removed_full_xid
        type: u8

  btree_reuse_page_pg16:
    doc: xl_btree_reuse_page of 16+, SizeOfBtreeReusePage = 25.
    seq:
      - id: locator
        type: rel_file_locator
      - id: block
        type: u4
      - id: snapshot_conflict_horizon
        type: u8
      - id: is_catalog_rel
        type: u1

  btree_metadata:
    doc: xl_btree_metadata, 40 bytes in 13, 28 from 14 (padding included).
    params:
      - id: major
        type: u1
    seq:
      - id: version
        type: u4
      - id: root
        type: u4
      - id: level
        type: u4
      - id: fastroot
        type: u4
      - id: fastlevel
        type: u4
      - id: oldest_btpo_xact
        type: u4
        if: major == 13
      - id: last_cleanup_num_heap_tuples
        type: f8
        if: major == 13
      - id: last_cleanup_num_delpages
        type: u4
        if: major >= 14
      - id: allequalimage
        type: u1
      - id: pad
        size: 'major == 13 ? 7 : 3'

enums:
  fork_number:
    0: main
    1: fsm
    2: vm
    3: init
  image_compression:
    0: none
    1: pglz
    2: lz4
    3: zstd
  rmgr:
    0: xlog
    1: transaction
    2: storage
    3: clog
    4: database
    5: tablespace
    6: multixact
    7: relmap
    8: standby
    9: heap2
    10: heap
    11: btree
    12: hash
    13: gin
    14: gist
    15: sequence
    16: spgist
    17: brin
    18: commit_ts
    19: replication_origin
    20: generic
    21: logical_message
    22:
      id: xlog2
      doc: '19beta1-19beta3 (and 20devel of mid-2026) only: online data-checksum changes.'
  xlog_layout:
    0: unknown
    1: checkpoint_pg13
    2: checkpoint_pg17
    3: checkpoint_pg19_beta1
    4: checkpoint_pg19
    5: next_oid
    6: backup_end
    7: parameter_change
    8: restore_point
    9: fpw_change
    10: end_of_recovery_pg13
    11: end_of_recovery_pg17
    12: overwrite_contrecord
    13: checkpoint_redo_pg17
    14: checkpoint_redo_pg19_beta1
    15: logical_decoding_status_change
  heap2_layout:
    0: unknown
    1: clean_pg13
    2: freeze_page_pg13
    3: cleanup_info_pg13
    4: vacuum_pg14
    5: prune_pg16
    6: freeze_page_pg16
    7: prune_pg17
    8: prune_pg19
    9: visible_pg13
    10: multi_insert
    11: lock_updated
    12: new_cid
    13: rewrite
  heap_layout:
    0: unknown
    1: insert
    2: delete
    3: update
    4: truncate
    5: confirm
    6: lock
    7: inplace_pg13
    8: inplace_pg18
  xact_layout:
    0: unknown
    1: commit
    2: abort
    3: prepare
    4: assignment
    5: invalidations
  btree_layout:
    0: unknown
    1: insert
    2: split
    3: dedup
    4: delete_pg13
    5: delete_pg14
    6: delete_pg16
    7: unlink_page_pg13
    8: unlink_page_pg14
    9: newroot
    10: mark_page_halfdead
    11: vacuum
    12: reuse_page_pg13
    13: reuse_page_pg14
    14: reuse_page_pg16
