"""The match aggregate of the swiss package: commands, state, decide and evolve."""
