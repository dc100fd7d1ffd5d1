#!/usr/bin/env bash
# Package Podium for AWS into OUT (default build/package): sam.json from
# `chalice package --merge-template infra/resources.json`, and deployment.zip rebuilt by
# tools/bundle.py with every requirement from manylinux2014 x86_64 CPython 3.11 wheels
# (chalice's own zip leaves compiled packages it cannot match, google-re2 and numpy, out
# with only a warning). Wheels are cached in PODIUM_WHEEL_CACHE (default
# .data/cache/wheels). Used by infra/deploy.sh; see infra/README.md.
#
#   infra/package.sh [OUT]      PODIUM_STAGE (default prod)
set -euo pipefail
cd "$(dirname "$0")/.."

OUT="${1:-build/package}"
STAGE="${PODIUM_STAGE:-prod}"
BIN=.venv/bin
PYTHON="$BIN/python"; [ -x "$PYTHON" ] || PYTHON="$(command -v python3)"
CHALICE="$BIN/chalice"; [ -x "$CHALICE" ] || CHALICE="$(command -v chalice || true)"
[ -n "$CHALICE" ] || { echo "chalice is not installed (pip install -r requirements-dev.txt)" >&2; exit 1; }

rm -rf "$OUT"
echo "==> chalice package --stage $STAGE --merge-template infra/resources.json"
"$CHALICE" package --stage "$STAGE" --merge-template infra/resources.json "$OUT"
echo "(a warning above about missing dependencies concerns chalice's zip, replaced next)"

echo "==> Lambda bundle (manylinux2014 x86_64, CPython 3.11): $OUT/deployment.zip"
"$PYTHON" -m tools.bundle "$OUT/deployment.zip"
