"""Every blueprint module of the API, each a capability's routes. ``python -m
tools.build_routes`` reads their routes into ``route_table.py``, which ``app.py``
registers without importing them: a module loads on its routes' first request."""
BLUEPRINTS = (
    "chalicelib.api.system",
    "chalicelib.api.accounts",
    "chalicelib.api.tournaments",
    "chalicelib.api.product",
    "chalicelib.api.draft",
    "chalicelib.api.decks",
    "chalicelib.api.table_draft",
    "chalicelib.api.mixed_draft",
    "chalicelib.api.sealed",
    "chalicelib.api.trade",
    "chalicelib.api.tables",
    "chalicelib.api.swiss",
    "chalicelib.api.reports",
    "chalicelib.api.audit",
    "chalicelib.api.webhooks",
    "chalicelib.api.widget",
    "chalicelib.api.judging",
    "chalicelib.api.clock",
    "chalicelib.api.feeds",
    "chalicelib.api.checkin",
    "chalicelib.api.live",
    "chalicelib.api.push",
)
