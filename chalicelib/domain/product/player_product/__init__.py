"""The player_product aggregate of the product package: commands, state, decide and evolve."""
