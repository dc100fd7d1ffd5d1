"""The bearer-token aggregate of the accounts package (stream ``token-<sha256>``):
commands, state, decide and evolve."""
