"""Check-in (stream ``checkin-<tid>``): players present for the event and for each round,
by themselves with a code or a QR code the API draws, or recorded by the staff."""
from .aggregate import CHECKIN
from .decider import CheckIn, CheckInState, CloseCheckIn, OpenCheckIn, round_of, scope_of
from .events import CheckInClosed, CheckInOpened, PlayerCheckedIn

__all__ = ["CHECKIN", "CheckIn", "CheckInClosed", "CheckInOpened", "CheckInState",
           "CloseCheckIn", "OpenCheckIn", "PlayerCheckedIn", "round_of", "scope_of"]
