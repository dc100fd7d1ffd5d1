"""Pure tournament rules. Nothing here performs I/O or imports boto3/chalice/sqlite3.

Every aggregate is a *decider*: ``decide(command, state) -> list[Event]`` and
``evolve(state, event) -> state``. ``evolve`` never mutates its input (the service
caches states between requests). All randomness comes from :mod:`.rng`, keyed by a
seed that is recorded in events.
"""
