"""bench scale measures DynamoDB item sizes on SQLite with the DynamoDB adapters' own
encoders (a 16,384-player field is too large for moto in-process): for the same event
those sizes are the ones moto is given."""
from __future__ import annotations

import re
import tempfile

from bench import scale


def largest_by_kind(store: str) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as directory:
        if store == "sqlite":
            rt, mock = scale.sqlite_runtime(directory)
            sizes = scale.dynamo_items(rt)
        else:
            rt, mock = scale.moto_runtime()
            sizes = rt.sizes
        try:
            scale.swiss_event(scale.Http(rt), 24, 2)
        finally:
            if mock is not None:
                mock.stop()
    # ids and clocks differ between runs by a few bytes, never by an item kind
    # checkpoints ("views:", a stream id and a number) are not measured on SQLite
    return {re.sub(r"p[0-9a-f]{10}\b", "<pid>", re.sub(r"[to][0-9a-f]{12}", "<id>", label)): size
            for label, (size, _) in sizes.largest.items() if label != "views:"}


def test_sqlite_measures_the_items_moto_is_given():
    on_sqlite, on_moto = largest_by_kind("sqlite"), largest_by_kind("moto")
    assert {k.split(":")[0] for k in on_sqlite} == {"events", "views", "idem"}
    assert set(on_sqlite) == set(on_moto)
    for label, size in on_moto.items():
        assert abs(on_sqlite[label] - size) <= 64, (label, on_sqlite[label], size)
