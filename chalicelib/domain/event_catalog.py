"""Every aggregate's event classes, imported so that each name is registered before any
stored event is decoded (``events.decode`` imports this module first)."""
from __future__ import annotations

from .accounts import events as accounts  # noqa: F401
from .allegations import events as allegations  # noqa: F401
from .announcements import AnnouncementMade  # noqa: F401
from .calls import events as calls  # noqa: F401
from .checkin import events as checkin  # noqa: F401
from .clock import events as clock  # noqa: F401
from .decks import events as decks  # noqa: F401
from .draft import events as draft  # noqa: F401
from .ffa import events as ffa  # noqa: F401
from .judging import events as judging  # noqa: F401
from .leagues import events as leagues  # noqa: F401
from .ledger import events as ledger  # noqa: F401
from .mixed_draft import events as mixed_draft  # noqa: F401
from .product import events as product  # noqa: F401
from .push import PushSubscribed  # noqa: F401
from .reports import events as reports  # noqa: F401
from .sealed import events as sealed  # noqa: F401
from .swiss import events as swiss  # noqa: F401
from .table_draft import events as table_draft  # noqa: F401
from .tables import events as tables  # noqa: F401
from .tournament import events as tournament  # noqa: F401
from .trade import events as trade  # noqa: F401
from .venue import events as venue  # noqa: F401
from .webhooks import events as webhooks  # noqa: F401
