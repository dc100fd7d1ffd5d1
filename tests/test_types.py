"""The type-check gate: mypy, as mypy.ini configures it (strict on chalicelib/domain and
chalicelib/application, mypy's defaults on the rest of chalicelib), finds no error.

mypy runs in this process through its API, with its incremental cache in the system's
temporary folder, shared by every checkout on the machine (mypy checks each cached module
against its source's hash, so another checkout or branch only re-checks what differs): a
cold run checks all 425 modules (about 16 s of CPU), a warm one what changed (under 1 s)."""
from __future__ import annotations

import configparser
import tempfile
from pathlib import Path

from mypy import api

from tests.support.spec import ROOT

CACHE = Path(tempfile.gettempdir()) / "podium-mypy-cache"
STRICT = ("disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls",
          "disallow_untyped_defs", "disallow_incomplete_defs", "check_untyped_defs",
          "disallow_untyped_decorators", "warn_unused_ignores", "warn_return_any",
          "no_implicit_reexport", "strict_equality", "extra_checks")


def test_chalicelib_has_no_type_error():
    stdout, stderr, status = api.run([
        "--config-file", str(ROOT / "mypy.ini"), "--cache-dir", str(CACHE),
        "--no-error-summary", "--hide-error-context", str(ROOT / "chalicelib")])
    assert status == 0, (stdout[-6000:] + stderr[-2000:]) or f"mypy exited {status}"


def test_the_core_is_checked_strictly():
    """The domain and the use cases keep every flag of ``mypy --strict`` (mypy's own
    ``strict`` is not a per-module option: it would apply to the whole package)."""
    config = configparser.ConfigParser()
    config.read(ROOT / "mypy.ini")
    for section in ("mypy-chalicelib.domain.*", "mypy-chalicelib.application.*"):
        flags = config[section]
        assert {flag: flags.get(flag) for flag in STRICT} == dict.fromkeys(STRICT, "True")
    assert config["mypy"].get("files") == "chalicelib"
