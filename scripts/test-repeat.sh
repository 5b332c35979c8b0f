#!/usr/bin/env bash
# Runs one test file n times, to tell a flaky test from a broken one.
#   npm run test:repeat -- <file> [n=20] [--stop] [-- <runner options>]
# src/** runs with vitest, e2e/** with playwright (build first: `npx vite build`).
# It continues after a failure (with --stop it stops at the first one) and prints
# "N passed, N failed" at the end. Each failed run's output is kept, and for e2e its
# Playwright results (trace, screenshot); the paths are printed. Options after a second
# `--` go to the runner, e.g.
#   npm run test:repeat -- src/web/features/studio/studio-edit.test.tsx 30 -- -t 'autosave'
#   npm run test:repeat -- e2e/studio.spec.ts 5 -- -g 'create, autosave'
set -uo pipefail

usage() {
  echo "usage: npm run test:repeat -- <test file> [n=20] [--stop] [-- <runner options>]" >&2
  echo "  continues after a failure unless --stop is given; prints 'N passed, N failed'" >&2
  exit 2
}

file=''
runs=20
stop=0
extra=()
while [ $# -gt 0 ]; do
  arg="$1"
  shift
  case "$arg" in
    --)
      extra=("$@")
      break
      ;;
    --stop) stop=1 ;;
    -h | --help) usage ;;
    *)
      if [ -z "$file" ]; then
        file="$arg"
      elif [[ "$arg" =~ ^[1-9][0-9]*$ ]]; then
        runs="$arg"
      else
        usage
      fi
      ;;
  esac
done
[ -n "$file" ] || usage
[ -f "$file" ] || {
  echo "no such file: $file" >&2
  exit 2
}
case "$file" in
  e2e/* | ./e2e/*) kind=e2e ;;
  src/* | ./src/*) kind=unit ;;
  *)
    echo "not a test file under src/ or e2e/: $file" >&2
    exit 2
    ;;
esac

logs="$(mktemp -d "${TMPDIR:-/tmp}/test-repeat.XXXXXX")"
passed=0
failed=0
for ((i = 1; i <= runs; i++)); do
  log="$logs/run-$i.log"
  if [ "$kind" = e2e ]; then
    # Each run its own results folder, so a failure's trace is not overwritten by the next run.
    runner=(npx playwright test --output "$logs/run-$i")
  else
    runner=(npx vitest run)
  fi
  start=$SECONDS
  if "${runner[@]}" "$file" "${extra[@]}" >"$log" 2>&1; then
    passed=$((passed + 1))
    echo "run $i/$runs: passed ($((SECONDS - start)) s)"
    rm -rf "$log" "$logs/run-$i"
  else
    failed=$((failed + 1))
    echo "run $i/$runs: FAILED ($((SECONDS - start)) s), output in $log"
    if [ "$stop" = 1 ]; then break; fi
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
