#!/usr/bin/env bash
# The npm package as a user gets it: packs dist/npm (deno task build:npm first), installs the
# tarball with npm into a fresh project under /tmp that cannot see the checkout, and there runs
#   1. the README's ```ts examples that import @streamwire/codec (as written; Node needs them
#      compiled to .mjs/.cjs, only the types are stripped), on Node 20 (ESM and require()) and Bun;
#   2. the whole conformance suite (vectors/ copied in) through the installed package, on Node 20
#      as ESM and via require(), and on Bun (tools/npm/bundle_conformance.ts points the runner's
#      imports at the package's public subpaths);
#   3. tsc --strict on a consumer file against the shipped .d.ts: TypeScript 7 with nodenext (ESM
#      and CommonJS files) and bundler resolution; TypeScript 5.9 with `moduleResolution: node`
#      (`module: commonjs`, which reads typesVersions, not exports) and nodenext;
#   4. the `streamwire` bin;
#   5. stack traces: an error thrown inside the package, caught through import and through
#      require(), names a file and line of the package whose text is the code that threw, and
#      the package holds no source map.
# Each prints `N passed, N failed`; the script fails if any does.
#
# The tools (node, npm, Bun, Deno, esbuild for bundling the runner) come from the checkout's dev
# install; the code under test only from the tarball. TypeScript for step 3 is installed into the
# temporary project from the registry: the version the dev manifest pins, and 5.9.3, the newest
# release that still has `moduleResolution: node` (TypeScript 7 removed it).
#
# Usage: tools/npm/consumer.sh [--keep] [--help]
set -euo pipefail
keep=0
for a in "$@"; do
  case "$a" in
    --keep) keep=1 ;;
    -h | --help)
      sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "consumer.sh: unknown argument $a (try --help)" >&2
      exit 2
      ;;
  esac
done

root="$(cd "$(dirname "$0")/../.." && pwd)"
pkg="$root/dist/npm"
deno="$root/node_modules/.bin/deno"
bun="$root/node_modules/.bin/bun"
[ -f "$pkg/package.json" ] || { echo "consumer.sh: no $pkg; run deno task build:npm" >&2; exit 1; }

tmp="$(mktemp -d /tmp/streamwire-consumer.XXXXXX)"
cleanup() { if [ "$keep" = 1 ]; then echo "kept $tmp"; else rm -rf "$tmp"; fi; }
trap cleanup EXIT
proj="$tmp/project"
mkdir -p "$proj"

tarball="$(cd "$pkg" && npm pack --silent --pack-destination "$tmp" | tail -n 1)"
echo "packed $tarball ($(du -h "$tmp/$tarball" | cut -f1)); files: $(tar tzf "$tmp/$tarball" | wc -l)"
ts_version="$(node -p "require('$root/package.json').devDependencies.typescript")"
ts_node10_version=5.9.3

cd "$proj"
printf '{ "name": "consumer", "private": true, "type": "module" }\n' >package.json
npm install --no-audit --no-fund --loglevel=error "$tmp/$tarball" "typescript@$ts_version" >/dev/null
echo "installed into $proj: $(node -p "require('@streamwire/codec/package.json').version")"

failures=0
verdict() { # name passed failed
  printf '%-40s %s passed, %s failed\n' "$1" "$2" "$3"
  if [ "$3" != 0 ]; then failures=$((failures + 1)); fi
}

