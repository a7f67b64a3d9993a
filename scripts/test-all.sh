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
PG_REACHABLE=0
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1],connectionTimeoutMillis:2000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$PG_URL"; then
  PG_REACHABLE=1
  step "API and hostile-input tests on PostgreSQL ($PG_URL)"
  TEST_DB=postgres TEST_DATABASE_URL="$PG_URL" npx vitest run tests/api tests/hostile
else
  step 'PostgreSQL not reachable: PostgreSQL suite skipped'
fi

step 'Build'
npm run build

# After the build, so the fault suite's server uses it; it creates and drops its own database on $PG_URL.
if [ "$PG_REACHABLE" = 1 ]; then
  step 'Fault suite on PostgreSQL (kill -9, database away, SMTP away)'
  BUILD_DIR=build FAULTS_DATABASE_URL="$PG_URL" npm run test:faults
else
  step 'PostgreSQL not reachable: fault suite skipped'
fi

step 'Browser tests (Chromium)'
bash scripts/ensure-chromium.sh
npx playwright test
