"""Check-in (stream ``checkin-<tid>``): players present for the event and for each round,
by themselves with a code or a QR code the API draws, or recorded by the staff."""
from .aggregate import CHECKIN
from .commands import CheckIn, CloseCheckIn, OpenCheckIn
from .decide import round_of, scope_of
from .events import CheckInClosed, CheckInOpened, PlayerCheckedIn
from .state import CheckInState

__all__ = ["CHECKIN", "CheckIn", "CheckInClosed", "CheckInOpened", "CheckInState",
           "CloseCheckIn", "OpenCheckIn", "PlayerCheckedIn", "round_of", "scope_of"]
