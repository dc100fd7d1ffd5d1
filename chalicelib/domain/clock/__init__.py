"""Time extensions (stream ``clock-<tid>``): staff add time to one match or table whose
game a lengthy ruling (V:EKN 2.8) or an in-game break (3.3.3) held up, and the deadlines
that follow from a round's start, the time limit in force and its extensions."""
from .aggregate import CLOCK
from .commands import ExtendTime
from .deadlines import limit_minutes, plus_minutes
from .events import TimeExtended
from .targets import FINAL, match_target, round_key, table_target

__all__ = ["CLOCK", "FINAL", "ExtendTime", "TimeExtended", "limit_minutes", "match_target",
           "plus_minutes", "round_key", "table_target"]
