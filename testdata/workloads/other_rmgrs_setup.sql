CREATE EXTENSION IF NOT EXISTS bloom;
CREATE TABLE h(i int, t text, a int[], p point, ts tsvector) WITH (autovacuum_enabled = off);
CREATE TABLE u(k int PRIMARY KEY, v int) WITH (autovacuum_enabled = off);
INSERT INTO u SELECT g, 0 FROM generate_series(1, 10) g;
CREATE PROCEDURE many_xacts(n int) LANGUAGE plpgsql AS $$
BEGIN
  FOR j IN 1..n LOOP
    UPDATE u SET v = v + 1 WHERE k = 1 + j % 10;
    COMMIT;
  END LOOP;
END $$;
CHECKPOINT;
