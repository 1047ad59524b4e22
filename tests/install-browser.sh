#!/bin/sh
# Debian's chromium and chromium-driver, for the Mini App's browser test (tests/test_webapp_browser.py). Nothing is
# downloaded but Debian's packages. Without them the browser test is skipped, except in CI (CI=true), where it fails.
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-browser: no apt-get here; install chromium and its chromedriver to run the browser test" >&2
  exit 0
fi
if [ "$(id -u)" = 0 ]; then
  sudo=
elif command -v sudo >/dev/null 2>&1; then
  sudo=sudo
else
  echo "install-browser: run as root (or with sudo) to install chromium and chromium-driver" >&2
  exit 0
fi
$sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends \
  chromium chromium-driver
