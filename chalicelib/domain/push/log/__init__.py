"""The push log aggregate of the push package (stream ``pushlog-<tid>``: one event per
worker batch): commands, state, decide and evolve."""
