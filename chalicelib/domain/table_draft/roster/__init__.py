"""The roster aggregate of the table_draft package: commands, state, decide and evolve."""
