#!/usr/bin/env bash
# Browser tests use Debian's Chromium; nothing downloads a browser of its own.
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium no está instalado: ejecuta 'sudo apt-get install -y chromium'." >&2
  exit 1
fi
echo 'Installing Debian chromium...'
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
