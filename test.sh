#!/usr/bin/env bash
# Runs walprism's tests (the README's test command). Installs what the live-capture test needs first.
set -euo pipefail
cd "$(dirname "$0")"
mvn -B -ntp verify "$@"
