"""Use cases: one function per thing a caller can do, between the HTTP routes and the
deciders. Each takes plain arguments, the acting principal and a unit of work, applies
every rule that spans aggregates, and returns a plain result (a JSON-ready document)."""
