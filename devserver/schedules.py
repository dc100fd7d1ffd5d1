"""What EventBridge does in AWS: call the app's ``@app.schedule`` functions (the draft
timer sweeps, the webhook delivery worker) every minute, each as Lambda would, with a
scheduled event. A failing run is logged and the next minute runs again."""
from __future__ import annotations

import logging
import threading
from datetime import UTC, datetime
from typing import Any

log = logging.getLogger(__name__)
EVERY_SECONDS = 60.0


class Schedules:
    def __init__(self, names: tuple[str, ...], every: float = EVERY_SECONDS):
        self.names = names
        self.every = every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="schedules", daemon=True)
        self.runs = 0

    def start(self) -> Schedules:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def run_once(self) -> None:
        import app
        for name in self.names:
            try:
                getattr(app, name)(_event(name), None)
            except Exception:  # noqa: BLE001 - like a failed invocation: logged, retried
                log.exception("scheduled function %s failed", name)
        self.runs += 1

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.run_once()


def _event(name: str) -> dict[str, Any]:
    return {"version": "0", "id": f"devserver-{name}", "detail-type": "Scheduled Event",
            "source": "aws.events", "account": "000000000000",
            "time": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), "region": "us-east-1",
            "resources": [f"arn:aws:events:us-east-1:000000000000:rule/{name}"], "detail": {}}
