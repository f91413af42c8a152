#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests when /usr/bin/chromium is missing.
# Needs root (CI runs as root). Never use `playwright install`: its browser download cannot
# work here; Playwright drives this Chromium through executable_path="/usr/bin/chromium".
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if [ "$(id -u)" != "0" ]; then
    echo "setup_browser.sh: /usr/bin/chromium is missing; run this script as root to install it" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
test -x /usr/bin/chromium
echo "setup_browser.sh: installed $(/usr/bin/chromium --version 2>/dev/null | tail -1)"
