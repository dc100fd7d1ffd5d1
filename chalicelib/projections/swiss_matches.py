"""The live result of each Swiss match of an open round, from the match's own stream
(``match-<tid>-r3-12``): ``swiss:<tid>:match:R3-12``, one document per match, written
by that stream only. The round's view joins it with the pairing (``swiss.merged``)."""
from __future__ import annotations

from ..domain.swiss.documents import record_of_part, result_part
from ..domain.swiss.events import ResultConfirmed, ResultEntered, ResultReported
from ..domain.swiss.match_result import MatchRecord, recorded
from ..domain.swiss.state import parse_match_id
from .queries.swiss_matches import match_result_id
from .registry import Projection, Stored, ViewTx
from .stream_ids import match_of, tid_of

projection = Projection("swiss-matches", streams=("match",))


@projection.on(ResultReported, ResultConfirmed, ResultEntered)
def _result(stored: Stored[ResultReported | ResultConfirmed | ResultEntered], tx: ViewTx) -> None:
    match_id = match_of(stored.stream_id)
    tid = tid_of(stored.stream_id)
    doc_id = match_result_id(tid, match_id)
    before = tx.get(doc_id)
    record = recorded(record_of_part(before) if before else MatchRecord(), stored.event)
    _, number, table = parse_match_id(match_id)
    tx.put(doc_id, {"match_id": match_id, **result_part(record, True)},
           kind=f"swiss-match:{tid}:{number}", sort=f"{table:06d}")
