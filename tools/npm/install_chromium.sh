#!/usr/bin/env bash
# Installs Debian's chromium for the browser conformance run (tools/npm/browser.ts), unless it is
# already there. Needs root (CI runs as root). No browser is downloaded from anywhere else.
set -euo pipefail
case "${1:-}" in
  -h | --help) echo "usage: tools/npm/install_chromium.sh   (apt-get install chromium if missing)"; exit 0 ;;
  "") ;;
  *) echo "install_chromium.sh: unknown argument $1" >&2; exit 2 ;;
esac
if command -v chromium >/dev/null 2>&1; then
  echo "chromium: $(chromium --version 2>/dev/null || echo present)"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium >/dev/null
echo "chromium: $(chromium --version)"
