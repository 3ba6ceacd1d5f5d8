#!/usr/bin/env bash
# The whole suite on SQLite, then once more on PostgreSQL when TESSERA_TEST_DATABASE_URL names a server to use
# (each test database is created on it; the scale-out tests need it and are skipped without it).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find test -name '*.test.ts' | sort)
suite() { node --import tsx --test --test-concurrency=2 --test-reporter=spec "${files[@]}"; }

echo "--- tests on SQLite"
TESSERA_TEST_DATABASE_URL= suite

if [ -n "${TESSERA_TEST_DATABASE_URL:-}" ]; then
  echo "--- tests on PostgreSQL"
  suite
else
  echo "--- PostgreSQL skipped: set TESSERA_TEST_DATABASE_URL=postgres://user:password@host/db to run the suite on it too"
fi