# 1. README examples -------------------------------------------------------------------------
mkdir -p readme
node - "$root/README.md" readme <<'EOF'
const fs = require("node:fs");
const [readme, dir] = process.argv.slice(2);
const blocks = [...fs.readFileSync(readme, "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
let n = 0;
for (const b of blocks) if (/from "@streamwire\/codec/.test(b)) fs.writeFileSync(`${dir}/example_${++n}.ts`, b);
console.log(`README.md: ${n} example(s) import @streamwire/codec`);
EOF
examples=(readme/example_*.ts)
[ -e "${examples[0]}" ] || { echo "no README example imports @streamwire/codec" >&2; exit 1; }
# Types stripped only (esbuild transform, no bundling): the imports stay as written.
for f in "${examples[@]}"; do
  (cd "$root" && node -e '
    const esbuild = require("esbuild"); const fs = require("node:fs");
    const [src, base] = process.argv.slice(1);
    const code = fs.readFileSync(src, "utf8");
    fs.writeFileSync(base + ".mjs", esbuild.transformSync(code, { loader: "ts", format: "esm" }).code);
    fs.writeFileSync(base + ".cjs", esbuild.transformSync(code, { loader: "ts", format: "cjs" }).code);
  ' "$proj/$f" "$proj/${f%.ts}")
done
run_examples() { # label command ext
  local label="$1" ext="$3" pass=0 fail=0
  for f in "${examples[@]}"; do
    if out="$($2 "${f%.ts}$ext" 2>&1)"; then pass=$((pass + 1)); else
      fail=$((fail + 1))
      echo "$f failed on $label:"
      echo "$out" | head -n 20
    fi
  done
  verdict "README examples, $label" "$pass" "$fail"
}
run_examples "Node $(node --version) ESM" node .mjs
run_examples "Node $(node --version) require()" node .cjs
run_examples "Bun $("$bun" --version)" "$bun" .ts

# 2. Conformance through the package -----------------------------------------------------------
cp -r "$root/vectors" vectors
mkdir -p conformance
cp "$root"/conformance/expected_failures_*.txt conformance/ 2>/dev/null || true
(cd "$root" && "$deno" run -A tools/npm/bundle_conformance.ts --format esm --out "$proj/conformance.mjs" &&
  "$deno" run -A tools/npm/bundle_conformance.ts --format cjs --out "$proj/conformance.cjs")
conformance() { # label command file
  local out
  out="$($2 "$3" --require-all 2>&1)" && rc=0 || rc=$?
  local line
  line="$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)"
  if [ "$rc" != 0 ] || [ -z "$line" ]; then
    echo "$out" | tail -n 30
    verdict "conformance, $1" "$(echo "$line" | awk '{print $1+0}')" "$(echo "$line" | awk '{print ($3+0)?$3:1}')"
  else
    verdict "conformance, $1" "$(echo "$line" | awk '{print $1}')" "$(echo "$line" | awk '{print $3}' | tr -d ,)"
  fi
}
conformance "Node $(node --version) ESM" node conformance.mjs
conformance "Node $(node --version) require()" node conformance.cjs
conformance "Bun $("$bun" --version)" "$bun" conformance.mjs

# 3. tsc --strict against the shipped .d.ts ----------------------------------------------------
cp "$root/tools/npm/testdata/consumer.ts" consumer.ts
cp "$root/tools/npm/testdata/consumer.cts" consumer.cts
mkdir -p ts5
(cd ts5 && printf '{ "private": true }\n' >package.json &&
  npm install --no-audit --no-fund --loglevel=error "typescript@$ts_node10_version" >/dev/null)
tsc_pass=0 tsc_fail=0
tsc_check() { # label tsc module moduleResolution files...
  local label="$1" bin="$2" module="$3" res="$4"
  shift 4
  local files
  files="$(printf '"%s",' "$@")"
  # A tsconfig, because TypeScript 5 cannot say `types: []` on the command line.
  printf '{ "compilerOptions": { "strict": true, "noEmit": true, "skipLibCheck": false, "types": [], "lib": ["es2022", "dom"], "target": "es2022", "module": "%s"%s }, "files": [%s] }\n' \
    "$module" "$([ -n "$res" ] && printf ', "moduleResolution": "%s"' "$res")" "${files%,}" >tsconfig.check.json
  if "$bin" -p tsconfig.check.json; then tsc_pass=$((tsc_pass + 1)); else
    tsc_fail=$((tsc_fail + 1))
    echo "tsc failed: $label"
  fi
}
tsc7="$proj/node_modules/.bin/tsc"
tsc5="$proj/ts5/node_modules/.bin/tsc"
tsc_check "TypeScript $ts_version nodenext" "$tsc7" nodenext nodenext consumer.ts consumer.cts
tsc_check "TypeScript $ts_version bundler" "$tsc7" esnext bundler consumer.ts
# module commonjs: TypeScript 5 resolves with moduleResolution node (node10), through typesVersions.
tsc_check "TypeScript $ts_node10_version node (commonjs)" "$tsc5" commonjs "" consumer.ts
tsc_check "TypeScript $ts_node10_version nodenext" "$tsc5" nodenext nodenext consumer.ts consumer.cts
verdict "tsc --strict (TS $ts_version nodenext + bundler; TS $ts_node10_version node + nodenext)" "$tsc_pass" "$tsc_fail"

# 4. the `streamwire` bin: --help, a bad flag, and a capture decoded ------------------------------
bin_pass=0 bin_fail=0
if npx --no-install streamwire inspect --help | grep -q "^Usage:"; then bin_pass=$((bin_pass + 1)); else bin_fail=$((bin_fail + 1)); fi
if npx --no-install streamwire inspect --no-such-flag x 2>/dev/null; then bin_fail=$((bin_fail + 1)); else bin_pass=$((bin_pass + 1)); fi
node --input-type=module -e '
  import { writeFileSync } from "node:fs";
  import { PcapWriter } from "@streamwire/codec/cli";
  import { encodeRequest } from "@streamwire/codec/kafka";
  const w = new PcapWriter();
  const c = w.connection("10.0.0.1", 40000, "10.0.0.2", 9092, 1e15);
  c.send("client", encodeRequest(18, 3, { correlationId: 1, clientId: "c" }, { clientSoftwareName: "n", clientSoftwareVersion: "1" }, { sizePrefix: true }), 1e15);
  writeFileSync("bin-check.pcap", w.bytes());'
if npx --no-install streamwire inspect --format json --fail-on-undecoded bin-check.pcap 2>/dev/null | grep -q '"name":"ApiVersions"'; then
  bin_pass=$((bin_pass + 1))
else bin_fail=$((bin_fail + 1)); fi
verdict "streamwire bin (node)" "$bin_pass" "$bin_fail"

# 5. stack traces point at readable code; no source maps ----------------------------------------
cat >stack.cjs <<'EOF2'
// Throws inside the package, then checks the first stack frame in it: the named line holds the
// code that threw (not a minified line, not a generated wrapper).
const fs = require("node:fs");
module.exports = function check(wire, how) {
  let stack = "";
  try {
    new wire.Reader(new Uint8Array(1)).u32le();
  } catch (e) {
    stack = String(e.stack);
  }
  const frame = stack.split("\n").map((l) => /\((?:file:\/\/)?(\/[^()]*node_modules\/@streamwire\/codec\/[^():]+):(\d+):(\d+)\)/.exec(l))
    .find(Boolean);
  if (!frame) throw new Error(`${how}: no frame inside the package in:\n${stack}`);
  const [, file, line, col] = frame;
  const text = fs.readFileSync(file, "utf8").split("\n")[line - 1] ?? "";
  const at = text.slice(col - 1);
  if (!at.startsWith("new WireError(") || text.length > 160) {
    throw new Error(`${how}: ${file}:${line}:${col} is ${JSON.stringify(text)}`);
  }
  console.log(`${how}: ${file.replace(/.*node_modules\//, "")}:${line}: ${text.trim()}`);
};
EOF2
st_pass=0 st_fail=0
if node -e 'require("./stack.cjs")(require("@streamwire/codec/wire"), "require()")'; then st_pass=$((st_pass + 1)); else st_fail=$((st_fail + 1)); fi
if node --input-type=module -e 'import { createRequire } from "node:module"; import * as wire from "@streamwire/codec/wire"; createRequire(import.meta.url)("./stack.cjs")(wire, "import")'; then
  st_pass=$((st_pass + 1))
else st_fail=$((st_fail + 1)); fi
maps="$(find node_modules/@streamwire/codec -name '*.map' | wc -l)"
refs="$( (grep -rl 'sourceMappingURL' node_modules/@streamwire/codec || true) | wc -l)"
if [ "$maps" = 0 ] && [ "$refs" = 0 ]; then st_pass=$((st_pass + 1)); else
  st_fail=$((st_fail + 1))
  echo "source maps in the package: $maps files, $refs references"
fi
verdict "stack traces (import, require()), no maps" "$st_pass" "$st_fail"

if [ "$failures" != 0 ]; then
  echo "consumer.sh: $failures check(s) failed"
  exit 1
fi
echo "consumer.sh: the installed package passed every check"
