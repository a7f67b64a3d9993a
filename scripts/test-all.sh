#!/usr/bin/env bash
# `npm test`: every check of the project, in the order a failure is cheapest to see.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step is printed with the minutes and seconds since the start, so a slow step shows in the log.
step() { printf '\n\033[1m== [%d:%02d] %s\033[0m\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

# `beside LOG command…` starts a command next to the steps that follow, in a process group of its own (an early exit of this
# script stops it, and only it), its output kept in LOG. `report` waits for it, prints LOG, and fails the run if it
# failed.
BACKGROUND_PIDS=()
trap 'for pid in "${BACKGROUND_PIDS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done' EXIT
beside() {
  local log="$1"
  shift
  setsid "$@" >"$log" 2>&1 &
  BACKGROUND_PIDS+=("$!")
}
report() {
  local title="$1" pid="$2" log="$3" status=0
  step "$title"
  wait "$pid" || status=$?
  cat "$log"
  rm -f "$log"
  if [ "$status" != 0 ]; then
    echo "$title: failed (exit $status)"
    exit "$status"
  fi
}

step 'Route types (react-router typegen)'
npx react-router typegen

# The typecheck keeps one core busy for about 16 s; it goes beside the lint, the import check and the build, which
# need it for less (ADR 0045), and its result is shown once the build is done.
TSC_LOG="$(mktemp)"
beside "$TSC_LOG" node_modules/.bin/tsc --noEmit
TSC_PID=$!
step 'Typecheck (tsc) started beside the next three steps'

step 'Lint and format (biome)'
npx biome check .

step 'Import directions'
npx tsx scripts/check-imports.ts

step 'Build'
npm run build

report 'Typecheck' "$TSC_PID" "$TSC_LOG"

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
PG_REACHABLE=0
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1],connectionTimeoutMillis:2000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$PG_URL"; then
  PG_REACHABLE=1
fi

# One fast-check seed for both vitest runs (PGlite and PostgreSQL): FC_SEED when set, else drawn here. Each run prints
# it at its start, and a failed property prints the command that repeats it (README, "Reproducing a failed property").
export FC_SEED="${FC_SEED:-$(node -e 'console.log(require("node:crypto").randomInt(2 ** 31))')}"

# Beside the PGlite run, which keeps both cores busy, go two runs that mostly wait (ADR 0044): the fault suite (a 30 s
# outage, restarts, the relay draining; it creates and drops its own database) and the API and hostile tests on
# PostgreSQL, whose files wait on the server's round trips and its `create database` about half the time.
if [ "$PG_REACHABLE" = 1 ]; then
  FAULTS_LOG="$(mktemp)"
  beside "$FAULTS_LOG" env BUILD_DIR=build FAULTS_DATABASE_URL="$PG_URL" npx tsx bench/faults/run.ts
  FAULTS_PID=$!
  PG_LOG="$(mktemp)"
  beside "$PG_LOG" env TEST_DB=postgres TEST_DATABASE_URL="$PG_URL" npx vitest run tests/api tests/hostile
  PG_PID=$!
  step "Started beside the next step: the fault suite (kill -9, database away, SMTP away) and the API and hostile tests on PostgreSQL ($PG_URL, fast-check seed $FC_SEED)"
else
  step 'PostgreSQL not reachable: fault suite and PostgreSQL suite skipped'
fi

step "Unit and API tests on PGlite (fast-check seed $FC_SEED; repeat with FC_SEED=$FC_SEED)"
npx vitest run

if [ "$PG_REACHABLE" = 1 ]; then
  report 'API and hostile-input tests on PostgreSQL' "$PG_PID" "$PG_LOG"
  report 'Fault suite' "$FAULTS_PID" "$FAULTS_LOG"
fi

step 'Browser tests (Chromium)'
bash scripts/ensure-chromium.sh
npx playwright test
step 'Done'
