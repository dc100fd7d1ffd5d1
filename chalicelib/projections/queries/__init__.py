"""The read side of the projections: view ids and readers, apart from the handlers
that write the documents (``chalicelib/projections/<capability>.py``)."""
