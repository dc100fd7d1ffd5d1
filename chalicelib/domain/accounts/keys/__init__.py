"""The keys aggregate of the accounts package: commands, state, decide and evolve."""
