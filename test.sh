#!/usr/bin/env bash
# Runs walprism's tests (the README's test command). As root on a fresh Debian machine it first installs
# what the live-capture test needs (Debian's postgresql-15 client tools, the unprivileged user that runs
# servers, the PostgreSQL 17 server build from Maven Central); downloads are cached in /var/cache/walprism.
set -euo pipefail
cd "$(dirname "$0")"
if [[ $EUID -eq 0 ]]; then
  testdata/capture/prereqs.sh --zonky 17.7.0
fi
mvn -B -ntp verify "$@"
