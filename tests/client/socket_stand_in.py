"""A stand-in for the deployed WebSocket API (openapi.yaml ``x-websocket``) in front of a
local server, for the TypeScript client's subscription test: the local server has no
WebSocket API (it serves the feeds by SSE; the deployed handlers are tested on moto in
tests/live), so this speaks the same messages, each checked against the spec's schemas,
reading the local server's catch-up route with the subscriber's token. It drops every
connection after every ``drop_every`` ``entries`` messages, as a phone's network does, so the
client must resume on its own. Built on the ``websockets`` library."""
from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import quote

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from tests.live.sockets_support import check


class SocketStandIn:
    def __init__(self, base_url: str, drop_every: int = 1, poll_seconds: float = 0.1):
        self.base_url, self.drop_every, self.poll = base_url, drop_every, poll_seconds
        self.connections = 0
        self.drops = 0
        self.url = ""
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Future | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> SocketStandIn:
        self._thread.start()
        assert self._ready.wait(10)
        return self

    def __exit__(self, *exc: Any) -> None:
        self._loop.call_soon_threadsafe(self._stop.set_result, None)
        self._thread.join(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._serve())

    async def _serve(self) -> None:
        self._stop = self._loop.create_future()
        async with serve(self._handle, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            self.url = f"ws://127.0.0.1:{port}"
            self._ready.set()
            await self._stop

    def _read(self, request: dict[str, Any], after: str | None) -> tuple[int, Any]:
        path = f"/v1/tournaments/{request['tournament_id']}" + (
            f"/players/{request['player_id']}" if request.get("player_id") else "") + \
            "/feed?limit=200" + (f"&after={quote(after)}" if after else "")
        headers = {"Authorization": f"Bearer {request['token']}"} if request.get("token") \
            else {}
        try:
            with urllib.request.urlopen(urllib.request.Request(
                    self.base_url + path, headers=headers), timeout=10) as reply:  # noqa: S310 - loopback
                return reply.status, json.loads(reply.read())
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read())

    async def _handle(self, socket) -> None:
        self.connections += 1
        try:
            await self._follow(socket)
        except (ConnectionClosed, urllib.error.URLError):
            return                              # the client left, or the server stopped

    async def _follow(self, socket) -> None:
        request = json.loads(await socket.recv())
        assert request["action"] == "subscribe", request
        tid, pid = request["tournament_id"], request.get("player_id")
        after, sent, subscribed = request.get("after"), 0, False

        async def send(message: dict[str, Any]) -> None:
            await socket.send(json.dumps(check(message)))
        while True:
            status, page = await asyncio.to_thread(self._read, request, after)
            if status != 200:
                await send({"type": "error", "error": page["error"],
                            "message": page["message"], "details": page.get("details")})
                return
            if page["entries"]:
                await send({"type": "entries", "tournament_id": tid, "player_id": pid,
                            "after": after, "position": page["position"],
                            "entries": page["entries"]})
                sent += 1
                if self.drop_every and sent % self.drop_every == 0:
                    self.drops += 1
                    return                      # the network drops: the client resumes
            after = page["position"] or after
            if not subscribed and not page["more"]:
                subscribed = True
                await send({"type": "subscribed", "tournament_id": tid, "player_id": pid,
                            "position": after})
            if not page["more"]:
                await asyncio.sleep(self.poll)
