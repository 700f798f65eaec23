#!/usr/bin/env bash
# Runs every test: lint and types, unit, the web app's hooks, server integration (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set; the Redis limiter when TEST_REDIS_URL is set), the production build
# with its size budget, a smoke run of the benchmark, and the browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$1"; }

step "lint and format"
npx eslint . --max-warnings=0
npx prettier --check . --log-level warn

step "types"
npx tsc --noEmit -p tsconfig.json

step "unit tests"
npx vitest run --project unit

step "web hooks (React Testing Library)"
npx vitest run --project web

step "server integration tests (PGlite)"
env -u TEST_DATABASE_URL npx vitest run --project server

if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  step "server integration tests (PostgreSQL)"
  npx vitest run --project server
fi

if [[ -n "${TEST_REDIS_URL:-}" ]]; then
  step "Redis rate limiter"
  npx vitest run --project redis
fi

step "production build and size budget"
npx tsx scripts/web-build.ts
npx vitest run --project build

step "benchmark smoke run (tiny sizes, not a measurement: it must run and fail nothing)"
env -u BENCH_DATABASE_URL BENCH_SMOKE=1 BENCH_REPLIES=10 BENCH_WARMUP_REPLIES=5 BENCH_STEPS=5 BENCH_WINDOW_S=1 \
  BENCH_USERS=2 BENCH_HISTORY_MESSAGES=2000 BENCH_HISTORY_REQUESTS=20 BENCH_IDLE_STREAMS=20 \
  BENCH_API_SECONDS=1 BENCH_SECTIONS=ttft,streams,idle,history,api npm run bench --silent > /dev/null

step "browser tests"
npx tsx scripts/ensure-chromium.ts
npx playwright test
