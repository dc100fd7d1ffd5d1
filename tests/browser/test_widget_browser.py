"""The store-website widget in headless Chromium: a store page on another origin pastes
the snippet; a result reported through the API appears in the browser."""
from __future__ import annotations

import json
import os
import shutil
import threading
import urllib.request

import pytest

CHROMIUM = os.environ.get("PODIUM_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]

# CI (.ci/run sets PODIUM_REQUIRE_BROWSER=1; CI=true does too) fails instead of skipping.
REQUIRED = os.environ.get("PODIUM_REQUIRE_BROWSER") == "1" \
    or os.environ.get("CI", "").lower() == "true"
try:
    from playwright import sync_api
    MISSING = None
except ImportError:
    sync_api, MISSING = None, "playwright is not installed (pip install playwright)"
if MISSING is None and not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
    MISSING = f"no Chromium at {CHROMIUM} (apt-get install -y chromium)"
if MISSING and not REQUIRED:
    pytest.skip(MISSING, allow_module_level=True)


def test_browser_prerequisites_are_present():
    assert MISSING is None, f"{MISSING}: required by PODIUM_REQUIRE_BROWSER=1 / CI=true"


@pytest.fixture
def server(rt, chalice_app):
    """The app on 127.0.0.1 in a threaded HTTP server (one request inside the app at a
    time: Chalice keeps the current request on the app object)."""
    from chalice.config import Config
    from chalice.local import ChaliceRequestHandler, LocalDevServer, ThreadedHTTPServer
    lock = threading.Lock()

    class Serialized(ChaliceRequestHandler):
        def _generic_handle(self):
            with lock:
                super()._generic_handle()

        def log_message(self, *args):
            pass
    local = LocalDevServer(chalice_app, Config.create(app_name="podium"), "127.0.0.1", 0,
                           handler_cls=Serialized, server_cls=ThreadedHTTPServer)
    thread = threading.Thread(target=local.server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{local.server.server_port}"
    local.shutdown()
    local.server.server_close()


@pytest.fixture
def store_site():
    """Serves a store's page from its own origin."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    servers = []

    def serve(html: str) -> str:
        class Page(BaseHTTPRequestHandler):
            def do_GET(self):
                body = html.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), Page)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        servers.append(httpd)
        return f"http://localhost:{httpd.server_port}/"
    yield serve
    for httpd in servers:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def browser():
    if MISSING:
        pytest.fail(MISSING)
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM if os.path.exists(CHROMIUM)
                                     else shutil.which("chromium"), args=ARGS)
        yield chromium
        chromium.close()


def test_result_reported_through_the_api_appears_in_the_widget(api, server, browser,
                                                               store_site):
    t = api.ready("vtes", "sealed", players=4)
    tid, org = t["tid"], t["organizer"]
    seating = api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org).body
    names = {p["player_id"]: p["name"] for p in t["players"]}
    # A store website on another origin (another port, and "localhost": loopback, so
    # Chromium's private-network rules allow it) pastes the snippet.
    store = ("<!doctype html><html><body><h1>Game store</h1>"
             f'<div data-podium-tournament="{tid}" data-refresh="1"></div>'
             f'<script src="{server}/v1/widget.js" async></script></body></html>')
    store_url = store_site(store)
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(store_url)
    rows = page.locator(".podium-round tr")
    rows.first.wait_for(timeout=10_000)
    table = seating["tables"][0]
    seat_names = page.locator(".podium-round td:nth-child(3)").all_text_contents()
    assert seat_names == [names[p] for p in table]
    clock = page.locator(".podium-clock").text_content()
    assert clock.startswith(("2:00:", "1:59:")), clock
    assert page.locator(".podium-standings").count() == 0    # nothing reported yet

    winner = table[2]
    vp = {p: 0 for p in table}
    vp[winner] = 3
    vp[table[0]] = 1
    r = api.post(f"/v1/tournaments/{tid}/tables/rounds/1/tables/1/result", {"vp": vp},
                 token=org)
    assert r.status == 200
    first = page.locator(".podium-standings tr:nth-child(2) td")
    first.first.wait_for(timeout=10_000)
    assert first.all_text_contents()[:4] == ["1", names[winner], "1", "3"]
    vps = page.locator(".podium-round td:nth-child(4)").all_text_contents()
    assert vps == [str(vp[p]) for p in table]
    assert errors == []
    # The iframe page renders the same widget from the API's own origin.
    frame = browser.new_page()
    frame.goto(f"{server}/v1/widget/{tid}")
    frame.locator(".podium-standings tr:nth-child(2) td").first.wait_for(timeout=10_000)
    assert names[winner] in frame.locator(".podium-standings").text_content()


def test_live_endpoint_over_http_revalidates_with_304(api, server):
    t = api.ready("vtes", "sealed", players=4)
    api.post(f"/v1/tournaments/{t['tid']}/tables/rounds", token=t["organizer"])
    url = f"{server}/v1/tournaments/{t['tid']}/live"
    with urllib.request.urlopen(url, timeout=5) as response:
        etag = response.headers["ETag"]
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        assert json.loads(response.read())["round"]["number"] == 1
    request = urllib.request.Request(url, headers={"If-None-Match": etag,
                                                   "Origin": "http://store.example"})
    with pytest.raises(urllib.error.HTTPError) as not_modified:
        urllib.request.urlopen(request, timeout=5)
    assert not_modified.value.code == 304
