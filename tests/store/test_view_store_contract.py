"""What every view store adapter must do."""
from __future__ import annotations

from chalicelib.store.ports import ViewDoc


def test_commit_moves_checkpoint_and_writes_atomically(view_store):
    assert view_store.checkpoint("s") == 0
    assert view_store.commit("s", 0, 2, {"a": ViewDoc("a", "k", "1", {"v": 1})}, set())
    assert view_store.get("a") == {"v": 1} and view_store.checkpoint("s") == 2
    assert not view_store.commit("s", 0, 3, {"a": ViewDoc("a", "k", "1", {"v": 9})}, set())
    assert view_store.get("a") == {"v": 1} and view_store.checkpoint("s") == 2
    assert view_store.commit("s", 2, 3, {}, {"a"})
    assert view_store.get("a") is None


def test_list_by_kind_in_sort_order_with_cursor(view_store):
    puts = {f"v{i}": ViewDoc(f"v{i}", "t", f"2026-0{i}", {"i": i}) for i in (3, 1, 2)}
    puts["other"] = ViewDoc("other", "u", "2026-01", {})
    view_store.commit("s", 0, 1, puts, set())
    assert [v.doc["i"] for v in view_store.list("t")] == [1, 2, 3]
    assert [v.doc["i"] for v in view_store.list("t", after="2026-01", limit=1)] == [2]


def test_large_docs_and_clear(view_store):
    doc = {"rows": [{"player": f"p{i}", "score": i} for i in range(15_000)]}
    view_store.commit("s", 0, 1, {"big": ViewDoc("big", "k", "", doc)}, set())
    assert view_store.get("big") == doc
    view_store.clear()
    assert view_store.get("big") is None and view_store.checkpoint("s") == 0
