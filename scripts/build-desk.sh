#!/usr/bin/env bash
# Builds the web desk (desk/: Preact + Vite on the client generated from openapi.yaml) into
# chalicelib/static/desk, which the API serves at /v1/desk. Needs Node 20+ and npm (the
# npm registry); the built files are committed, so serving needs neither.
# desk/build.sha256 records the sources the committed build came from (a test compares).
set -euo pipefail
cd "$(dirname "$0")/../desk"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run build
python3 ../scripts/desk_sources.py > build.sha256
echo "built: $(ls ../chalicelib/static/desk | tr '\n' ' ')"
