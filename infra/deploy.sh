#!/usr/bin/env bash
# Deploy Podium to AWS: infra/package.sh (chalice package merged with
# infra/resources.json, and a bundle of manylinux wheels for Lambda), lint,
# aws cloudformation package (uploads the bundle) and deploy, then the desk's static
# files to their bucket behind CloudFront. See infra/README.md.
#
#   PODIUM_ARTIFACT_BUCKET=my-bucket PODIUM_TOKEN_SECRET=... PODIUM_ADMIN_KEY=... infra/deploy.sh
#
# Variables: PODIUM_ARTIFACT_BUCKET (required: S3 bucket for the Lambda bundle),
# PODIUM_STACK (default podium), PODIUM_STAGE (Chalice stage, default prod),
# PODIUM_TOKEN_SECRET / PODIUM_ADMIN_KEY (required on the first deploy; later deploys
# keep the stack's previous values when unset), PODIUM_API_RATE_LIMIT /
# PODIUM_API_BURST_LIMIT / PODIUM_REGISTRATION_RATE_LIMIT / PODIUM_REGISTRATION_BURST_LIMIT /
# PODIUM_LOG_RETENTION_DAYS / PODIUM_ALARM_EMAIL (optional: the stack parameters
# ApiThrottlingRateLimit / ApiThrottlingBurstLimit / RegistrationThrottlingRateLimit /
# RegistrationThrottlingBurstLimit / LogRetentionDays / AlarmEmail, where alarms are mailed), AWS_DEFAULT_REGION /
# AWS_PROFILE as usual.
set -euo pipefail
cd "$(dirname "$0")/.."

STACK="${PODIUM_STACK:-podium}"
STAGE="${PODIUM_STAGE:-prod}"
BUCKET="${PODIUM_ARTIFACT_BUCKET:?set PODIUM_ARTIFACT_BUCKET to an S3 bucket for the Lambda bundle}"
BIN=.venv/bin
tool() { if [ -x "$BIN/$1" ]; then echo "$BIN/$1"; else command -v "$1" || true; fi; }
CHALICE="$(tool chalice)"
CFN_LINT="$(tool cfn-lint)"
[ -n "$CHALICE" ] || { echo "chalice is not installed (pip install -r requirements-dev.txt)" >&2; exit 1; }

OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

PODIUM_STAGE="$STAGE" infra/package.sh "$OUT"     # sam.json + the manylinux bundle

if [ -n "$CFN_LINT" ]; then
  echo "==> cfn-lint"
  "$CFN_LINT" "$OUT/sam.json"
else
  echo "cfn-lint not installed: skipping the template lint (pip install cfn-lint)" >&2
fi

echo "==> aws cloudformation package (s3://$BUCKET)"
aws cloudformation package --template-file "$OUT/sam.json" --s3-bucket "$BUCKET" \
  --s3-prefix "$STACK" --output-template-file "$OUT/packaged.yaml"

PARAMS=()
if aws cloudformation describe-stacks --stack-name "$STACK" >/dev/null 2>&1; then
  [ -n "${PODIUM_TOKEN_SECRET:-}" ] && PARAMS+=("TokenSecret=$PODIUM_TOKEN_SECRET")
  [ -n "${PODIUM_ADMIN_KEY:-}" ] && PARAMS+=("AdminKey=$PODIUM_ADMIN_KEY")
else
  PARAMS+=("TokenSecret=${PODIUM_TOKEN_SECRET:?the first deploy needs PODIUM_TOKEN_SECRET (32+ characters)}")
  PARAMS+=("AdminKey=${PODIUM_ADMIN_KEY:?the first deploy needs PODIUM_ADMIN_KEY (24+ characters)}")
fi
[ -n "${PODIUM_SIGNING_KEY:-}" ] && PARAMS+=("SigningKey=$PODIUM_SIGNING_KEY")
[ -n "${PODIUM_SIGNING_KEYS_RETIRED:-}" ] && PARAMS+=("RetiredSigningKeys=$PODIUM_SIGNING_KEYS_RETIRED")
[ -n "${PODIUM_API_RATE_LIMIT:-}" ] && PARAMS+=("ApiThrottlingRateLimit=$PODIUM_API_RATE_LIMIT")
[ -n "${PODIUM_API_BURST_LIMIT:-}" ] && PARAMS+=("ApiThrottlingBurstLimit=$PODIUM_API_BURST_LIMIT")
[ -n "${PODIUM_REGISTRATION_RATE_LIMIT:-}" ] && PARAMS+=("RegistrationThrottlingRateLimit=$PODIUM_REGISTRATION_RATE_LIMIT")
[ -n "${PODIUM_REGISTRATION_BURST_LIMIT:-}" ] && PARAMS+=("RegistrationThrottlingBurstLimit=$PODIUM_REGISTRATION_BURST_LIMIT")
[ -n "${PODIUM_LOG_RETENTION_DAYS:-}" ] && PARAMS+=("LogRetentionDays=$PODIUM_LOG_RETENTION_DAYS")
[ -n "${PODIUM_ALARM_EMAIL:-}" ] && PARAMS+=("AlarmEmail=$PODIUM_ALARM_EMAIL")

echo "==> aws cloudformation deploy ($STACK)"
aws cloudformation deploy --template-file "$OUT/packaged.yaml" --stack-name "$STACK" \
  --capabilities CAPABILITY_IAM CAPABILITY_AUTO_EXPAND --no-fail-on-empty-changeset \
  ${PARAMS[@]+--parameter-overrides "${PARAMS[@]}"}

aws cloudformation describe-stacks --stack-name "$STACK" \
  --query "Stacks[0].Outputs[].[OutputKey,OutputValue]" --output table

output() {
  aws cloudformation describe-stacks --stack-name "$STACK" \
    --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text
}
API="$(output ApiBaseURL)"

# The desk's built files (committed in chalicelib/static/desk) to its bucket: the hashed
# assets cached for a year, index.html revalidated (and invalidated at the edge) each time.
DESK_BUCKET="$(output DeskBucketName)"
echo "==> the desk's static files to s3://$DESK_BUCKET"
aws s3 sync chalicelib/static/desk "s3://$DESK_BUCKET/" --delete --exclude index.html \
  --cache-control "public, max-age=31536000, immutable"
aws s3 cp chalicelib/static/desk/index.html "s3://$DESK_BUCKET/index.html" \
  --cache-control "no-cache" --content-type "text/html; charset=utf-8"
aws cloudfront create-invalidation --distribution-id "$(output DeskDistributionId)" \
  --paths /index.html / >/dev/null
echo "API base URL (every route is below it): $API"
echo "check it:  curl \"$API/health\""
echo "desk:      $(output DeskURL) (sign in with the API base URL above)"
echo "widget:    <div data-podium-tournament=\"TID\"></div><script src=\"$API/widget.js\" async></script>"
