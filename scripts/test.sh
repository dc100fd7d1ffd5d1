#!/usr/bin/env bash
# Installs what is needed and runs the whole test suite (2 workers); skipped tests are
# listed with their reasons, failures and errors by name (-rfEs), then the 25 slowest steps.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
export AWS_ACCESS_KEY_ID=testing AWS_SECRET_ACCESS_KEY=testing AWS_DEFAULT_REGION=us-east-1 \
       AWS_ACCOUNT_ID_ENDPOINT_MODE=disabled
exec .venv/bin/python -m pytest -n "${PYTEST_WORKERS:-2}" --dist worksteal -q -rfEs -p no:cacheprovider \
  --durations=25 "$@"
