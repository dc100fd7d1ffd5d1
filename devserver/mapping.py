"""The projector's event source mapping as deployed: read from ``infra/resources.json``
(the DynamoDB event of the function reading the events table's stream), so the local
poller batches, retries and gives up exactly as the stack is configured to. Each setting
may be overridden for local runs (``--batch-size`` and friends, or the environment)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from chalicelib.store.dynamo_tables import EVENTS_ID, load_template

UNLIMITED = -1


@dataclass(frozen=True)
class MappingSettings:
    batch_size: int = 100
    bisect_on_error: bool = True                # BisectBatchOnFunctionError
    max_retries: int = 10                       # MaximumRetryAttempts (-1: until too old)
    max_record_age_seconds: float = 86400       # MaximumRecordAgeInSeconds (-1: never)
    partial_responses: bool = True              # FunctionResponseTypes: ReportBatchItemFailures
    starting_position: str = "TRIM_HORIZON"
    retry_delay_seconds: float = 0.05           # first retry's pause, doubled per retry
    max_retry_delay_seconds: float = 1.0

    def retry_delay(self, failures: int) -> float:
        return min(self.max_retry_delay_seconds, self.retry_delay_seconds * 2 ** (failures - 1))

    def retries_exhausted(self, failures: int) -> bool:
        return self.max_retries != UNLIMITED and failures > self.max_retries

    def too_old(self, age_seconds: float | None) -> bool:
        return (self.max_record_age_seconds != UNLIMITED and age_seconds is not None
                and age_seconds > self.max_record_age_seconds)


def _value(raw: Any, parameters: Mapping[str, Any], env: Mapping[str, str],
           env_names: Mapping[str, str]) -> Any:
    """A property value, resolving ``{"Ref": parameter}`` to what the stack would pass:
    the functions' environment variable fed by that parameter, else its default."""
    if isinstance(raw, dict) and "Ref" in raw:
        name = raw["Ref"]
        variable = env_names.get(name)
        if variable and env.get(variable):
            return env[variable]
        return parameters.get(name, {}).get("Default")
    return raw


def stream_mapping(template: str | Path | None = None) -> tuple[str, dict[str, Any]]:
    """(function logical id, properties) of the DynamoDB event reading the events table."""
    document = load_template(template)
    for logical, resource in document.get("Resources", {}).items():
        if resource.get("Type") != "AWS::Serverless::Function":
            continue
        for event in resource.get("Properties", {}).get("Events", {}).values():
            props = event.get("Properties", {})
            if event.get("Type") == "DynamoDB" and \
                    props.get("Stream") == {"Fn::GetAtt": [EVENTS_ID, "StreamArn"]}:
                return logical, props
    raise LookupError("no DynamoDB stream mapping on the events table in the template")


def from_template(template: str | Path | None = None,
                  env: Mapping[str, str] | None = None) -> MappingSettings:
    document = load_template(template)
    _, props = stream_mapping(template)
    env = env or {}
    variables = (document.get("Globals", {}).get("Function", {}).get("Environment", {})
                 .get("Variables", {}))
    env_names = {v["Ref"]: k for k, v in variables.items() if isinstance(v, dict) and "Ref" in v}
    parameters = document.get("Parameters", {})

    def get(key: str, default: Any) -> Any:
        value = _value(props.get(key), parameters, env, env_names)
        return default if value is None else value

    base = MappingSettings()
    return MappingSettings(
        batch_size=int(get("BatchSize", base.batch_size)),
        bisect_on_error=bool(get("BisectBatchOnFunctionError", False)),
        max_retries=int(get("MaximumRetryAttempts", UNLIMITED)),
        max_record_age_seconds=float(get("MaximumRecordAgeInSeconds", UNLIMITED)),
        partial_responses="ReportBatchItemFailures" in get("FunctionResponseTypes", []),
        starting_position=str(get("StartingPosition", base.starting_position)))


def with_overrides(settings: MappingSettings, **overrides: Any) -> MappingSettings:
    """Local overrides (None leaves a setting as deployed)."""
    return replace(settings, **{k: v for k, v in overrides.items() if v is not None})
