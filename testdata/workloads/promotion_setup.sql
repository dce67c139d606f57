-- The promotion capture's table (capture/promotion.sh), made on the first primary before the standbys are cloned.
CREATE EXTENSION IF NOT EXISTS pg_walinspect;
CREATE TABLE promo(id int PRIMARY KEY, phase int, v text) WITH (autovacuum_enabled = off);
CHECKPOINT;
