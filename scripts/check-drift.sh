#!/usr/bin/env bash
# Fails when the collections and the committed migrations have drifted apart.
set -uo pipefail
cd "$(dirname "$0")/.."
before=$(git status --porcelain -- src/migrations)
out=$(bash scripts/payload-cli.sh migrate:create "generation complete\|No schema changes" drift_check --skip-empty 2>&1); rc=$?
after=$(git status --porcelain -- src/migrations)
if [ $rc -ne 0 ]; then echo "$out"; echo "migration drift check could not run"; exit 1; fi
if [ "$before" != "$after" ]; then
  echo "Schema drift: the collections changed but no migration was committed. Run: npm run migrate:create -- <name>"
  git status --porcelain -- src/migrations
  # leave the tree as it was
  git checkout -q -- src/migrations 2>/dev/null || true
  git clean -fdq -- src/migrations
  exit 1
fi
echo "no schema drift"
