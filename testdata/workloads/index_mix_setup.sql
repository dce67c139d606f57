-- Tables and the batch procedure of index_mix (see index_mix.sql).
-- One table under every built-in index access method but bloom: B-tree (two), hash, GIN, GiST, SP-GiST (two), BRIN,
-- an unindexed 250-byte column that makes heap records the size of real rows, and a text column that TOAST
-- stores out of line when it is long.
CREATE TABLE im(id int, k int, t text, a int[], p point, pad text, doc text) WITH (autovacuum_enabled = off);
CREATE INDEX im_id ON im (id);
CREATE INDEX im_t ON im (t);
CREATE INDEX im_hash ON im USING hash (k);
CREATE INDEX im_gin ON im USING gin (a) WITH (fastupdate = off);
CREATE INDEX im_gist ON im USING gist (p);
CREATE INDEX im_spg_t ON im USING spgist (t);
CREATE INDEX im_spg_p ON im USING spgist (p);
CREATE INDEX im_brin ON im USING brin (id) WITH (pages_per_range = 4);
-- A text pglz cannot shrink, so a long doc goes to the TOAST table in chunks.
CREATE FUNCTION im_noise(n int, len int) RETURNS text IMMUTABLE STRICT LANGUAGE sql AS
  $$ SELECT left(string_agg(md5(n::text || '/' || j::text), '' ORDER BY j), len) FROM generate_series(1, len / 32 + 1) j $$;
-- batches x (40 single-row inserts, 8 non-HOT updates, 4 deletes, 2 subtransactions, a TOASTed row every 2nd), one
-- commit per batch
CREATE PROCEDURE im_run(batches int) LANGUAGE plpgsql AS $$
DECLARE
  n int := 0;
  r int;
BEGIN
  FOR b IN 1..batches LOOP
    FOR j IN 1..40 LOOP
      n := n + 1;
      INSERT INTO im VALUES (n, (n::bigint * 7919 % 100003)::int, 'k/' || md5(n::text), ARRAY[n % 1000, n % 97, n % 13],
                             point(n % 1000, (n::bigint * 31) % 1000), im_noise(n, 250),
                             CASE WHEN j = 1 AND b % 2 = 0 THEN im_noise(n, 4000) END);
    END LOOP;
    FOR j IN 1..8 LOOP
      r := 1 + (n::bigint * 104729 + j * 7) % n;
      UPDATE im SET k = k + 1, t = t || 'u', a = a || j, p = point(p[0] + 1, p[1]) WHERE id = r;
    END LOOP;
    FOR j IN 1..4 LOOP
      DELETE FROM im WHERE id = 1 + (n::bigint * 15485863 + j) % n;
    END LOOP;
    FOR j IN 1..2 LOOP
      BEGIN
        n := n + 1;
        INSERT INTO im VALUES (n, n, 'sub/' || n, ARRAY[j], point(j, n % 1000), NULL, NULL);
        IF j = 2 THEN
          RAISE EXCEPTION 'rolled back';
        END IF;
      EXCEPTION WHEN raise_exception THEN NULL;
      END;
    END LOOP;
    COMMIT;
  END LOOP;
END $$;
CHECKPOINT;
