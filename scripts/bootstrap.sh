#!/usr/bin/env bash
# Creates .venv (Python 3.11) and installs what is asked for when it changed:
#   bootstrap.sh serve   requirements-serve.txt: the local server only (scripts/serve.sh)
#   bootstrap.sh         requirements-dev.txt: everything (tests, linters, benchmarks),
#                        which includes the serve set
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-$(command -v python3.11 || command -v python3)}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
digest() { cat "$@" | sha256sum | cut -d' ' -f1; }
serve=$(digest requirements.txt requirements-serve.txt)
dev=$(digest requirements.txt requirements-serve.txt requirements-dev.txt)
current() { [ -f ".venv/.requirements-$1.sha256" ] && [ "$(cat ".venv/.requirements-$1.sha256")" = "$2" ]; }
case "${1:-dev}" in
  serve)
    current serve "$serve" && exit 0
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-serve.txt ;;
  dev)
    current dev "$dev" && exit 0
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
    echo "$dev" > .venv/.requirements-dev.sha256 ;;
  *) echo "usage: $0 [serve|dev]" >&2; exit 2 ;;
esac
echo "$serve" > .venv/.requirements-serve.sha256
