"""The topics an endpoint can subscribe to and the domain events behind each."""
from __future__ import annotations

TOPICS: dict[str, tuple[str, ...]] = {
    # The seed's commitment (seed_sha256) reaches the organizer's endpoints (a federation's
    # among them) when the tournament is created, before any draw: an anchor outside the
    # server for the verifier's --sha256.
    "tournament.created": ("TournamentCreated",),
    # Swiss top cut: the bracket's first round (TopCutStarted) and each later match as
    # the winner of a feeding match fills one of its two seats (CutAdvanced).
    "round.paired": ("RoundPaired", "TopCutStarted", "CutAdvanced", "TablesRoundSeated",
                     "TablesFinalSeated"),
    "result.reported": ("ResultReported", "ResultConfirmed", "ResultEntered",
                        "ResultCorrected", "TablesTableReported", "TablesFinalReported",
                        "FfaPodReported"),
    "draft.finished": ("DraftFinished", "TableDraftCompleted", "MixedDraftCompleted"),
    "tournament.finished": ("TournamentFinished",),
    # V:EKN 2.6: every warning reported; penalties and the head judge's appeal decisions.
    "penalty.recorded": ("PenaltyGiven", "AppealDecided"),
    # A federation's ledger: an event recorded, corrected or invalidated that moved
    # ratings (the endpoints are the federation's own; empty changes send nothing).
    "ratings.changed": ("LedgerEventRecorded", "LedgerEventInvalidated"),
}

_BY_EVENT = {event: topic for topic, events in TOPICS.items() for event in events}
SOURCE_EVENTS = tuple(_BY_EVENT)


def topic_of(event_type: str) -> str | None:
    return _BY_EVENT.get(event_type)
