"""``podium``: the command-line desk for organizers and judges (``python -m podium_cli``,
``scripts/podium``). It speaks only the public HTTP API described by openapi.yaml."""
