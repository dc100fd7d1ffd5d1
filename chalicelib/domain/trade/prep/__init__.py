"""The prep aggregate of the trade package: commands, state, decide and evolve."""
