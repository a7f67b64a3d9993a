#!/usr/bin/env bash
# Browser tests use Debian's Chromium headless shell, Lighthouse and screenshots Debian's full Chromium; nothing
# downloads a browser of its own.
set -euo pipefail
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
[ -x "${E2E_CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}" ] || missing+=(chromium-headless-shell)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Falta instalar: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing Debian ${missing[*]}..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
