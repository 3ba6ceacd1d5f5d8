#!/usr/bin/env bash
# Runs a suite on SQLite, then once more on PostgreSQL when TESSERA_TEST_DATABASE_URL names a server to use (each
# test database is created on it; the scale-out tests need it and are skipped without it).
#   scripts/test.sh               the test suite: test/**/*.test.ts, two files at a time
#   scripts/test.sh reliability   the reliability suite: test/reliability/*.reliability.ts (crash, bad input, soak), one at a time
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = reliability ]; then
  mapfile -t files < <(find test/reliability -name '*.reliability.ts' | sort)
  concurrency=1
  # A fixed fuzz seed keeps CI repeatable; run with TESSERA_FUZZ_SEED=<n> to explore other seeds.
  export TESSERA_FUZZ_SEED="${TESSERA_FUZZ_SEED:-1240662897}"
else
  mapfile -t files < <(find test -name '*.test.ts' | sort)
  concurrency=2
fi
# Tests of the tessera command run the compiled bundle: build it from the sources being tested.
npm run build:server --silent
suite() { node --import tsx --test --test-concurrency="$concurrency" --test-reporter=spec "${files[@]}"; }

echo "--- ${1:-tests} on SQLite"
TESSERA_TEST_DATABASE_URL= suite

if [ -n "${TESSERA_TEST_DATABASE_URL:-}" ]; then
  echo "--- ${1:-tests} on PostgreSQL"
  suite
else
  echo "--- PostgreSQL skipped: set TESSERA_TEST_DATABASE_URL=postgres://user:password@host/db to run on it too"
fi
