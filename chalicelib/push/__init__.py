"""Web Push delivery of the players' private feeds (VAPID keys, the worker, the local
delivery thread). Views: ``projections/push.py``; events: ``domain/push``."""
