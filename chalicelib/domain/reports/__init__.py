"""Federation reports (V:EKN 9): deadlines, member-id checks, the report document and
its CSV layouts, and the federation's receipt of a report."""
from .assemble import assemble
from .csv_layout import ARCHON_COLUMNS, archon_csv, standings_csv
from .deadline import DUE_DAYS, reporting_status
from .member_ids import is_placeholder
from .receipt import REPORTS, ReceiveReport, ReceiptState

__all__ = ["assemble", "ARCHON_COLUMNS", "archon_csv", "standings_csv", "DUE_DAYS",
           "reporting_status", "is_placeholder", "REPORTS", "ReceiveReport", "ReceiptState"]
