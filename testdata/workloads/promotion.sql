-- One phase of the promotion capture (capture/promotion.sh), run on whichever server is the primary of timeline
-- :phase: rows in, every seventh updated, every eleventh deleted, a VACUUM; about 400 kB of WAL.
INSERT INTO promo SELECT :phase * 100000 + i, :phase, repeat(md5(i::text), 4) FROM generate_series(1, 2500 * :scale) i;
UPDATE promo SET v = v || :phase WHERE phase = :phase AND id % 7 = 0;
DELETE FROM promo WHERE phase = :phase AND id % 11 = 0;
VACUUM promo;
