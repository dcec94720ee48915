#!/usr/bin/env bash
# CI stage: the fast part of the cross-library matrix (the Kafka runners: Go modules from the
# module proxy, crates from crates.io, both built here from scratch; the npm libraries are the
# repository's dev dependencies). Fails on an unexplained disagreement class or a suspect vector.
# The Iggy edge runner and the docs/ rewrite are in `deno task matrix`.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v go >/dev/null || { echo "matrix: go is required"; exit 1; }
command -v cargo >/dev/null || { echo "matrix: cargo is required"; exit 1; }
npx --yes deno task matrix --fast
