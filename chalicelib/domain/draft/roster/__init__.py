"""The roster aggregate of the draft package: commands, state, decide and evolve."""
