"""A views file swapped in by one thread (a rebuild's new generation) is what every other
thread of the same process reads next, at once: not after ``RECHECK_SECONDS``, the bound
left for other processes (a read right after a rebuild must not see the old file)."""
from __future__ import annotations

import threading

from chalicelib.store.sqlite_base import SqliteDatabase

SCHEMA = "CREATE TABLE IF NOT EXISTS kv (k TEXT PRIMARY KEY, v TEXT);"


def _value(db: SqliteDatabase) -> str | None:
    row = db.conn().execute("SELECT v FROM kv WHERE k = 'generation'").fetchone()
    return row[0] if row else None


def _built(path: str, value: str) -> str:
    built = SqliteDatabase(path, SCHEMA)
    built.conn().execute("INSERT INTO kv VALUES ('generation', ?)", (value,))
    built.close()                 # checkpointed, no WAL: ready to be swapped in
    return path


def test_other_threads_read_the_swapped_in_file_at_once(tmp_path):
    views = SqliteDatabase(str(tmp_path / "views.db"), SCHEMA, replaceable=True)
    views.conn().execute("INSERT INTO kv VALUES ('generation', 'old')")
    assert _value(views) == "old"                  # this thread's connection is open
    for k, generation in enumerate(("new", "newer")):
        source = _built(str(tmp_path / f"views.db.g{k}"), generation)
        swapper = threading.Thread(
            target=views.swap_in, args=(source, str(tmp_path / "views.db.previous")))
        swapper.start()
        swapper.join()
        assert _value(views) == generation         # at once, within RECHECK_SECONDS


def test_a_thread_that_swapped_nothing_keeps_its_connection(tmp_path):
    views = SqliteDatabase(str(tmp_path / "views.db"), SCHEMA, replaceable=True)
    first = views.conn()
    assert views.conn() is first                   # no swap: no reopen, no stat each read
