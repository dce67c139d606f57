-- A DELETE, a checkpoint, then VACUUM, on a cluster with data checksums (capture.sh --checksums): the DELETE's
-- scan sets the hint bits of every page the INSERT left unhinted and logs a hint-bit image (FPI_FOR_HINT) of each;
-- its first one precedes its first deletion, so carries no xid, as VACUUM's own hint-bit images. The VACUUM's run
-- starts after the DELETE's commit and the checkpoint, not at that image.
CHECKPOINT;
DELETE FROM del WHERE id % 7 = 0;
CHECKPOINT;
VACUUM (VERBOSE, FREEZE) del;
