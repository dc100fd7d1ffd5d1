"""Podium: event-sourced tournament API (see README.md for the architecture)."""
