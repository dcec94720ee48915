#!/usr/bin/env bash
# CI stage of the vectors release: pack, check the tarball and the npm package, and lint and run
# the packed copy (it must be usable without the repository); the lint checks every file against
# every published schema, and the wirevec 1.0 contract runs on it (vectors/README.md "Compatibility").
set -euo pipefail
cd "$(dirname "$0")/../.."
DENO="${DENO:-npx --yes deno}"
license=LICENSE
[ -f "$license" ] || license=/usr/share/common-licenses/Apache-2.0 # until the repository has its own
$DENO task vectors:pack --license "$license"
version=$(node -p 'require("./vectors/manifest.json").version')
(cd dist/vectors && sha256sum -c "streamwire-vectors-$version.tar.gz.sha256")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tar -xzf "dist/vectors/streamwire-vectors-$version.tar.gz" -C "$tmp"
(cd "$tmp/streamwire-vectors-$version" && sha256sum -c --quiet SHA256SUMS)
diff -r "$tmp/streamwire-vectors-$version" dist/vectors/npm
(cd dist/vectors/npm && npm pack --dry-run --silent >/dev/null)
$DENO task vectors:lint --vectors dist/vectors/npm
$DENO task conformance --vectors dist/vectors/npm | tail -n 3
$DENO run --allow-read --allow-env conformance/wirevec-v1/run.ts --vectors dist/vectors/npm | tail -n 2
# The reference runner in Python, as shipped, on the packed copy (its default: the release it is in).
if command -v python3 >/dev/null; then
  python3 dist/vectors/npm/runners/python/wirevec.py | tail -n 6
elif [ "${CI:-}" = true ]; then
  echo "conformance/pack/ci.sh: python3 is required in CI (the reference runner)" >&2
  exit 1
else
  echo "conformance/pack/ci.sh: no python3; skipping the reference runner" >&2
fi
