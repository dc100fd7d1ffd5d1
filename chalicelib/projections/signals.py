"""What projection handlers may signal to the reactions run after their commit
(``ViewTx.signal``; ``reactions/registry.py`` names the reaction that answers each)."""
from __future__ import annotations

WEBHOOK_DUE = "webhooks.due"     # a webhook delivery is due: wake the delivery worker
PUSH_DUE = "push.due"            # a Web Push delivery is due: wake the push worker
FEED_WRITTEN = "feeds.written"   # feed entries were written: send them to WebSocket subscribers
