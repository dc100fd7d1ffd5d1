"""Decoding a stored event imports its own aggregate's events through a generated index
(``chalicelib/domain/event_index.py``), not the whole catalog: the index must be current,
and a fresh process decodes a name exactly as one that loaded every aggregate."""
from __future__ import annotations

import subprocess
import sys

from tests.support.spec import ROOT


def test_the_event_index_is_current():
    result = subprocess.run([sys.executable, "-m", "tools.build_event_index", "--check"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def _fresh(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout.strip()


def test_decoding_one_event_loads_its_aggregate_only():
    out = _fresh(
        "import sys\n"
        "from chalicelib.domain.events import decode\n"
        "e = decode('AccountCreated', {'account_id': 'a', 'role': 'organizer', "
        "'name': 'S', 'created_at': 't'}, 1, 'account-a')\n"
        "print(type(e).__name__, sorted(m for m in sys.modules "
        "if m.startswith('chalicelib.domain.') and m.count('.') == 2))")
    name, loaded = out.split(" ", 1)
    assert name == "AccountCreated"
    assert "swiss" not in loaded and "tables" not in loaded and "mixed" not in loaded


def test_a_name_claimed_on_some_streams_decodes_fresh_as_after_the_whole_catalog():
    """``PlayerDropped`` on a Swiss stream is a SwissPlayerDropped (``stored_as``), on the
    tournament stream a PlayerDropped: right in a fresh process too."""
    out = _fresh(
        "from chalicelib.domain.events import decode\n"
        "swiss = decode('PlayerDropped', {'player': 'p', 'after_round': 1, 'by': 'o'}, 1, "
        "'swiss-t1')\n"
        "print(type(swiss).__name__)")
    assert out == "SwissPlayerDropped"


def test_the_index_names_each_class_module():
    from chalicelib.domain.event_index import MODULES
    from chalicelib.domain.events import registered
    catalog = {name: cls.__module__ for name, cls in registered().items()}
    assert set(catalog) <= set(MODULES)
    assert all(module in MODULES[name] for name, module in catalog.items())


def test_a_stale_index_falls_back_to_the_whole_catalog():
    """A name the index sends to a module that is gone (or that no longer declares it)
    still decodes to its class: the whole catalog loads."""
    out = _fresh(
        "from chalicelib.domain import event_index\n"
        "from chalicelib.domain.events import decode\n"
        "event_index.MODULES['RoundClosed'] = ('chalicelib.domain.no_such_module',)\n"
        "a = decode('RoundClosed', {'round': 1, 'results': None, 'drop_losses': {}, "
        "'corrected': []}, 1, 'swiss-t1')\n"
        "print(type(a).__name__)")
    assert out == "RoundClosed"
    out = _fresh(
        "from chalicelib.domain import event_index\n"
        "from chalicelib.domain.events import decode\n"
        "event_index.MODULES['AccountCreated'] = ('chalicelib.domain.announcements',)\n"
        "a = decode('AccountCreated', {'account_id': 'a', 'role': 'organizer', "
        "'name': 'S', 'created_at': 't'}, 1, 'account-a')\n"
        "print(type(a).__name__)")
    assert out == "AccountCreated"
