#!/usr/bin/env bash
# Installs what is needed and starts the API on the embedded SQLite store (chalice local in
# a process that also runs the draft sweeps every minute); with --dynamodb,
# in the deployed shape: a DynamoDB endpoint on loopback (moto's server, its tables kept
# in the data dir, or PODIUM_DYNAMODB_ENDPOINT), the tables of infra/resources.json, stream projection by a
# local stream poller (python -m devserver). Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh serve
export PODIUM_DATA_DIR=${PODIUM_DATA_DIR:-.data}
HOST=${HOST:-127.0.0.1} PORT=${PORT:-8000}
case "${1:-}" in
  --dynamodb)
    shift
    exec .venv/bin/python -m devserver serve --host "$HOST" --port "$PORT" \
      --data-dir "$PODIUM_DATA_DIR" "$@" ;;
  --venue)
    # a venue node: the embedded store, one worker, on the venue's network (docs/venue.md)
    [ -n "${2:-}" ] || { echo "usage: $0 --venue NODE_ID" >&2; exit 2; }
    export PODIUM_VENUE_NODE_ID=$2
    exec .venv/bin/python -m devserver serve --store sqlite --host "${HOST_VENUE:-0.0.0.0}" \
      --port "$PORT" --workers 1 --data-dir "$PODIUM_DATA_DIR" ;;
  "") ;;
  *) echo "usage: $0 [--dynamodb [python -m devserver serve options] | --venue NODE_ID]" >&2
     exit 2 ;;
esac
exec .venv/bin/python -m devserver serve --store sqlite --host "$HOST" --port "$PORT" \
  --data-dir "$PODIUM_DATA_DIR"
