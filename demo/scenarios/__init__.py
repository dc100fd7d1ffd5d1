"""One module per whole event; each exposes ``run(api) -> Outcome`` (listed in demo/registry.py)."""
