"""The deployable template: ``chalice package --merge-template infra/resources.json``
must lint clean and carry the stream mapping, tables and roles the app relies on."""
from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import zipfile

import pytest

from chalicelib.store import dynamo_tables

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(sys.executable).parent


def _tool(name: str) -> str | None:
    local = BIN / name
    return str(local) if local.exists() else shutil.which(name)


def _required(flag: str) -> bool:
    return os.environ.get(flag) == "1" or os.environ.get("CI", "").lower() == "true"


def test_cfn_lint_passes_on_the_packaged_template(packaged):
    lint = _tool("cfn-lint")
    if lint is None:
        # CI (.ci/run sets PODIUM_REQUIRE_CFNLINT=1) must not go green without the lint
        assert not _required("PODIUM_REQUIRE_CFNLINT"), "cfn-lint is required here but missing"
        pytest.skip("cfn-lint is not installed (pip install cfn-lint)")
    run = subprocess.run([lint, str(packaged)], check=False, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


def test_projector_stream_mapping(template):
    resources = template["Resources"]
    events = resources["ProjectEvents"]["Properties"]["Events"]
    (source,) = [e["Properties"] for e in events.values() if e["Type"] == "DynamoDB"]
    assert source["Stream"] == {"Fn::GetAtt": ["EventsTable", "StreamArn"]}
    assert source["BisectBatchOnFunctionError"] is True
    assert 0 < source["MaximumRetryAttempts"] <= 20
    assert source["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    destination = source["DestinationConfig"]["OnFailure"]["Destination"]
    assert destination == {"Fn::GetAtt": ["ProjectorFailures", "Arn"]}
    assert resources["ProjectorFailures"]["Type"] == "AWS::SQS::Queue"
    assert resources["ProjectEvents"]["Properties"]["Handler"] == "app.project_events"


def _key(*names: str) -> list[dict]:
    kinds = ("HASH", "RANGE")[:len(names)]
    return [{"AttributeName": n, "KeyType": t} for n, t in zip(names, kinds, strict=True)]


def test_tables_match_the_store_definitions(template):
    """The packaged tables are the template's (local tables are created from it too:
    chalicelib/store/dynamo_tables.py), with the keys and index the adapters rely on."""
    resources = template["Resources"]
    for logical, props in dynamo_tables.table_definitions().items():
        assert resources[logical]["Properties"] == props
    events = resources["EventsTable"]["Properties"]
    assert events["StreamSpecification"]["StreamViewType"] == "NEW_IMAGE"
    assert events["KeySchema"] == _key("stream_id", "version")
    assert resources["EventsTable"]["DeletionPolicy"] == "Retain"
    views = resources["ViewsTable"]["Properties"]
    assert views["KeySchema"] == _key("view_id")
    (by_kind,) = views["GlobalSecondaryIndexes"]
    assert by_kind["IndexName"] == "by_kind" and by_kind["KeySchema"] == _key("kind", "sort")
    idem = resources["IdempotencyTable"]["Properties"]
    assert idem["KeySchema"] == _key("key")
    assert idem["TimeToLiveSpecification"] == {"AttributeName": "expires_at", "Enabled": True}
    env = template["Globals"]["Function"]["Environment"]["Variables"]
    assert env["PODIUM_TOKEN_SECRET"] == {"Ref": "TokenSecret"}
    stage = json.loads((ROOT / ".chalice" / "config.json").read_text())["stages"]["prod"]
    names = {"PODIUM_EVENTS_TABLE": "EventsTable", "PODIUM_VIEWS_TABLE": "ViewsTable",
             "PODIUM_IDEMPOTENCY_TABLE": "IdempotencyTable"}
    for var, logical in names.items():
        # the stage's value (which wins over Globals in SAM) is the table's name
        assert stage["environment_variables"][var] == resources[logical]["Properties"]["TableName"]


def test_scheduled_functions_are_deployed(template):
    schedules = {name for name, r in template["Resources"].items()
                 if r["Type"] == "AWS::Serverless::Function"
                 and any(e["Type"] == "Schedule"
                         for e in r["Properties"].get("Events", {}).values())}
    assert "SweepDrafts" in schedules
    assert "DeliverWebhooks" in schedules


def _statements(role: dict) -> list[dict]:
    return [s for p in role["Properties"]["Policies"] for s in p["PolicyDocument"]["Statement"]]


def test_least_privilege_roles(template):
    resources = template["Resources"]
    roles = {name: r for name, r in resources.items() if r["Type"] == "AWS::IAM::Role"}
    assert set(roles) == {"DefaultRole", "ProjectorRole"}
    for name, role in roles.items():
        for statement in _statements(role):
            actions = statement["Action"] if isinstance(statement["Action"], list) \
                else [statement["Action"]]
            assert all("*" not in a for a in actions), (name, statement)
            if statement["Resource"] == "*":   # actions without resource-level permissions
                assert actions in (["dynamodb:ListStreams"],
                                   ["xray:PutTraceSegments", "xray:PutTelemetryRecords"]), \
                    (name, statement)
    api_actions = {a for s in _statements(roles["DefaultRole"]) for a in s["Action"]}
    assert not any(a.startswith(("dynamodb:DeleteTable", "dynamodb:CreateTable",
                                 "dynamodb:UpdateTable", "iam:")) for a in api_actions)
    # of SQS, the API only reads the dead-letter queue's depth (GET /v1/health)
    (sqs,) = [s for s in _statements(roles["DefaultRole"])
              if any(a.startswith("sqs:") for a in s["Action"])]
    assert sqs["Action"] == ["sqs:GetQueueAttributes"]
    assert sqs["Resource"] == {"Fn::GetAtt": ["ProjectorFailures", "Arn"]}
    # GET /v1/health reads the events table's stream (the projection's lag), nothing else
    stream = {"Fn::GetAtt": ["EventsTable", "StreamArn"]}
    for statement in _statements(roles["DefaultRole"]):
        reads_stream = {"dynamodb:GetRecords", "dynamodb:GetShardIterator",
                        "dynamodb:DescribeStream"} & set(statement["Action"])
        if reads_stream:
            assert statement["Resource"] == [stream], statement
        if "dynamodb:DescribeTable" in statement["Action"]:
            assert statement["Resource"] == [{"Fn::GetAtt": ["EventsTable", "Arn"]}]
    assert {"dynamodb:GetRecords", "dynamodb:DescribeTable"} <= api_actions
    for name, r in resources.items():
        if r["Type"] == "AWS::Serverless::Function":
            role = r["Properties"]["Role"]["Fn::GetAtt"][0]
            # the projector, and the fan-out's senders it queues batches for
            assert role == ("ProjectorRole" if name in ("ProjectEvents", "SendFeedBatches")
                            else "DefaultRole")
    (batches,) = [s for s in _statements(roles["ProjectorRole"]) if s["Sid"] == "FeedBatches"]
    assert batches["Resource"] == [{"Fn::GetAtt": ["FeedBatches", "Arn"]}]
    events = resources["SendFeedBatches"]["Properties"]["Events"]
    assert [e["Type"] for e in events.values()] == ["SQS"]


def test_deploy_scripts_parse_and_are_executable():
    for name in ("deploy.sh", "teardown.sh", "package.sh"):
        script = ROOT / "infra" / name
        assert os.access(script, os.X_OK), name
        run = subprocess.run(["bash", "-n", str(script)], check=False, capture_output=True,
                             text=True, timeout=30)
        assert run.returncode == 0, run.stderr
    deploy = (ROOT / "infra" / "deploy.sh").read_text()
    package = (ROOT / "infra" / "package.sh").read_text()
    assert "infra/package.sh" in deploy
    assert "-m tools.template" in package and "tools.bundle" in package
    assert "aws cloudformation package" in deploy and "aws cloudformation deploy" in deploy


def test_gateway_answers_in_the_common_error_shape(template):
    responses = template["Resources"]["RestAPI"]["Properties"]["GatewayResponses"]
    # an unknown route: without a token, and with a bearer token the gateway takes for an
    # incomplete SigV4 signature (no route has an authorizer, so nothing else produces it)
    for unknown in ("MISSING_AUTHENTICATION_TOKEN", "INCOMPLETE_SIGNATURE"):
        assert responses[unknown]["StatusCode"] == "404"
        assert '"error": "not_found"' in responses[unknown]["ResponseTemplates"][
            "application/json"]
    for name in ("MISSING_AUTHENTICATION_TOKEN", "INCOMPLETE_SIGNATURE", "DEFAULT_4XX",
                 "DEFAULT_5XX"):
        body = responses[name]["ResponseTemplates"]["application/json"]
        assert '"error"' in body and '"message"' in body and '"details": null' in body
        assert '"request_id": "$context.requestId"' in body     # as the app's error bodies


def _base_url(template: dict, output: str) -> str:
    """An output's Fn::Sub URL with the API id and region filled in."""
    url = template["Outputs"][output]["Value"]["Fn::Sub"]
    return (url.replace("${RestAPI}", "abc123").replace("${AWS::Region}", "eu-west-1")
            .replace("${AWS::URLSuffix}", "amazonaws.com"))


def test_deployed_urls_carry_exactly_one_v1_prefix(template):
    """API Gateway prefixes every path with the stage name: a stage named ``v1`` under
    app.py's ``/v1`` routes made the real URLs ``.../v1/v1/health``."""
    api = template["Resources"]["RestAPI"]["Properties"]
    stage = api["StageName"]
    assert stage != "v1"
    paths = list(api["DefinitionBody"]["paths"])
    assert paths and all(p.startswith("/v1/") and not p.startswith("/v1/v1") for p in paths)
    endpoint = _base_url(template, "EndpointURL")
    assert endpoint.endswith(f"/{stage}/")
    health = endpoint.rstrip("/") + "/v1/health"
    assert "/v1/health" in paths
    assert health == f"https://abc123.execute-api.eu-west-1.amazonaws.com/{stage}/v1/health"
    assert health.count("/v1") == 1
    base = _base_url(template, "ApiBaseURL")          # what infra/README.md calls $API
    assert base == endpoint.rstrip("/") + "/v1" and (base + "/health").count("/v1") == 1


def test_feed_settle_window_follows_the_stream_mapping(template):
    """The federation feed holds back entries for the projector's maximum record age, so
    the settle window and the mapping must come from the same parameter."""
    resources = template["Resources"]
    (source,) = [e["Properties"] for e in resources["ProjectEvents"]["Properties"]["Events"]
                 .values() if e["Type"] == "DynamoDB"]
    env = template["Globals"]["Function"]["Environment"]["Variables"]
    assert source["MaximumRecordAgeInSeconds"] == {"Ref": "ProjectorMaxRecordAgeSeconds"}
    assert env["PODIUM_PROJECTOR_MAX_RECORD_AGE_SECONDS"] == {
        "Ref": "ProjectorMaxRecordAgeSeconds"}
    assert 60 <= template["Parameters"]["ProjectorMaxRecordAgeSeconds"]["Default"] <= 604800
    stage = json.loads((ROOT / ".chalice" / "config.json").read_text())["stages"]["prod"]
    # a stage value would win over Globals and silently detach the two
    assert "PODIUM_PROJECTOR_MAX_RECORD_AGE_SECONDS" not in stage["environment_variables"]
    assert "PODIUM_REPORT_FEED_SETTLE_SECONDS" not in stage["environment_variables"]


def test_infra_docs_use_the_stage_url():
    readme = (ROOT / "infra" / "README.md").read_text()
    assert 'curl "$ENDPOINT/health"' not in readme
    assert 'curl "$API/health"' in readme
    deploy = (ROOT / "infra" / "deploy.sh").read_text()
    assert "ApiBaseURL" in deploy


def _functions(template: dict) -> dict[str, dict]:
    return {name: r for name, r in template["Resources"].items()
            if r["Type"] == "AWS::Serverless::Function"}


def test_tracing_is_active_with_its_permissions(template):
    resources = template["Resources"]
    functions = _functions(template)
    assert functions and all(f["Properties"]["Tracing"] == "Active" for f in functions.values())
    assert resources["RestAPI"]["Properties"]["TracingEnabled"] is True
    for function in functions.values():
        role = resources[function["Properties"]["Role"]["Fn::GetAtt"][0]]
        actions = {a for s in _statements(role) for a in s["Action"]}
        assert {"xray:PutTraceSegments", "xray:PutTelemetryRecords"} <= actions


def _throttle(template: dict, setting: dict, name: str) -> tuple[int, int]:
    """The setting's rate and burst come from the parameters ``<name>RateLimit`` and
    ``<name>BurstLimit``; their defaults, rate at most burst."""
    assert setting["ThrottlingRateLimit"] == {"Ref": f"{name}RateLimit"}
    assert setting["ThrottlingBurstLimit"] == {"Ref": f"{name}BurstLimit"}
    parameters = template["Parameters"]
    rate = parameters[f"{name}RateLimit"]["Default"]
    burst = parameters[f"{name}BurstLimit"]["Default"]
    assert 1 <= rate <= burst <= parameters[f"{name}BurstLimit"]["MaxValue"]
    return rate, burst


def test_the_stage_throttles_every_route_from_parameters(template):
    setting, _ = template["Resources"]["RestAPI"]["Properties"]["MethodSettings"]
    assert (setting["ResourcePath"], setting["HttpMethod"]) == ("/*", "*")
    _throttle(template, setting, "ApiThrottling")


def test_anonymous_registration_has_a_tighter_throttle_of_its_own(template):
    """The one write anyone may send without a token (issue 15: registration floods)."""
    from chalicelib.api.route_table import ROUTES

    stage, registration = template["Resources"]["RestAPI"]["Properties"]["MethodSettings"]
    path = registration["ResourcePath"][1:].replace("~1", "/")    # "/~1a~1b" is /a/b
    assert any("/v1" + route[0] == path and "POST" in route[1] for route in ROUTES)
    assert path == "/v1/tournaments/{tid}/players" and registration["HttpMethod"] == "POST"
    rate, _ = _throttle(template, registration, "RegistrationThrottling")
    assert rate <= _throttle(template, stage, "ApiThrottling")[0]


def test_every_function_logs_to_its_own_group_with_retention(template):
    resources = template["Resources"]
    groups = set()
    for name, function in _functions(template).items():
        ref = function["Properties"]["LoggingConfig"]["LogGroup"]["Ref"]
        group = resources[ref]
        assert group["Type"] == "AWS::Logs::LogGroup"
        assert group["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}
        assert group["Properties"]["LogGroupName"] == {
            "Fn::Sub": f"/aws/lambda/${{AWS::StackName}}-{name}"}
        groups.add(ref)
    assert len(groups) == len(_functions(template))        # one group per function
    retention = template["Parameters"]["LogRetentionDays"]
    assert retention["Default"] in retention["AllowedValues"]
    for role in ("DefaultRole", "ProjectorRole"):     # writing there, nothing else of logs
        (logs,) = [s for s in _statements(resources[role]) if s["Sid"] == "OwnLogs"]
        assert logs["Action"] == ["logs:CreateLogStream", "logs:PutLogEvents"]
        assert logs["Resource"]["Fn::Sub"].endswith("log-group:/aws/lambda/${AWS::StackName}-*")


def test_the_template_is_made_from_every_file_of_the_app(packaged):
    """tools/template.py packages a copy of the app without its requirements: Chalice's
    zip of that copy holds app.py and every file of chalicelib/ (nothing left behind)."""
    with zipfile.ZipFile(packaged.parent / "deployment.zip") as made:
        zipped = {n for n in made.namelist() if n == "app.py" or n.startswith("chalicelib/")}
    files = {str(p.relative_to(ROOT)) for p in (ROOT / "chalicelib").rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}
    assert zipped == files | {"app.py"}


def test_the_gateway_compresses_from_the_size_the_local_server_uses(template):
    """API Gateway compresses replies from the stage's minimum size (clients that send
    Accept-Encoding); the local server compresses from the same one (tests/devserver/
    test_compression.py)."""
    from devserver.compression import minimum_size
    size = template["Resources"]["RestAPI"]["Properties"]["MinimumCompressionSize"]
    assert size == minimum_size(stage="prod") == 1024
