#!/usr/bin/env bash
# Installs what is needed and starts the API on the embedded SQLite store.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
export PODIUM_STORE=sqlite PODIUM_DATA_DIR=${PODIUM_DATA_DIR:-.data}
HOST=${HOST:-127.0.0.1} PORT=${PORT:-8000}
key=$(.venv/bin/python -m tools.admin_key)
echo "Podium API:  http://$HOST:$PORT/v1   (spec: openapi.yaml, data: $PODIUM_DATA_DIR)"
echo "Admin key:   $key"
exec .venv/bin/chalice local --host "$HOST" --port "$PORT" --stage dev --no-autoreload
