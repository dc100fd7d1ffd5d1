"""A venue node (``docs/venue.md``): take tournaments over from a deployment, serve them
on the venue's network, push every event upward and give the lease back."""
