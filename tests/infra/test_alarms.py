"""Alarms reach someone: every alarm of the packaged template notifies the SNS topic (when
it fires and when it clears), the topic mails the address given as a parameter (no
subscription when it is empty), and the alarms watch what issue 23 names: projector
errors, its iterator age, dead letters, API 5xx and throttles (API Gateway, Lambda and
DynamoDB)."""
from __future__ import annotations

TOPIC = {"Ref": "AlarmTopic"}


def _alarms(template: dict) -> dict[str, dict]:
    return {name: r["Properties"] for name, r in template["Resources"].items()
            if r["Type"] == "AWS::CloudWatch::Alarm"}


def _watched(alarm: dict) -> set[tuple[str, str]]:
    """(namespace, metric) pairs an alarm reads, plain or through metric math."""
    if "MetricName" in alarm:
        return {(alarm["Namespace"], alarm["MetricName"])}
    return {(m["MetricStat"]["Metric"]["Namespace"], m["MetricStat"]["Metric"]["MetricName"])
            for m in alarm["Metrics"] if "MetricStat" in m}


def test_every_alarm_notifies_the_topic_when_it_fires_and_clears(template):
    alarms = _alarms(template)
    assert len(alarms) >= 7
    for name, alarm in alarms.items():
        assert alarm.get("AlarmActions") == [TOPIC], name
        assert alarm.get("OKActions") == [TOPIC], name
        assert alarm["AlarmDescription"], name
        assert alarm["TreatMissingData"] == "notBreaching", name   # no data: nothing wrong
        if "Metrics" in alarm:                    # metric math: one expression answers
            assert [m["Id"] for m in alarm["Metrics"] if m["ReturnData"]] == ["total"], name


def test_the_topic_mails_the_address_parameter_only_when_one_is_given(template):
    resources = template["Resources"]
    assert resources["AlarmTopic"]["Type"] == "AWS::SNS::Topic"
    parameter = template["Parameters"]["AlarmEmail"]
    assert parameter["Type"] == "String" and parameter["Default"] == ""
    assert template["Conditions"]["HasAlarmEmail"] == {
        "Fn::Not": [{"Fn::Equals": [{"Ref": "AlarmEmail"}, ""]}]}
    subscriptions = {n: r for n, r in resources.items() if r["Type"] == "AWS::SNS::Subscription"}
    assert len(subscriptions) == 1
    (subscription,) = subscriptions.values()
    assert subscription["Condition"] == "HasAlarmEmail"
    assert subscription["Properties"] == {"TopicArn": TOPIC, "Protocol": "email",
                                          "Endpoint": {"Ref": "AlarmEmail"}}
    assert template["Outputs"]["AlarmTopicArn"]["Value"] == TOPIC


def test_the_alarms_watch_the_projector_the_dead_letters_the_api_and_throttles(template):
    watched = set().union(*map(_watched, _alarms(template).values()))
    assert {("AWS/Lambda", "Errors"), ("Podium", "StreamBatchFailures"),
            ("AWS/Lambda", "IteratorAge"), ("AWS/SQS", "ApproximateNumberOfMessagesVisible"),
            ("AWS/ApiGateway", "5XXError"), ("AWS/ApiGateway", "4XXError"),
            ("AWS/Lambda", "Throttles"), ("AWS/DynamoDB", "ReadThrottleEvents"),
            ("AWS/DynamoDB", "WriteThrottleEvents")} <= watched


def test_alarm_dimensions_name_this_stack(template):
    """An alarm on a name that matches nothing never fires: the API's dimension is the
    API's own name, the functions and tables are referenced, the custom metric carries
    the dimension powertools writes (``service``)."""
    from chalicelib.telemetry import metrics

    resources = template["Resources"]
    api_name = resources["RestAPI"]["Properties"]["Name"]
    stage = resources["RestAPI"]["Properties"]["StageName"]
    for name, alarm in _alarms(template).items():
        stats = ([{"Namespace": alarm["Namespace"], "MetricName": alarm["MetricName"],
                   "Dimensions": alarm["Dimensions"]}] if "MetricName" in alarm else
                 [m["MetricStat"]["Metric"] for m in alarm["Metrics"] if "MetricStat" in m])
        for metric in stats:
            dims = {d["Name"]: d["Value"] for d in metric["Dimensions"]}
            if metric["Namespace"] == "AWS/ApiGateway":
                assert dims == {"ApiName": api_name, "Stage": stage}, name
            elif metric["Namespace"] == "AWS/Lambda":
                assert resources[dims["FunctionName"]["Ref"]]["Type"] == \
                    "AWS::Serverless::Function", name
            elif metric["Namespace"] == "AWS/DynamoDB":
                assert resources[dims["TableName"]["Ref"]]["Type"] == "AWS::DynamoDB::Table"
            elif metric["Namespace"] == "Podium":
                assert metrics.NAMESPACE == "Podium"
                assert dims == {"service": metrics._metrics.service}, name
