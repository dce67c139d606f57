#!/usr/bin/env bash
# Writes testdata/oracles/pg_size_pretty.tsv: one line "BYTES<TAB>TEXT" per value, TEXT being what a real server's
# pg_size_pretty(bigint) returns for it. It is the oracle of walprism's --human byte counts (analyzer's SizePretty).
#
#   size-pretty-oracle.sh
#
# Server: a throw-away Debian postgresql-15 (server.sh). Values: 0, each unit's boundaries (10240 * 1024^k and
# its neighbours, the half-unit rounding points), 2^63 - 1, the negatives of all of them, -2^63, and 200 values
# spread over every magnitude (setseed(0.25), so the list is the same on every run).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

scratch=$(mktemp -d /var/tmp/walprism-sizepretty.XXXXXX)
chmod 755 "$scratch"  # the server runs as an unprivileged user when this runs as root
trap '"$(dirname "$0")/server.sh" stop "$scratch/pg" || true; rm -rf "$scratch"' EXIT
port=$("$(dirname "$0")/server.sh" start "$scratch/pg")
out="$TESTDATA_DIR/oracles/pg_size_pretty.tsv"
mkdir -p "$(dirname "$out")"
psql -X -q -At -F $'\t' -h 127.0.0.1 -p "$port" -U postgres -d postgres >"$scratch/tsv" <<'SQL'
SELECT setseed(0.25);
WITH edges AS (
  SELECT x FROM (VALUES (0::numeric), (1), (1023), (1024), (2174263), (9223372036854775807)) v(x)
  UNION
  SELECT m * b + d
  FROM generate_series(0, 5) k, LATERAL (SELECT (1024::numeric) ^ k AS m) mm,
       (VALUES (10239.5), (10240), (10.5), (11), (19.5), (20)) bb(b), (VALUES (-1), (0), (1)) dd(d)
), spread AS (
  SELECT floor(random()::numeric * (2::numeric ^ (3 + (i % 60)))) AS x FROM generate_series(1, 200) i
), everything AS (
  SELECT x FROM edges UNION SELECT x FROM spread
), signed AS (
  SELECT x FROM everything UNION SELECT -x FROM everything UNION SELECT -9223372036854775808
)
SELECT b, pg_size_pretty(b)
FROM (SELECT DISTINCT floor(x)::bigint AS b FROM signed WHERE x BETWEEN -9223372036854775808 AND 9223372036854775807) s
ORDER BY b;
SQL
{
  echo "# pg_size_pretty(bigint) of PostgreSQL $(psql -X -At -h 127.0.0.1 -p "$port" -U postgres -d postgres -c 'SHOW server_version'); made by testdata/capture/size-pretty-oracle.sh"
  grep -v '^$' "$scratch/tsv"
} >"$out"
log "${out#"$TESTDATA_DIR"/}: $(grep -vc '^#' "$out") values"
