"""The web desk's files through HTTP (/v1/desk): the page, every file it loads, caching,
refusals of names that are not its files, and a build that matches its sources."""
from __future__ import annotations

import re
import runpy

from tests.support.spec import ROOT


def lower(result):
    return {k.lower(): v for k, v in result.headers.items()}


def test_the_page_and_every_file_it_loads(api):
    page = api.get("/v1/desk")
    h = lower(page)
    assert page.status == 200 and h["content-type"].startswith("text/html")
    assert '="./' not in page.body and h["cache-control"] == "no-cache"
    assert api.get("/v1/desk", headers={"If-None-Match": h["etag"]}).status == 304
    assets = re.findall(r'(?:src|href)="desk/([^"]+)"', page.body)
    assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets)
    for name in assets:
        reply = api.get(f"/v1/desk/{name}")
        kind = "text/javascript" if name.endswith(".js") else "text/css"
        assert reply.status == 200 and lower(reply)["content-type"].startswith(kind), name
        assert "immutable" in lower(reply)["cache-control"]
        assert reply.body == (ROOT / "chalicelib/static/desk" / name).read_text()
    script = next(a for a in assets if a.endswith(".js"))
    assert "/v1/tournaments/{tid}/swiss/rounds" in api.get(f"/v1/desk/{script}").body


def test_names_that_are_not_its_files_are_refused(api):
    for name in ("nope.js", "index.html", "..%2Fwidget.js", "desk.py", "a.exe"):
        reply = api.get(f"/v1/desk/{name}")
        assert reply.status == 404 and reply.body["error"] == "not_found", name


def test_the_committed_build_comes_from_the_committed_sources():
    """scripts/build-desk.sh records the sources' digest; editing desk/ without running
    it (and committing chalicelib/static/desk) fails here."""
    digest = runpy.run_path(str(ROOT / "scripts" / "desk_sources.py"))["digest"]()
    assert (ROOT / "desk" / "build.sha256").read_text().strip() == digest, \
        "run scripts/build-desk.sh and commit chalicelib/static/desk and desk/build.sha256"
