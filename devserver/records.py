"""Stream records as Lambda hands them to a function: boto3's ``GetRecords`` output is
turned into the JSON event Lambda builds (binary attributes as base64 text, the creation
time as epoch seconds, the record's ``eventSourceARN``), so the handler sees exactly what
it would see in AWS."""
from __future__ import annotations

import base64
from datetime import datetime
from typing import Any

IMAGES = ("Keys", "NewImage", "OldImage")


def attribute(value: dict[str, Any]) -> dict[str, Any]:
    """One DynamoDB attribute value in Lambda's JSON form."""
    (kind, inner), = value.items()
    if kind == "B":
        return {"B": _b64(inner)}
    if kind == "BS":
        return {"BS": [_b64(v) for v in inner]}
    if kind == "M":
        return {"M": {k: attribute(v) for k, v in inner.items()}}
    if kind == "L":
        return {"L": [attribute(v) for v in inner]}
    return {kind: inner}


def _b64(raw: bytes | str) -> str:
    return raw if isinstance(raw, str) else base64.b64encode(raw).decode("ascii")


def lambda_record(record: dict[str, Any], stream_arn: str) -> dict[str, Any]:
    """A ``GetRecords`` record -> the record of a Lambda DynamoDB Streams event."""
    stream = dict(record["dynamodb"])
    created = stream.get("ApproximateCreationDateTime")
    if isinstance(created, datetime):
        stream["ApproximateCreationDateTime"] = round(created.timestamp(), 3)
    for image in IMAGES:
        if image in stream:
            stream[image] = {k: attribute(v) for k, v in stream[image].items()}
    return {**{k: v for k, v in record.items() if k != "dynamodb"},
            "dynamodb": stream, "eventSourceARN": stream_arn}


def sequence(record: dict[str, Any]) -> str:
    return record["dynamodb"]["SequenceNumber"]


def created_at(record: dict[str, Any]) -> float | None:
    value = record["dynamodb"].get("ApproximateCreationDateTime")
    return None if value is None else float(value)
