"""Where Podium is entered other than by an HTTP route: ``app.py`` declares each entry
point (Chalice needs them there) and calls one function of this package."""
