#!/bin/sh
# Runs the add-on's pytest suite with the first Python 3 that has pytest (a pyenv or the
# system's python3-pytest). Without pytest the suite is skipped, unless env CI is set.
cd "$(dirname "$0")" || exit 1
for python in python3 /usr/bin/python3; do
  if "$python" -c 'import pytest' 2>/dev/null; then
    exec "$python" -B -m pytest -q -p no:cacheprovider tests
  fi
done
case "${CI:-}" in
  ""|false|0)
    echo "pytest is not installed: the Kodi add-on's tests are skipped (Debian: python3-pytest)" >&2
    exit 0 ;;
esac
echo "pytest is not installed on CI: install the Debian package python3-pytest (.ci/install-deps.sh)" >&2
exit 1
