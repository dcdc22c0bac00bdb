#!/bin/sh
# Runs the add-on's pytest suite with the first Python 3 that has pytest (a pyenv or the
# system's python3-pytest).
cd "$(dirname "$0")" || exit 1
for python in python3 /usr/bin/python3; do
  if "$python" -c 'import pytest' 2>/dev/null; then
    exec "$python" -B -m pytest -q -p no:cacheprovider tests
  fi
done
echo "pytest is not installed: install the Debian package python3-pytest (.ci/install-deps.sh)" >&2
exit 1
