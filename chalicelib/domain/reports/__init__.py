"""Federation reports (V:EKN 9): deadlines, member-id checks, the report document and
its CSV layouts, and the federation's receipt of a report."""
from .aggregate import REPORTS
from .assemble import assemble
from .commands import ReceiveReport
from .csv_layout import ARCHON_COLUMNS, archon_csv, standings_csv
from .deadline import DUE_DAYS, reporting_status
from .member_ids import is_placeholder
from .state import ReceiptState

__all__ = [
           "ARCHON_COLUMNS",
           "DUE_DAYS",
           "REPORTS",
           "ReceiptState",
           "ReceiveReport",
           "archon_csv",
           "assemble",
           "is_placeholder",
           "reporting_status",
           "standings_csv",
]
