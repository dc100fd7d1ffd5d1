#!/usr/bin/env bash
# Remove the Podium stack. The events table is retained (DeletionPolicy: Retain): it is
# the source of truth. Pass --delete-data to delete it as well (irreversible).
#
#   infra/teardown.sh [--delete-data]      (PODIUM_STACK, default podium)
set -euo pipefail

STACK="${PODIUM_STACK:-podium}"
DELETE_DATA=0
for arg in "$@"; do
  case "$arg" in
    --delete-data) DELETE_DATA=1 ;;
    *) echo "usage: $0 [--delete-data]" >&2; exit 2 ;;
  esac
done

EVENTS_TABLE="$(aws cloudformation describe-stacks --stack-name "$STACK" \
  --query "Stacks[0].Outputs[?OutputKey=='EventsTableName'].OutputValue" --output text \
  2>/dev/null || true)"

DESK_BUCKET="$(aws cloudformation describe-stacks --stack-name "$STACK" \
  --query "Stacks[0].Outputs[?OutputKey=='DeskBucketName'].OutputValue" --output text \
  2>/dev/null || true)"
if [ -n "$DESK_BUCKET" ] && [ "$DESK_BUCKET" != "None" ]; then
  echo "==> emptying the desk's bucket $DESK_BUCKET (its files are rebuilt from the repository)"
  aws s3 rm "s3://$DESK_BUCKET" --recursive >/dev/null
fi

echo "==> deleting stack $STACK"
aws cloudformation delete-stack --stack-name "$STACK"
aws cloudformation wait stack-delete-complete --stack-name "$STACK"

if [ "$DELETE_DATA" = 1 ]; then
  TABLE="${EVENTS_TABLE:-podium-events}"
  [ "$TABLE" = "None" ] && TABLE=podium-events
  echo "==> deleting the retained events table $TABLE (all tournament history)"
  aws dynamodb delete-table --table-name "$TABLE" >/dev/null
  aws dynamodb wait table-not-exists --table-name "$TABLE"
else
  echo "The events table (${EVENTS_TABLE:-podium-events}) was kept; run with --delete-data to remove it."
fi
