#!/usr/bin/env bash
# Package Podium for AWS into OUT (default build/package): sam.json from
# `chalice package --merge-template infra/resources.json`, run by tools/template.py on the
# app without requirements.txt (the template does not need them), and deployment.zip
# built by tools/bundle.py with every requirement from manylinux2014 x86_64 CPython 3.11
# wheels (chalice's own resolution takes a minute and leaves compiled packages it cannot
# match, google-re2 and numpy, out with only a warning). Wheels are cached in
# PODIUM_WHEEL_CACHE (default .data/cache/wheels). Used by infra/deploy.sh; see
# infra/README.md.
#
#   infra/package.sh [OUT]      PODIUM_STAGE (default prod)
set -euo pipefail
cd "$(dirname "$0")/.."

OUT="${1:-build/package}"
STAGE="${PODIUM_STAGE:-prod}"
BIN=.venv/bin
PYTHON="$BIN/python"; [ -x "$PYTHON" ] || PYTHON="$(command -v python3)"

rm -rf "$OUT"
echo "==> chalice package --stage $STAGE --merge-template infra/resources.json (tools/template.py)"
"$PYTHON" -m tools.template --stage "$STAGE" "$OUT"

echo "==> Lambda bundle (manylinux2014 x86_64, CPython 3.11): $OUT/deployment.zip"
"$PYTHON" -m tools.bundle "$OUT/deployment.zip"
