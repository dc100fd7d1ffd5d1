"""Product: card sets, booster collation, starters and who receives what.

See :mod:`.cards` for the shared shapes (card, set, pack, pool)."""
