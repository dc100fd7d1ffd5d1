"""Benchmarks: ``python -m bench <name>`` runs ``bench/<name>.py``'s ``main()``."""
