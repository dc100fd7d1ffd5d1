"""What happens after a commit, in the open: each reaction is named and registered in
``registry.py``, and runs from the projector's checkpoints (``projections/projector.py``),
so the same code runs inline after each append locally and from the events table's stream
in AWS. A reaction never runs inside the request that wrote the events it reacts to
unless that request also projects them (inline mode)."""
