"""Web Push (RFC 8030, 8291, 8292): a player's browser or app subscriptions (stream
``push-<tid>-<pid>``: one per player, so players subscribing at once never contend) and
the outcomes of delivering their feed's entries (``pushlog-<tid>``: one event per worker
batch). A subscription the push service answers 404 or 410 is dropped."""
from .aggregate import PUSH_LOG as PUSH_LOG  # noqa: F401
from .aggregate import PUSH_SUBSCRIPTIONS as PUSH_SUBSCRIPTIONS  # noqa: F401
from .commands import Subscribe as Subscribe
from .commands import Unsubscribe as Unsubscribe
from .decide import MAX_SUBSCRIPTIONS as MAX_SUBSCRIPTIONS
from .events import PushBatchAttempted as PushBatchAttempted
from .events import PushSubscribed as PushSubscribed
from .events import PushUnsubscribed as PushUnsubscribed
from .log.commands import RecordBatch as RecordBatch
from .log.decide import MAX_RESULTS as MAX_RESULTS
from .state import Subscriptions as Subscriptions
