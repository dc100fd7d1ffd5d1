from tests.e2e.live import live_server  # noqa: F401  (fixture)
