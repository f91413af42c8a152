#!/usr/bin/env bash
# Install Debian's headless shell of Chromium for the browser tests when it is missing.
# Needs root (CI runs as root). Never use `playwright install`: its browser download cannot
# work here; Playwright drives this Chromium through executable_path="/usr/bin/chromium-headless-shell"
# (the browser Playwright runs headless by default; the full browser's headless mode cost about a
# sixth more CPU per test, issue 43).
set -euo pipefail
# axe-core (the accessibility audit of tests/browser/test_a11y_axe.py): its axe.min.js from npm,
# into a cache folder under build/ (no root needed; skipped when it is there already)
AXE_VERSION=4.14.1
AXE_DIR="$(cd "$(dirname "$0")/../.." && pwd)/build/axe"
if [ ! -f "$AXE_DIR/node_modules/axe-core/axe.min.js" ]; then
    if command -v npm >/dev/null; then
        mkdir -p "$AXE_DIR"
        npm install --no-save --no-audit --no-fund --prefix "$AXE_DIR" "axe-core@$AXE_VERSION" >/dev/null
        echo "setup_browser.sh: installed axe-core $AXE_VERSION in $AXE_DIR"
    else
        echo "setup_browser.sh: npm is missing: the axe-core audit (test_a11y_axe.py) cannot run" >&2
    fi
fi
SHELL_BIN=/usr/bin/chromium-headless-shell
if [ -x "$SHELL_BIN" ]; then
    exit 0
fi
if [ "$(id -u)" != "0" ]; then
    echo "setup_browser.sh: $SHELL_BIN is missing; run this script as root to install it" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium-headless-shell >/dev/null
test -x "$SHELL_BIN"
echo "setup_browser.sh: installed $("$SHELL_BIN" --version 2>/dev/null | tail -1)"
