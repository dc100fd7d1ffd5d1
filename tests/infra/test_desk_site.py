"""The desk as static files: a private S3 bucket read only by its CloudFront distribution
(origin access control), HTTPS only, and the deploy script copying the committed build
there and invalidating index.html."""
from __future__ import annotations

import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
RESOURCES = json.loads((ROOT / "infra" / "resources.json").read_text(encoding="utf-8"))
CACHING_OPTIMIZED = "658327ea-f89d-4fab-a63d-7e88639e58f6"


def test_the_desk_bucket_is_private_and_encrypted(template):
    bucket = template["Resources"]["DeskBucket"]
    assert bucket["Type"] == "AWS::S3::Bucket"
    block = bucket["Properties"]["PublicAccessBlockConfiguration"]
    assert all(block[k] is True for k in ("BlockPublicAcls", "BlockPublicPolicy",
                                          "IgnorePublicAcls", "RestrictPublicBuckets"))
    assert bucket["Properties"]["BucketEncryption"]["ServerSideEncryptionConfiguration"]
    assert bucket["Properties"]["OwnershipControls"]["Rules"] == [
        {"ObjectOwnership": "BucketOwnerEnforced"}]
    assert "WebsiteConfiguration" not in bucket["Properties"]     # no public website endpoint


def test_only_the_distribution_reads_the_bucket_and_only_over_tls(template):
    policy = template["Resources"]["DeskBucketPolicy"]["Properties"]["PolicyDocument"]
    statements = policy["Statement"]
    allow = [s for s in statements if s["Effect"] == "Allow"]
    assert len(allow) == 1
    (read,) = allow
    assert read["Principal"] == {"Service": "cloudfront.amazonaws.com"}
    assert read["Action"] == "s3:GetObject"
    source = read["Condition"]["StringEquals"]["AWS:SourceArn"]["Fn::Sub"]
    assert source.endswith(":distribution/${DeskDistribution}")
    deny = [s for s in statements if s["Effect"] == "Deny"]
    assert deny and deny[0]["Condition"] == {"Bool": {"aws:SecureTransport": "false"}}


def test_the_distribution_serves_the_desk_over_https_from_the_bucket(template):
    config = template["Resources"]["DeskDistribution"]["Properties"]["DistributionConfig"]
    assert config["Enabled"] is True and config["DefaultRootObject"] == "index.html"
    (origin,) = config["Origins"]
    assert origin["DomainName"] == {"Fn::GetAtt": ["DeskBucket", "RegionalDomainName"]}
    assert origin["OriginAccessControlId"] == {"Fn::GetAtt": ["DeskOriginAccessControl", "Id"]}
    assert origin["S3OriginConfig"] == {"OriginAccessIdentity": ""}     # OAC, not the legacy OAI
    behavior = config["DefaultCacheBehavior"]
    assert behavior["TargetOriginId"] == origin["Id"]
    assert behavior["ViewerProtocolPolicy"] == "redirect-to-https"
    assert behavior["AllowedMethods"] == ["GET", "HEAD"] and behavior["Compress"] is True
    assert behavior["CachePolicyId"] == CACHING_OPTIMIZED
    oac = template["Resources"]["DeskOriginAccessControl"]["Properties"][
        "OriginAccessControlConfig"]
    assert (oac["OriginAccessControlOriginType"], oac["SigningBehavior"]) == ("s3", "always")
    assert config["PriceClass"] == {"Ref": "DeskPriceClass"}


def test_the_stack_tells_where_the_desk_is(template):
    outputs = template["Outputs"]
    assert outputs["DeskURL"]["Value"] == {"Fn::Sub": "https://${DeskDistribution.DomainName}/"}
    assert outputs["DeskBucketName"]["Value"] == {"Ref": "DeskBucket"}
    assert outputs["DeskDistributionId"]["Value"] == {"Ref": "DeskDistribution"}


def test_the_desk_resources_come_from_resources_json():
    for name in ("DeskBucket", "DeskBucketPolicy", "DeskOriginAccessControl", "DeskDistribution"):
        assert name in RESOURCES["Resources"], name


def test_deploy_copies_the_committed_build_and_teardown_empties_the_bucket():
    deploy = (ROOT / "infra" / "deploy.sh").read_text()
    assert 'aws s3 sync chalicelib/static/desk "s3://$DESK_BUCKET/" --delete' in deploy
    assert '--cache-control "no-cache"' in deploy                  # index.html revalidated
    assert "immutable" in deploy                                     # hashed assets
    assert "create-invalidation" in deploy and "DeskDistributionId" in deploy
    assert (ROOT / "chalicelib" / "static" / "desk" / "index.html").exists()
    teardown = (ROOT / "infra" / "teardown.sh").read_text()
    assert 'aws s3 rm "s3://$DESK_BUCKET" --recursive' in teardown
    assert teardown.index("aws s3 rm") < teardown.index("delete-stack")
