#!/usr/bin/env bash
# The static checks of `npm test` side by side: the type check, the linter and the format
# check are one process each, so on a 2-core machine two of them run for the price of one.
# Each one's output is printed after it ends; the exit code fails if any failed. api:check
# generates the API's types from the registry's OpenAPI document (openapi-typescript) and
# compiles examples/ against them: a registry change that breaks a typed client fails here.
set -uo pipefail
cd "$(dirname "$0")/.."

logs="$(mktemp -d "${TMPDIR:-/tmp}/checks.XXXXXX")"
names=(typecheck lint format:check api:check)
pids=()
for name in "${names[@]}"; do
  npm run --silent "$name" >"$logs/$name.log" 2>&1 &
  pids+=("$!")
done
failed=0
for i in "${!names[@]}"; do
  name="${names[$i]}"
  if wait "${pids[$i]}"; then
    echo "$name: passed"
  else
    failed=1
    echo "$name: FAILED"
    cat "$logs/$name.log"
  fi
done
rm -rf "$logs"
exit "$failed"
