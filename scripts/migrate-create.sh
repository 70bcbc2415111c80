#!/usr/bin/env bash
# Writes a migration for the difference between the collections and the last migration snapshot.
set -euo pipefail
name="${1:-change}"
bash "$(dirname "$0")/payload-cli.sh" migrate:create "generation complete\|No schema changes" "$name" --skip-empty
