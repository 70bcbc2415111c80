#!/usr/bin/env bash
# Runs a `payload` CLI command and fails unless its success line appears: the CLI can exit 0 having
# done nothing (a top-level await in lexical's Node build, upstream #16381); the development
# condition resolves the build without it.
set -uo pipefail
cmd="$1"; expect="${2:-}"; shift 2 || true
export NODE_OPTIONS="--no-deprecation --conditions=development"
export PAYLOAD_SECRET="${PAYLOAD_SECRET:-cli}"
for attempt in 1 2 3; do
  out=$(npx payload "$cmd" "$@" </dev/null 2>&1); rc=$?
  echo "$out"
  [ $rc -ne 0 ] && exit $rc
  if [ -z "$expect" ] || echo "$out" | grep -q "$expect"; then exit 0; fi
  echo "payload $cmd printed no '$expect' (attempt $attempt); retrying" >&2
done
exit 2
