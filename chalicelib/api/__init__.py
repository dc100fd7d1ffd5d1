"""HTTP blueprints: parse, authorise, call the service, shape the response."""
