#!/usr/bin/env bash
# `npm test`: every check of the project, in the order a failure is cheapest to see.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step is printed with the minutes and seconds since the start, so a slow step shows in the log.
step() { printf '\n\033[1m== [%d:%02d] %s\033[0m\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

step 'Lint and format (biome)'
npx biome check .

step 'Typecheck'
npx react-router typegen
npx tsc --noEmit

step 'Import directions'
npx tsx scripts/check-imports.ts

step 'Build'
npm run build

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
PG_REACHABLE=0
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1],connectionTimeoutMillis:2000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$PG_URL"; then
  PG_REACHABLE=1
fi

# The fault suite spends most of its two minutes waiting (a 30 s outage, restarts, the relay draining), so it runs
# beside the unit and API suites; its report is printed when it ends. It creates and drops its own database.
FAULTS_PID=''
FAULTS_LOG=''
if [ "$PG_REACHABLE" = 1 ]; then
  FAULTS_LOG="$(mktemp)"
  step "Fault suite on PostgreSQL started in the background (kill -9, database away, SMTP away)"
  # In a process group of its own, so an early exit of this script stops it and only it.
  BUILD_DIR=build FAULTS_DATABASE_URL="$PG_URL" setsid npx tsx bench/faults/run.ts >"$FAULTS_LOG" 2>&1 &
  FAULTS_PID=$!
  trap '[ -n "$FAULTS_PID" ] && kill -TERM -- "-$FAULTS_PID" 2>/dev/null; true' EXIT
else
  step 'PostgreSQL not reachable: fault suite skipped'
fi

# One fast-check seed for both vitest runs (PGlite, then PostgreSQL): FC_SEED when set, else drawn here. Each run prints
# it at its start, and a failed property prints the command that repeats it (README, "Reproducing a failed property").
export FC_SEED="${FC_SEED:-$(node -e 'console.log(require("node:crypto").randomInt(2 ** 31))')}"

step "Unit and API tests on PGlite (fast-check seed $FC_SEED; repeat with FC_SEED=$FC_SEED)"
npx vitest run

if [ -n "$FAULTS_PID" ]; then
  step 'Fault suite report'
  FAULTS_STATUS=0
  wait "$FAULTS_PID" || FAULTS_STATUS=$?
  FAULTS_PID=''
  cat "$FAULTS_LOG"
  rm -f "$FAULTS_LOG"
  if [ "$FAULTS_STATUS" != 0 ]; then
    echo "Fault suite failed (exit $FAULTS_STATUS)"
    exit "$FAULTS_STATUS"
  fi
fi

if [ "$PG_REACHABLE" = 1 ]; then
  step "API and hostile-input tests on PostgreSQL ($PG_URL, fast-check seed $FC_SEED)"
  TEST_DB=postgres TEST_DATABASE_URL="$PG_URL" npx vitest run tests/api tests/hostile
else
  step 'PostgreSQL not reachable: PostgreSQL suite skipped'
fi

step 'Browser tests (Chromium)'
bash scripts/ensure-chromium.sh
npx playwright test
step 'Done'
