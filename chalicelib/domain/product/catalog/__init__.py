"""The catalog aggregate of the product package: commands, state, decide and evolve."""
