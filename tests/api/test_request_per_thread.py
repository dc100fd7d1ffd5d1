"""The local server handles requests on several threads: each sees its own request (its
headers, its token), never another thread's."""
from __future__ import annotations

import threading

import app as podium


def test_each_thread_sees_its_own_request():
    seen: dict[str, object] = {}
    ready = threading.Barrier(2)

    def handle(name: str) -> None:
        podium.app.current_request = name          # what Chalice.__call__ does
        ready.wait()                               # the other thread has set its own
        seen[name] = podium.app.current_request

    threads = [threading.Thread(target=handle, args=(n,)) for n in ("ann", "bob")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"ann": "ann", "bob": "bob"}
