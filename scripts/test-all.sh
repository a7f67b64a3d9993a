#!/usr/bin/env bash
# `npm test`: every check of the project, in the order a failure is cheapest to see.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step 'Lint and format (biome)'
npx biome check .

step 'Typecheck'
npx react-router typegen
npx tsc --noEmit

step 'Unit and API tests on PGlite'
npx vitest run

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1],connectionTimeoutMillis:2000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$PG_URL"; then
  step "API tests on PostgreSQL ($PG_URL)"
  TEST_DB=postgres TEST_DATABASE_URL="$PG_URL" npx vitest run tests/api
else
  step 'PostgreSQL not reachable: PostgreSQL suite skipped'
fi

step 'Build'
npx react-router build

step 'Browser tests (Chromium)'
bash scripts/ensure-chromium.sh
npx playwright test
