"""The delivery aggregate of the webhooks package: commands, state, decide and evolve."""
