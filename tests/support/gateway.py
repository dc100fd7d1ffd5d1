"""Invoke the app as API Gateway's REST proxy integration does, behind a stage: the event's
``path`` is the routed path, ``requestContext.path`` the full one with the stage in front,
and ``requestContext.requestId`` API Gateway's id (the in-process client and
``chalice local`` send neither)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .spec import check_response, template_for


@dataclass
class GatewayReply:
    status: int
    headers: dict[str, str]
    body: Any


class _Context:
    function_name = "podium-APIHandler"
    aws_request_id = "lambda-request-0001"


def invoke(app, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
           stage: str = "api", request_id: str = "gw-0123456789abcdef",
           source_ip: str = "203.0.113.9") -> GatewayReply:
    template = template_for(path)
    assert template is not None, path
    params = {}
    for tpl, actual in zip(template.split("/"), path.split("/"), strict=True):
        if tpl.startswith("{"):
            params[tpl.strip("{}")] = actual
    event = {
        "resource": template, "path": path, "httpMethod": method,
        "headers": {"content-type": "application/json", **(headers or {})},
        "multiValueQueryStringParameters": None, "pathParameters": params or None,
        "stageVariables": None, "isBase64Encoded": False,
        "body": None if body is None else json.dumps(body),
        "requestContext": {"resourcePath": template, "httpMethod": method, "stage": stage,
                           "path": f"/{stage}{path}", "requestId": request_id,
                           "identity": {"sourceIp": source_ip}},
    }
    raw = app(event, _Context())
    text = raw.get("body") or ""
    parsed = json.loads(text) if text else None
    check_response(method, path, raw["statusCode"], parsed)
    return GatewayReply(raw["statusCode"], raw.get("headers") or {}, parsed)
