"""The table aggregate of the tables package: commands, state, decide and evolve."""
