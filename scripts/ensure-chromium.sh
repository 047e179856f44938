#!/usr/bin/env bash
# The browser tests drive Debian's chromium (never a downloaded browser build; toolchain.md §7).
# `npm test` runs this first (pretest); CI runs as root on a clean machine: install it there. Elsewhere, without root, say so and go on;
# the browser tests then skip loudly (test/browser/chromium.ts).
set -euo pipefail
CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $CHROMIUM is missing and cannot be installed here (needs root and apt-get); browser tests will be skipped" >&2
  exit 0
fi
echo "ensure-chromium: installing Debian's chromium" >&2
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium
"$CHROMIUM" --version
