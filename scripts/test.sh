#!/usr/bin/env bash
# Runs a suite on SQLite, then once more on PostgreSQL when TESSERA_TEST_DATABASE_URL names a server to use (each
# test database is created on it; the scale-out tests need it and are skipped without it).
#   scripts/test.sh               the test suite: test/**/*.test.ts, two files at a time
#   scripts/test.sh reliability   the reliability suite: test/reliability/*.reliability.ts (crash, bad input, soak), two at a time
# The files run compiled (scripts/build-tests.mjs). The PostgreSQL pass runs only the files whose outcome depends on
# the store (they start a server on the store under test), less those whose outcome the store cannot change though
# they start a server: the console's and the docs' (they test the browser, and that the docs say what the server
# does), lint's and the forecasts' (the ilm command's, and the upload of a bundle): they read a copy of the cluster
# state in memory, or a bundle, and a forecast runs on its own in-memory store; and the bad-input fuzzing (every
# route's refusal of malformed requests: the same code on both stores, and a refused change is committed to neither).
# One file from the sources, as you work: node --import tsx --test test/grid/insert-field.test.ts
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = reliability ]; then
  # The fuzzing (three minutes) runs beside the soak and the crash tests, each file against its own server process.
  concurrency=2
  # A fixed fuzz seed keeps CI repeatable; run with TESSERA_FUZZ_SEED=<n> to explore other seeds.
  export TESSERA_FUZZ_SEED="${TESSERA_FUZZ_SEED:-1240662897}"
else
  # Two files at a time keep both cores busy; more only slow each file down (the browser tests past their time-outs).
  concurrency="${TESSERA_TEST_CONCURRENCY:-2}"
fi
# Tests of the tessera command run the compiled bundle: build it from the sources being tested.
npm run build:server --silent
node scripts/build-tests.mjs ${1:-}
compiled() { sed -E 's#^(.*)\.tsx?$#.test-build/\1.js#'; }
mapfile -t files < <(find test -name "$([ "${1:-}" = reliability ] && echo '*.reliability.ts' || echo '*.test.ts')" | sort | compiled)
mapfile -t store_files < <(grep -Ev '^test/(console|docs)/|^test/cli/ilm-|^test/es/cluster-forecast-upload|^test/ilm/(lint|simulate)|^test/reliability/bad-input' .test-build/store-tests.txt | sort | compiled)
suite() { node --enable-source-maps --test --test-concurrency="$concurrency" --test-reporter=spec "$@"; }

echo "--- ${1:-tests} on SQLite"
TESSERA_TEST_DATABASE_URL= suite "${files[@]}"

if [ -n "${TESSERA_TEST_DATABASE_URL:-}" ]; then
  echo "--- ${1:-tests} on PostgreSQL: the ${#store_files[@]} of ${#files[@]} files that depend on the store"
  suite "${store_files[@]}"
else
  echo "--- PostgreSQL skipped: set TESSERA_TEST_DATABASE_URL=postgres://user:password@host/db to run on it too"
fi
