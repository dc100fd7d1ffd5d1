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


def test_checkpoints_of_many_streams_at_once(view_store):
    for n in range(1, 131):           # more than one DynamoDB BatchGetItem holds
        assert view_store.commit(f"stream-{n}", 0, n, {}, set())
    wanted = [f"stream-{n}" for n in range(1, 131)] + ["never-projected", "stream-7"]
    assert view_store.checkpoints(wanted) == {
        **{f"stream-{n}": n for n in range(1, 131)}, "never-projected": 0}
    assert view_store.checkpoints([]) == {}


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


def test_a_document_belongs_to_the_stream_that_wrote_it(view_store):
    import pytest

    from chalicelib.store.ports import ViewOwnershipError
    assert view_store.commit("a", 0, 1, {"doc": ViewDoc("doc", "k", "", {"by": "a"})}, set())
    with pytest.raises(ViewOwnershipError):
        view_store.commit("b", 0, 1, {"doc": ViewDoc("doc", "k", "", {"by": "b"})}, set())
    with pytest.raises(ViewOwnershipError):
        view_store.commit("b", 0, 1, {}, {"doc"})
    assert view_store.get("doc") == {"by": "a"} and view_store.checkpoint("b") == 0
    assert view_store.commit("a", 1, 2, {"doc": ViewDoc("doc", "k", "", {"by": "a2"})}, set())
    # shared documents (handlers that converge in any order) may be written by any stream
    assert view_store.commit("a", 2, 3, {"out": ViewDoc("out", "k", "", {"n": 1})}, set(),
                             frozenset({"out"}))
    assert view_store.commit("b", 0, 1, {"out": ViewDoc("out", "k", "", {"n": 2})}, set(),
                             frozenset({"out"}))
    assert view_store.commit("a", 3, 4, {}, {"out"}, frozenset({"out"}))
    assert view_store.get("out") is None and view_store.get("doc") == {"by": "a2"}


def test_sqlite_views_from_before_ownership_are_migrated(tmp_path):
    import sqlite3

    from chalicelib.store.sqlite_views import SqliteViewStore
    path = tmp_path / "old-views.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE views (view_id TEXT PRIMARY KEY, kind TEXT NOT NULL,"
                     " sort TEXT NOT NULL, doc TEXT NOT NULL)")
        conn.execute("INSERT INTO views VALUES ('old', 'k', '', '{\"v\": 1}')")
    store = SqliteViewStore(str(path))
    assert store.get("old") == {"v": 1}
    assert store.commit("s", 0, 1, {"old": ViewDoc("old", "k", "", {"v": 2})}, set())
    assert store.get("old") == {"v": 2}


def test_get_many_returns_the_docs_that_exist(view_store):
    from chalicelib.store.ports import ViewDoc
    puts = {f"v{i}": ViewDoc(f"v{i}", "k", f"{i:04d}", {"i": i}) for i in range(230)}
    assert view_store.commit("s", 0, 1, puts, set(), blind=frozenset(puts))
    found = view_store.get_many([f"v{i}" for i in range(0, 240, 2)] + ["v0"])
    assert found == {f"v{i}": {"i": i} for i in range(0, 230, 2)}
    assert view_store.get_many([]) == {}


def test_a_commit_larger_than_one_transaction(view_store):
    """Hundreds of documents from one event (standings pages recomputed after a
    correction): written whole, or not at all when the checkpoint moved meanwhile."""
    puts = {f"p{i}": ViewDoc(f"p{i}", "k", f"{i:04d}", {"i": i}) for i in range(250)}
    puts["read"] = ViewDoc("read", "k", "zzz", {"counter": 1})
    blind = frozenset(puts) - {"read"}
    assert view_store.commit("s", 0, 5, puts, set(), blind=blind)
    assert view_store.checkpoint("s") == 5 and len(view_store.get_many(list(puts))) == 251
    stale = {v: ViewDoc(v, "k", d.sort, {"stale": True}) for v, d in puts.items()}
    assert not view_store.commit("s", 4, 6, stale, set(), blind=blind)
    assert view_store.checkpoint("s") == 5 and view_store.get("p7") == {"i": 7}


def test_entry_gives_kind_and_sort(view_store):
    assert view_store.commit("s", 0, 1, {"e": ViewDoc("e", "kind-1", "0042", {"x": 1}),
                                         "f": ViewDoc("f", "kind-1", "", {"x": 2})}, set())
    assert view_store.entry("e") == ViewDoc("e", "kind-1", "0042", {"x": 1}, owner="s")
    assert view_store.entry("f") == ViewDoc("f", "kind-1", "", {"x": 2}, owner="s")
    assert view_store.entry("missing") is None


def test_the_schema_the_views_were_built_by(view_store):
    assert view_store.condition(2).startswith("unversioned")
    view_store.mark_schema(2)
    assert view_store.condition(2) is None
    assert view_store.condition(3).startswith("incompatible (built by schema 2")
    assert "schema_version" not in str(view_store.dump())      # bookkeeping is no view
    view_store.clear()
    assert view_store.condition(2).startswith("unversioned")
